import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Specs run one after the other in file-name order (02 changes the admin's initial password). */
class ByNameSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    // In CI a failed test runs once more, so the report says whether the failure repeats; either
    // way support/run-report.ts fails the run when any test needed a retry (a flake is a defect too).
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 120_000,
    // expect.poll waits on a state the page reaches after a server round trip; vitest's 1 s default
    // was shorter than one such trip on a busy 2-core CI machine (61's clearing, stop 32).
    expect: { poll: { timeout: 10_000 } },
    sequence: { sequencer: ByNameSequencer },
    reporters: ['default', './support/run-report.ts'],
  },
});

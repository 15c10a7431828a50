import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Specs run one after the other in file-name order within their lane (02 changes the admin's initial password). */
class ByNameSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

/**
 * The specs are dealt in name order into two lanes that run side by side, each on its own server
 * and data folder (global-setup.ts, per project) and in the run's one Chromium: a spec shares its
 * server only with the specs before it in its lane, as with one lane. A spec waits mostly on the
 * page and the server, so two lanes use the second core that one leaves idle.
 */
const LANES = 2;
const specs = readdirSync(new URL('./specs', import.meta.url))
  .filter((name) => name.endsWith('.spec.ts'))
  .sort((a, b) => a.localeCompare(b));
const lane = (n: number) => specs.filter((_, index) => index % LANES === n).map((name) => `specs/${name}`);

export default defineConfig({
  test: {
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
    projects: Array.from({ length: LANES }, (_, n) => ({
      extends: true as const,
      test: { name: `lane-${n + 1}`, include: lane(n) },
    })),
  },
});

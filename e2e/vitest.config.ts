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
    // In CI a failed test runs once more, and the report says so ("retry x1"): a browser step that
    // missed its moment on a loaded machine should not sink the run, while a real defect fails twice.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 120_000,
    sequence: { sequencer: ByNameSequencer },
    reporters: ['default'],
  },
});

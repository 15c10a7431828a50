import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Says at the end of a run where the time went (the ten slowest spec files, set-up included) and
 * which tests needed a retry. A retry fails the run even when the second attempt passed: CI keeps
 * `retry: 1` so that the report shows whether a failure repeats, but a flake must be seen and
 * fixed, not hidden behind a green line.
 */
export default class RunReport implements Reporter {
  private readonly retried: string[] = [];
  private readonly files: { file: string; seconds: number }[] = [];

  onTestCaseResult(test: TestCase): void {
    const { retryCount } = test.diagnostic() ?? { retryCount: 0 };
    if (retryCount > 0)
      this.retried.push(
        `${relative(process.cwd(), test.module.moduleId)} › ${test.fullName} (${test.result().state} after ${retryCount} retr${retryCount === 1 ? 'y' : 'ies'})`,
      );
  }

  onTestModuleEnd(module: TestModule): void {
    const diagnostic = module.diagnostic();
    // The file's own time: collecting, its hooks (servers and browsers started there) and its tests.
    const ms = diagnostic.duration + diagnostic.collectDuration + diagnostic.setupDuration;
    this.files.push({ file: relative(process.cwd(), module.moduleId), seconds: ms / 1000 });
  }

  onTestRunEnd(): void {
    const slowest = [...this.files].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
    if (slowest.length > 1) {
      console.log('\nslowest spec files:');
      for (const { file, seconds } of slowest) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
    }
    if (this.retried.length === 0) return;
    console.log(`\n${this.retried.length} test(s) needed a retry, so the run fails:`);
    for (const line of this.retried) console.log(`  ${line}`);
    process.exitCode = 1;
  }
}

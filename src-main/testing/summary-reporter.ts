/**
 * Ends a Vitest run with one plain line, "N passed, N failed, N skipped", that any CI can read —
 * and, when there were any, the test files that could not run (an error while loading, a crashed
 * worker) and the errors raised outside any test, which fail the run without failing a test.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const count = (state: 'passed' | 'failed' | 'skipped') =>
      testModules.reduce((sum, module) => sum + [...module.children.allTests(state)].length, 0);
    const broken = testModules.filter((module) => module.errors().length > 0).length;
    const extras = [
      broken > 0 ? `${broken} test ${broken === 1 ? 'file' : 'files'} could not run` : '',
      unhandledErrors.length > 0
        ? `${unhandledErrors.length} ${unhandledErrors.length === 1 ? 'error' : 'errors'} outside tests`
        : '',
    ].filter((extra) => extra !== '');
    console.log(
      `\n${[`${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`, ...extras].join(', ')}`,
    );
  }
}

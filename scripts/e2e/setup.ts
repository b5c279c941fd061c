// Every browser test file: a failed test's error carries what its open pages showed (harness.ts), in the summary
// at the end of the run, the part of CI's log that is always kept. Pages opened in beforeAll are reported too.
import { afterEach } from 'vitest';
import { openPagesReport } from './harness.ts';

afterEach(async ({ task }) => {
  const error = task.result?.state === 'fail' ? task.result.errors?.[0] : undefined;
  if (error) error.message += `\n${await openPagesReport()}`;
});

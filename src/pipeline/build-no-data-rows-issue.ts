/**
 * A file whose header row was found but that holds no data row under it: the run checks and sends
 * nothing. Said as an error (exit 2, as for an empty file) so that a job run by cron notices an
 * export that failed upstream instead of passing it as "0 rows, 0 errors".
 */
import { createIssue, type Issue } from '../core/issue.js';
import type { SourceInfo } from '../sources/types.js';

/** The issue for a file with a header row and no data rows, naming the file, its sheet and the header row. */
export function buildNoDataRowsIssue(info: SourceInfo): Issue {
  return createIssue({
    stage: 'read',
    code: 'no_data_rows',
    severity: 'error',
    file: info.file,
    ...(info.sheet !== undefined ? { sheet: info.sheet } : {}),
    // A table read without a header row (`headerRow: none`) has no header row to name.
    data: info.headerRow === 0 ? { variant: 'headerless' } : { headerRow: info.headerRow },
  });
}

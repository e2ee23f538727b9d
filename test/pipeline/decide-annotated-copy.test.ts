import { describe, expect, it } from 'vitest';
import { decideAnnotatedCopy, type AnnotatedCopyFacts } from '../../src/pipeline/finish-run.js';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import { makeIssue, makeParts } from '../report/report-builders.js';

const validRow = (row: number): RowOutcome => ({ row, status: 'valid', productKey: 'P1', issues: [] });

/** What finishRun hands `decideAnnotatedCopy` for these rows and issues (as the summary counts them). */
function dryRun(outcomes: RowOutcome[], issues = makeParts().issues ?? []): AnnotatedCopyFacts {
  const { counts } = buildRunSummary(makeParts({ command: 'validate', outcomes, issues: [...issues] }));
  return { rows: counts.rows, valid: counts.byStatus.valid ?? 0, hasIssues: counts.issuesBySeverity.error + counts.issuesBySeverity.warning > 0 };
}

describe('decideAnnotatedCopy', () => {
  const clean = dryRun([validRow(2), validRow(3)], []);

  it('skips the copy of a clean dry run under auto only', () => {
    expect(decideAnnotatedCopy('validate', 'auto', clean, false)).toBe(false);
    expect(decideAnnotatedCopy('validate', 'always', clean, false)).toBe(true);
  });

  it('writes it for an import and for an interrupted dry run', () => {
    expect(decideAnnotatedCopy('import', 'auto', clean, false)).toBe(true);
    expect(decideAnnotatedCopy('validate', 'auto', clean, true)).toBe(true);
  });

  it('writes it when a row has only a warning, or the file has an issue of its own', () => {
    const warned: RowOutcome = { ...validRow(3), issues: [makeIssue({ code: 'kazakh_text_missing', message: 'x', severity: 'warning', row: 3 })] };
    expect(decideAnnotatedCopy('validate', 'auto', dryRun([validRow(2), warned], []), false)).toBe(true);
    const fileIssue = makeIssue({ code: 'unmapped_column', message: 'x', severity: 'warning' });
    expect(decideAnnotatedCopy('validate', 'auto', dryRun([validRow(2)], [fileIssue]), false)).toBe(true);
  });

  it('writes it when a row is not valid', () => {
    expect(decideAnnotatedCopy('validate', 'auto', dryRun([validRow(2), { row: 3, status: 'not_sent', issues: [] }], []), false)).toBe(true);
  });
});

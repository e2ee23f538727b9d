import { describe, expect, it } from 'vitest';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import { renderSummary } from '../../src/report/render-summary.js';
import { makeIssue, makeParts } from './report-builders.js';
import { createTranslator } from '../../src/i18n/create-translator.js';

const en = createTranslator('en');

describe('a summary that lists examples of its issues (issues.ndjson holds them all)', () => {
  it('counts every issue, shows the examples, and names the full list', () => {
    const examples = [2, 3].map((row) => makeIssue({ code: 'invalid_price', message: 'bad price', row, column: 'D' }));
    const summary = buildRunSummary({
      ...makeParts(),
      issueDigest: {
        file: 'issues.ndjson',
        digest: {
          total: 5000,
          bySeverity: { error: 5000, warning: 0 },
          byCode: { invalid_price: 5000 },
          bySeverityAndCode: { error: { invalid_price: 5000 }, warning: {} },
          byCodeAndColumn: { invalid_price: { D: 1200, F: 3800 } },
          examples,
          examplesPerCode: 2,
          complete: false,
        },
      },
    });
    expect(summary.counts.issuesBySeverity).toEqual({ error: 5000, warning: 0 });
    expect(summary.counts.issuesByCode).toEqual({ invalid_price: 5000 });
    expect(summary.issues).toEqual(examples);
    expect(summary.issueList).toEqual({
      file: 'issues.ndjson',
      complete: false,
      examplesPerCode: 2,
      bySeverityAndCode: { error: { invalid_price: 5000 }, warning: {} },
      byCodeAndColumn: { invalid_price: { D: 1200, F: 3800 } },
    });
    const text = renderSummary(summary, { color: false, translator: en, reportDir: '/r' });
    // The columns are counted over the full list, not the two examples (both of column D).
    expect(text).toContain('invalid_price ×5000\n    by column: column F ×3800, column D ×1200');
    expect(text).toContain('… and 4,998 more');
    expect(text).toContain('Every issue, one JSON a line: issues.ndjson (summary.json lists the first 2 of each code)');
  });
});

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

  it('lists the codes by their counts of every issue, root causes first and a follow-on last whatever its count', () => {
    // Two examples of each code kept: the examples alone would rank the codes by name.
    const codes = { duplicate_sku_key: 370, invalid_price: 3490, product_has_invalid_rows: 8725, required_field_missing: 717 };
    const examples = Object.keys(codes).flatMap((code) => [2, 3].map((row) => makeIssue({ code, message: code, row, column: 'D' })));
    const summary = buildRunSummary({
      ...makeParts(),
      issueDigest: {
        file: 'issues.ndjson',
        digest: {
          total: 13302,
          bySeverity: { error: 13302, warning: 0 },
          byCode: codes,
          bySeverityAndCode: { error: codes, warning: {} },
          byCodeAndColumn: Object.fromEntries(Object.entries(codes).map(([code, n]) => [code, { D: n }])),
          examples,
          examplesPerCode: 2,
          complete: false,
        },
      },
    });
    const text = renderSummary(summary, { color: false, translator: en, reportDir: '/r' });
    const order = [...text.matchAll(/^ {2}(\w+) ×(\d+)$/gm)].map((match) => `${match[1]} ×${match[2]}`);
    expect(order).toEqual(['invalid_price ×3490', 'required_field_missing ×717', 'duplicate_sku_key ×370', 'product_has_invalid_rows ×8725']);
  });
});

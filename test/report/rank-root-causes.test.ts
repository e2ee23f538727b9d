import { describe, expect, it } from 'vitest';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import { CAUSE_ROWS_KEPT, createCauseTally, rankRootCauses, tallySummaryCauses } from '../../src/report/rank-root-causes.js';
import { makeIssue, makeParts } from './report-builders.js';

const price = (row: number) => makeIssue({ code: 'invalid_price', message: 'price must be a positive number', row, column: 'T', header: 'Цена', value: 'договорная' });
const heldBack = (row: number) => makeIssue({ code: 'product_has_invalid_rows', stage: 'build', message: 'product "P" is held back: row 2 of it has errors (invalid_price)', row, productKey: 'P' });
const kazakh = (row: number) => makeIssue({ code: 'kazakh_text_missing', severity: 'warning', message: 'the Kazakh name is empty', row, column: 'E', header: 'Атауы (каз)' });
const brand = (row: number) => makeIssue({ code: 'unknown_brand', message: 'brand "Tefall" is not in the directory', row, column: 'I', header: 'Бренд', value: 'Tefall' });

describe('rankRootCauses', () => {
  it('puts root causes first (errors, then warnings, most issues first) and follow-ons last, whatever their counts', () => {
    const tally = createCauseTally();
    for (const issue of [price(2), heldBack(3), heldBack(4), heldBack(5), kazakh(6), kazakh(7), kazakh(8), brand(9), price(10), heldBack(11)]) tally.add(issue);
    const ranked = rankRootCauses(tally.groups());
    expect(ranked.map((cause) => [cause.code, cause.column, cause.count, cause.followOn])).toEqual([
      ['invalid_price', 'T', 2, false],
      ['unknown_brand', 'I', 1, false],
      ['kazakh_text_missing', 'E', 3, false],
      ['product_has_invalid_rows', undefined, 4, true],
    ]);
    expect(ranked[0]).toMatchObject({ firstRow: 2, rows: [2, 10], header: 'Цена', severity: 'error' });
    expect(ranked[0]?.first.value).toBe('договорная');
  });

  it('groups by code and column, keeps a bounded list of rows and counts the rest', () => {
    const tally = createCauseTally();
    for (let row = 2; row < 2 + CAUSE_ROWS_KEPT + 5; row++) tally.add(price(row));
    tally.add(makeIssue({ code: 'invalid_price', message: 'price must be a positive number', row: 99, column: 'U' }));
    const [first, second] = rankRootCauses(tally.groups());
    expect(first).toMatchObject({ column: 'T', count: CAUSE_ROWS_KEPT + 5 });
    expect(first?.rows).toHaveLength(CAUSE_ROWS_KEPT);
    expect(second).toMatchObject({ column: 'U', count: 1, rows: [99] });
  });

  it('keeps the issue as given and puts a header found elsewhere on its group, for an issue that names none', () => {
    const tally = createCauseTally();
    const bare = makeIssue({ code: 'invalid_price', message: 'price must be a positive number', row: 4, column: 'T' });
    tally.add(bare, 4, 'Цена');
    tally.add({ ...bare, row: 5 }, 5, 'Другое');
    const [group] = tally.groups();
    expect(group?.first).toBe(bare);
    expect(group).toMatchObject({ header: 'Цена', count: 2, rows: [4, 5] });
  });

  it('takes the row an issue was listed on when the issue names none, and makes a group an error if any issue of it is one', () => {
    const tally = createCauseTally();
    tally.add(makeIssue({ code: 'kazakh_text_missing', severity: 'warning', message: 'empty', column: 'E' }), 7);
    tally.add(makeIssue({ code: 'kazakh_text_missing', severity: 'error', message: 'empty', column: 'E' }), 8);
    expect(rankRootCauses(tally.groups())).toMatchObject([{ firstRow: 7, rows: [7, 8], severity: 'error', count: 2 }]);
  });
});

describe('tallySummaryCauses', () => {
  it('builds the groups from summary.json: counts of every issue, examples and rows of those kept', () => {
    const summary = buildRunSummary(makeParts());
    const groups = rankRootCauses(tallySummaryCauses(summary));
    expect(groups.map((group) => [group.code, group.column, group.count, group.firstRow])).toEqual([
      ['price_not_positive', 'C', 1, 6],
      ['unknown_brand', 'D', 1, 6],
      ['service_rejected', undefined, 1, 8],
      ['hidden_sheet_skipped', undefined, 1, undefined],
    ]);
    expect(groups[1]?.header).toBe('Бренд');
  });

  it('counts a group whose examples were cut from the full counts, and keeps it an error', () => {
    const summary = buildRunSummary(makeParts());
    const cut = {
      ...summary,
      issues: summary.issues.filter((issue) => issue.code !== 'unknown_brand'),
      issueList: { file: 'issues.ndjson', complete: false, examplesPerCode: 1, bySeverityAndCode: { error: { unknown_brand: 250 }, warning: {} }, byCodeAndColumn: { unknown_brand: { D: 250 } } },
    };
    expect(tallySummaryCauses(cut)).toMatchObject([{ code: 'unknown_brand', column: 'D', count: 250, severity: 'error', rows: [], firstRow: undefined }]);
  });
});

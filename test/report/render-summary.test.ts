import { describe, expect, it } from 'vitest';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import { renderIssueText } from '../../src/report/render-issue-text.js';
import { renderSummary } from '../../src/report/render-summary.js';
import { createTranslator } from '../../src/i18n/create-translator.js';
import { makeIssue, makeParts } from './report-builders.js';

const en = createTranslator('en');

describe('renderSummary', () => {
  it('groups issues by code with examples, then statuses, jobs and the report folder', () => {
    const summary = buildRunSummary(makeParts());
    expect(renderSummary(summary, { color: false, translator: en, reportDir: 'reports/20260101-120000-abcd' })).toMatchInlineSnapshot(`
      "catalog-import import: товары.xlsx › Лист1 — 5 rows, 3 products, 3 errors, 1 warning

      Errors by code
        price_not_positive ×1
          row 6 › column C (Цена): price must be a positive number (value "-5")
        service_rejected ×1
          row 8: the service rejected the product: Неверная категория
        unknown_brand ×1
          row 6 › column D (Бренд): brand is not in the directory (value "Samsnug")
          hint: did you mean: Samsung?

      Warnings by code
        hidden_sheet_skipped ×1
          hidden sheet skipped

      Rows by status
        invalid (not sent)       1
        rejected by the service  1
        not sent                 1
        accepted                 2

      Products by status
        invalid (not sent)       1
        rejected by the service  1
        accepted                 1

      Import jobs: 2 (2 done)

      Report: reports/20260101-120000-abcd"
    `);
  });

  it('shows the first maxExamples examples and how many more, most frequent code first', () => {
    const issues = [2, 3, 4, 5].map((row) => makeIssue({ code: 'required_field_missing', message: 'value is required', row, column: 'B', header: 'Название' }));
    const summary = buildRunSummary(makeParts({ outcomes: [], issues: [...issues, makeIssue({ code: 'unknown_brand', message: 'x', row: 9 })] }));
    const text = renderSummary(summary, { color: false, translator: en, maxExamples: 2 });
    expect(text).toContain('required_field_missing ×4\n    row 2 › column B (Название): value is required\n    row 3 › column B (Название): value is required\n    … and 2 more\n  unknown_brand ×1');
  });

  it('says which columns and messages a code is about, shows an example of each busiest column first, and every hint', () => {
    const category = [2, 3].map((row) => makeIssue({ code: 'required_field_missing', message: 'category is empty', row, column: 'C', header: 'Категория' }));
    const description = [4, 5, 6, 7, 8].map((row) => makeIssue({ code: 'required_field_missing', message: 'description is empty', row, column: 'E', header: 'Описание', hint: 'map columns.description or set blank: skip' }));
    const summary = buildRunSummary(makeParts({ outcomes: [], issues: [...category, ...description] }));
    const text = renderSummary(summary, { color: false, translator: en, maxExamples: 2 });
    expect(text).toContain(
      'required_field_missing ×7\n    by column: column E (Описание) ×5, column C (Категория) ×2\n    messages: ×5 "description is empty", ×2 "category is empty"\n    row 4 › column E (Описание): description is empty\n    row 2 › column C (Категория): category is empty\n    … and 5 more\n    hint: map columns.description or set blank: skip',
    );
  });

  it('colours only when asked', () => {
    const summary = buildRunSummary(makeParts());
    expect(renderSummary(summary, { color: false, translator: en })).not.toContain('\u001B[');
    expect(renderSummary(summary, { color: true, translator: en })).toContain('\u001B[31mprice_not_positive\u001B[39m');
  });
});

describe('issue text', () => {
  const en = createTranslator('en');
  const issue = makeIssue({ code: 'price_not_positive', message: 'price must be a positive number', file: 'a.xlsx', row: 4, column: 'C', header: 'Цена', value: '-5', hint: 'use a number above 0' });

  it('renderIssueText drops file, sheet and row but keeps the column', () => {
    expect(renderIssueText(issue, en)).toBe('column C (Цена): price must be a positive number (value "-5"); use a number above 0');
    expect(renderIssueText(issue, en, { column: false })).toBe('price must be a positive number (value "-5"); use a number above 0');
    expect(renderIssueText({ ...issue, severity: 'warning' }, en, { column: false })).toBe('warning: price must be a positive number (value "-5"); use a number above 0');
  });
  it('says a clean run has no annotated copy, but not when the file did not allow one (its warning says why)', () => {
    const clean = buildRunSummary(makeParts({ outcomes: [] }));
    expect(renderSummary(clean, { color: false, translator: en, annotatedSkipped: true })).toContain('No annotated copy: every row is clean');
    const failed = makeIssue({ code: 'annotation_copy_failed', severity: 'warning', message: 'the annotated copy of this file could not be written', file: 'seller.xlsx' });
    const refused = buildRunSummary(makeParts({ outcomes: [], issues: [failed] }));
    const text = renderSummary(refused, { color: false, translator: en, annotatedSkipped: true });
    expect(text).not.toContain('every row is clean');
    expect(text).toContain('annotation_copy_failed');
  });
});

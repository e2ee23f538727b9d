import { describe, expect, it } from 'vitest';
import { createIssue, formatIssue, formatIssueLine, formatLocation } from '../../src/core/issue.js';
import { createTranslator } from '../../src/i18n/create-translator.js';
import { renderIssueText } from '../../src/report/render-issue-text.js';

const en = createTranslator('en');
const ru = createTranslator('ru');

describe('issue text', () => {
  it('renders the full line and the shorter text written next to the row', () => {
    const issue = createIssue({ code: 'invalid_price', severity: 'error', stage: 'validate', message: 'the price must be a positive number', file: 'a.xlsx', sheet: 'Лист', row: 3, column: 'C', header: 'Цена', value: '-5', hint: 'type a number' });
    expect(formatIssue(issue)).toBe('error invalid_price: a.xlsx › sheet "Лист" › row 3 › column C (Цена): the price must be a positive number (value "-5"); type a number');
    expect(formatIssueLine(issue, en)).toBe('error invalid_price: a.xlsx › sheet "Лист" › row 3 › column C (Цена): the price must be a positive number (value "-5"); type a number');
    expect(renderIssueText(issue, en)).toBe('column C (Цена): the price must be a positive number (value "-5"); type a number');
    expect(renderIssueText(issue, en, { column: false })).toBe('the price must be a positive number (value "-5"); type a number');
  });

  it('keeps the rare locations as they were: an empty file name, a header without a column, a path', () => {
    expect(formatLocation({ file: '', row: 2 }, en)).toBe(' › row 2');
    expect(formatLocation({ header: 'Цена', path: 'columns.price' }, en)).toBe('column "Цена" › columns.price');
    const warning = createIssue({ code: 'mapped_column_missing', severity: 'warning', stage: 'mapping', message: 'no column "НДС"', header: 'НДС', path: 'columns.vat', value: 'НДС' });
    expect(renderIssueText(warning, en)).toBe('warning: column "НДС" › columns.vat: no column "НДС"');
    expect(renderIssueText(warning, en, { column: false })).toBe('warning: columns.vat: no column "НДС"');
    const long = createIssue({ code: 'c', severity: 'error', stage: 'validate', message: 'm', column: 'B', path: 'p', value: 'x'.repeat(100) });
    expect(renderIssueText(long, en)).toBe(`column B: m (value "${'x'.repeat(79)}…")`);
  });

  it('writes the location words, the severity and the value in the language of the translator', () => {
    const issue = createIssue({ code: 'invalid_price', severity: 'warning', stage: 'validate', message: 'm', file: 'a.xlsx', sheet: 'Лист', row: 1234, column: 'C', header: 'Цена', value: '-5' });
    expect(formatIssueLine(issue, ru)).toBe('предупреждение invalid_price: a.xlsx › лист «Лист» › строка 1234 › столбец C (Цена): m (значение «-5»)');
    expect(renderIssueText(issue, ru)).toBe('предупреждение: столбец C (Цена): m (значение «-5»)');
    expect(formatLocation({ header: 'Цена' }, createTranslator('kk'))).toBe('«Цена» бағаны');
  });
});

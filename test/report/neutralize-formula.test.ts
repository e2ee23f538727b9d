import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCsvRecord } from './report-builders.js';
import { neutralizeFormula } from '../../src/report/neutralize-formula.js';

describe('neutralizeFormula', () => {
  it.each([
    ['=HYPERLINK("http://x","click")', `'=HYPERLINK("http://x","click")`],
    ['+7 701 123 45 67', `'+7 701 123 45 67`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['-2+3+cmd|\' /C calc\'!A0', `'-2+3+cmd|' /C calc'!A0`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['＝1+1', `'＝1+1`],
    ['-', `'-`],
    ['+5', `'+5`],
  ])('prefixes %j', (input, expected) => {
    expect(neutralizeFormula(input)).toBe(expected);
  });

  it.each(['', 'Футболка белая', '-5', '-12.50', '-12,50', '1990', ' =1', "'=already", 'a=b', '\t', '\t  ', '\r\n', '\t\r'])('keeps %j', (input) => {
    expect(neutralizeFormula(input)).toBe(input);
  });

  it('never leaves a trigger first except for plain negative numbers, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const safe = neutralizeFormula(text);
        expect(neutralizeFormula(safe)).toBe(safe);
        if (/^-\d+(?:[.,]\d+)?$/.test(safe) || /^\s+$/.test(safe)) return;
        expect(safe).not.toMatch(/^[=+\-@\t\r＝＋－＠]/);
      }),
    );
  });
});

describe('formatCsvRecord', () => {
  it('neutralises, then quotes only what needs quoting', () => {
    expect(formatCsvRecord(['a', 'b;c', 'say "hi"', 'two\nlines', ' padded', '=1+1', '-5', 'Цена'], ';')).toBe(
      `a;"b;c";"say ""hi""";"two\nlines";" padded";'=1+1;-5;Цена`,
    );
  });

  it('quotes a neutralised value that holds the delimiter', () => {
    expect(formatCsvRecord(['=SUM(A1,A2)'], ',')).toBe(`"'=SUM(A1,A2)"`);
  });
});

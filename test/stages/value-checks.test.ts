import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBarcode, computeCheckDigit, isValidGtin } from '../../src/stages/check-barcode.js';
import { hasLostKazakhLetters, isSameAsRussian } from '../../src/stages/check-kazakh-text.js';
import { createBooleanLookup, parseBoolean } from '../../src/stages/parse-boolean.js';
import { parseDecimal, parseDecimalText, type DecimalFormat } from '../../src/stages/parse-decimal.js';
import { numberCell, textCell } from '../helpers/builders.js';

const auto = { decimal: 'auto' as const, thousands: [' ', '\u00a0', '\u202f'] };

describe('isValidGtin', () => {
  it.each([
    ['96385074', 'EAN-8'],
    ['036000291452', 'UPC-A'],
    ['4006381333931', 'EAN-13'],
    ['7501031311309', 'EAN-13'],
    ['10012345678902', 'GTIN-14'],
  ])('accepts %s (%s)', (code) => {
    expect(isValidGtin(code)).toBe(true);
  });

  it.each(['96385075', '036000291453', '4006381333932', '10012345678903', '400638133393', '40063813339310', '4006381333a31'])('refuses %s', (code) => {
    expect(isValidGtin(code)).toBe(false);
  });

  it('leading zeros do not change the check digit (UPC-A inside EAN-13)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11}$/), (body) => {
        const upc = body + String(computeCheckDigit(`${body}0`));
        expect(isValidGtin(upc)).toBe(true);
        expect(isValidGtin(`0${upc}`)).toBe(true);
        expect(isValidGtin(`00${upc}`)).toBe(true);
      }),
    );
  });
});

describe('checkBarcode', () => {
  const strict = { repairLeadingZeros: false };

  it('accepts a text barcode and strips spaces', () => {
    expect(checkBarcode(textCell('4006381 333931'), strict)).toEqual({ status: 'ok', barcode: '4006381333931' });
    expect(checkBarcode(textCell('036000291452'), strict)).toEqual({ status: 'ok', barcode: '036000291452' });
  });

  it('reports exponent notation and lost precision as Excel damage', () => {
    expect(checkBarcode(numberCell(4006381333931, { text: '4.00638E+12', flags: ['exponent'] }), strict).status).toBe('damaged');
    expect(checkBarcode(textCell('4,00638E+12'), strict)).toMatchObject({ status: 'damaged', cause: { reason: 'exponent' } });
    expect(checkBarcode(numberCell(12345678901234567, { flags: ['precision_lost'] }), strict)).toMatchObject({ status: 'damaged', cause: { reason: 'over_15_digits' } });
  });

  it('reports a number that lost its leading zero, and repairs it only when asked', () => {
    // EAN-8 00123457 stored as a number is 123457.
    const cell = numberCell(123457);
    expect(checkBarcode(cell, strict)).toEqual({ status: 'damaged', cause: { reason: 'leading_zeros', digits: 6 }, repaired: '00123457' });
    expect(checkBarcode(cell, { repairLeadingZeros: true })).toEqual({ status: 'repaired', barcode: '00123457' });
    // The same digits as text are just too short.
    expect(checkBarcode(textCell('123457'), strict)).toEqual({ status: 'invalid', cause: { reason: 'length', digits: 6 } });
  });

  it('reports a wrong check digit with the expected one', () => {
    expect(checkBarcode(textCell('4006381333932'), strict)).toEqual({ status: 'check_digit', expected: 1, barcode: '4006381333932' });
    expect(checkBarcode(textCell('ABC-123'), strict).status).toBe('invalid');
  });
});

describe('parseDecimal', () => {
  it.each([
    ['1 298,00', 1298],
    ['1\u00a0298,50', 1298.5],
    ['1\u202f298', 1298],
    ['1.355,90', 1355.9],
    ['1,355.90', 1355.9],
    ['4990', 4990],
    ['4 990 ₸', 4990],
    ['4990 тг.', 4990],
    ['0,5', 0.5],
    ['12.5', 12.5],
    ['1.298.000', 1298000],
    ['-3', -3],
  ])('reads %s as %d', (text, expected) => {
    expect(parseDecimal(text, auto)).toBe(expected);
  });

  it.each(['', 'abc', '1,2,3.4.5', '12 шт', '1..2', ',', '1e5'])('refuses %s', (text) => {
    expect(parseDecimal(text, auto)).toBeNull();
  });

  it('honours a fixed decimal separator and refuses grouping that is not by three', () => {
    expect(parseDecimal('1,298', { ...auto, decimal: '.' })).toBe(1298);
    expect(parseDecimal('1,5', { ...auto, decimal: '.' })).toBeNull();
    expect(parseDecimal('1.298', { ...auto, decimal: ',' })).toBe(1298);
    expect(parseDecimal('1,298', { ...auto, decimal: ',' })).toBe(1.298);
  });

  it('refuses a text whose separators stand in the other roles than the fixed decimal separator says', () => {
    for (const thousands of [auto.thousands, [...auto.thousands, '.', ',']]) {
      expect(parseDecimal('1,299.50', { thousands, decimal: ',' })).toBeNull();
      expect(parseDecimal('1.299,50', { thousands, decimal: '.' })).toBeNull();
    }
    expect(parseDecimal('1.299,50', { ...auto, decimal: ',' })).toBe(1299.5);
    expect(parseDecimal('1,299.50', { ...auto, decimal: '.' })).toBe(1299.5);
    expect(parseDecimal('1,299.50', auto)).toBe(1299.5);
    expect(parseDecimal('1.299,50', auto)).toBe(1299.5);
  });

  it('gives the general path\'s answer on its fast path, for every format', () => {
    const numberLike = fc.stringMatching(/^[+-]?[0-9., ]{0,22}$/);
    const format = fc.record({
      decimal: fc.constantFrom<DecimalFormat['decimal']>('auto', ',', '.'),
      thousands: fc.subarray([' ', '\u00a0', '.', ',', "'"]),
    });
    fc.assert(
      fc.property(fc.oneof(numberLike, fc.stringMatching(/^\d{1,17}[.,]?\d{0,17}$/)), format, (text, chosen) => {
        expect(parseDecimal(text, chosen)).toBe(parseDecimalText(text, chosen));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('Kazakh text checks', () => {
  it('spots ? where Kazakh letters were lost', () => {
    expect(hasLostKazakhLetters('?ызыл к?йлек')).toBe(true);
    expect(hasLostKazakhLetters('Ерлерге арнал?ан футболка')).toBe(true);
    expect(hasLostKazakhLetters('Қызыл көйлек')).toBe(false);
    expect(hasLostKazakhLetters('Футболка? Да!')).toBe(false);
  });

  it('spots Kazakh text copied from Russian', () => {
    expect(isSameAsRussian('Футболка  мужская', 'футболка мужская')).toBe(true);
    expect(isSameAsRussian('Ерлер футболкасы', 'Футболка мужская')).toBe(false);
    expect(isSameAsRussian('', '')).toBe(false);
  });
});

describe('parseBoolean', () => {
  const lookup = createBooleanLookup({ true: ['да', 'иә', 'yes', '1', '+'], false: ['нет', 'жоқ', 'no', '0', '-'] });
  it.each([
    ['Да', true],
    [' ИӘ ', true],
    ['+', true],
    ['жоқ', false],
    ['0', false],
    ['NO', false],
  ])('reads %s', (text, expected) => {
    expect(parseBoolean(text, lookup)).toBe(expected);
  });
  it('returns null for other words', () => {
    expect(parseBoolean('возможно', lookup)).toBeNull();
  });
});

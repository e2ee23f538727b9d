import { describe, expect, it } from 'vitest';
import { createNumberFormat } from '../../src/i18n/create-number-format.js';
import { LANGUAGES } from '../../src/i18n/language.js';

/** Numbers whose text or plural form is easy to get wrong: rounding at the third decimal, carries, signs, grouping, exponents. */
const EDGES = [
  0, -0, 1, -1, 2, 0.5, 0.9995, 0.99949, 1.0005, 1.0004999, 1.0000001, -0.0001, 0.0005, 0.0004999, 999.9995, 9999.9996,
  0.1 + 0.2, 123456.7891, -1234.5, 1e-6, 1e-7, 2.5e-5, 999, 1000, 99999, 100000, 1234567, -1234567.0015, 2 ** 53, 2 ** 53 + 2,
  1e20, 1e21, 1.5e300, Number.MAX_VALUE, Number.MIN_VALUE, Infinity, -Infinity, NaN,
];

/** Deterministic numbers from 1e-6 to below 1e21, of every precision (a linear congruential sequence). */
function generateNumbers(count: number): number[] {
  const numbers: number[] = [];
  let state = 33;
  const next = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let index = 0; index < count; index += 1) {
    const magnitude = 10 ** Math.floor(next() * 27 - 6);
    const value = next() * magnitude * (next() < 0.2 ? -1 : 1);
    numbers.push(next() < 0.3 ? Math.round(value) : next() < 0.5 ? Math.round(value * 1e4) / 1e4 : value);
  }
  return numbers;
}

describe('createNumberFormat', () => {
  it.each(LANGUAGES)('%s writes numbers as Intl.NumberFormat does', (language) => {
    const numbers = createNumberFormat(language);
    const intl = new Intl.NumberFormat(language);
    for (const value of [...EDGES, ...generateNumbers(20_000)]) expect([value, numbers.format(value)]).toEqual([value, intl.format(value)]);
  });

  it.each(LANGUAGES)('%s chooses plural forms as Intl.PluralRules does', (language) => {
    const numbers = createNumberFormat(language);
    const intl = new Intl.PluralRules(language);
    for (const value of [...EDGES, ...generateNumbers(20_000)]) expect([value, numbers.selectPlural(value)]).toEqual([value, intl.select(value)]);
  });

  it('writes, without Intl (whose first use starts ICU), English numbers of every size `String` writes without an exponent', () => {
    const intl = Intl as { NumberFormat: unknown; PluralRules: unknown };
    const saved = { NumberFormat: intl.NumberFormat, PluralRules: intl.PluralRules };
    const refuse = function () {
      throw new Error('Intl asked');
    };
    intl.NumberFormat = refuse;
    intl.PluralRules = refuse;
    try {
      const numbers = createNumberFormat('en');
      expect([1234567, 0.1, -2.0005, 1e20].map((value) => numbers.format(value))).toEqual(['1,234,567', '0.1', '-2.001', '100,000,000,000,000,000,000']);
      expect([1, -1, 0.9995, 2].map((value) => numbers.selectPlural(value))).toEqual(['one', 'one', 'one', 'other']);
    } finally {
      Object.assign(intl, saved);
    }
  });
});

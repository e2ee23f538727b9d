/**
 * Numbers in one language: their text and their plural form, as `Intl.NumberFormat` and
 * `Intl.PluralRules` give them.
 *
 * The first `Intl` object of a process starts ICU's locale data, ~120 M instructions (a quarter of
 * `node -e 0`), and a short English run paid it for a few counts and seconds (issue 39). English
 * needs none of it: ICU writes the shortest decimal of the number (`String`'s), rounded half away
 * from zero to three decimals, trailing zeros dropped, the whole part grouped by threes with commas;
 * its plural form is `one` when that text is 1, else `other`. Only what `String` writes with an
 * exponent, and what is not finite, asks `Intl` in English; every other language always does, its
 * `Intl` objects made at their first use. `test/i18n/create-number-format.test.ts` holds the English
 * answers to `Intl`'s.
 */
import type { Language } from './language.js';

/** How one language writes numbers and chooses plural forms. */
export interface NumberFormat {
  /** `value` as the language writes it (`Intl.NumberFormat`'s defaults). */
  format(value: number): string;
  /** The plural form of `value` (`Intl.PluralRules`'s defaults): the suffix of a plural message key. */
  selectPlural(value: number): Intl.LDMLPluralRule;
}

/** The number format of `language`; its `Intl` objects are made on their first use. */
export function createNumberFormat(language: Language): NumberFormat {
  let numbers: Intl.NumberFormat | undefined;
  let plurals: Intl.PluralRules | undefined;
  const english = language === 'en';
  return {
    format(value) {
      const digits = english ? writeEnglishDigits(value) : undefined;
      if (digits !== undefined) return value < 0 ? `-${digits}` : digits;
      numbers ??= new Intl.NumberFormat(language);
      return numbers.format(value);
    },
    selectPlural(value) {
      const digits = english ? writeEnglishDigits(value) : undefined;
      if (digits !== undefined) return digits === '1' ? 'one' : 'other';
      plurals ??= new Intl.PluralRules(language);
      return plurals.select(value);
    },
  };
}

/**
 * `value`'s magnitude as `Intl.NumberFormat('en')` writes it: 1234.56789 → "1,234.568"; undefined
 * for what `String` writes with an exponent (below 1e-6, from 1e21), what is not finite, and -0.
 */
function writeEnglishDigits(value: number): string | undefined {
  if (!Number.isFinite(value) || Object.is(value, -0)) return undefined;
  const shortest = String(Math.abs(value));
  if (shortest.includes('e')) return undefined;
  const point = shortest.indexOf('.');
  let whole = point < 0 ? shortest : shortest.slice(0, point);
  let fraction = point < 0 ? '' : shortest.slice(point + 1);
  if (fraction.length > 3) {
    const thousandths = (BigInt(whole + fraction.slice(0, 3)) + ((fraction[3] as string) >= '5' ? 1n : 0n)).toString().padStart(4, '0');
    whole = thousandths.slice(0, -3);
    fraction = thousandths.slice(-3);
  }
  fraction = fraction.replace(/0+$/, '');
  let grouped = whole.slice(0, ((whole.length - 1) % 3) + 1);
  for (let at = grouped.length; at < whole.length; at += 3) grouped += `,${whole.slice(at, at + 3)}`;
  return fraction === '' ? grouped : `${grouped}.${fraction}`;
}

import { describe, expect, it } from 'vitest';
import { chooseLanguage, LANGUAGES } from '../../src/i18n/language.js';
import { createTranslator, readCatalog } from '../../src/i18n/create-translator.js';
import { ROW_STATUSES } from '../../src/report/report-types.js';

/** A key without its plural form suffix: `rows.count.few` → `rows.count`. */
function baseKey(key: string): string {
  return key.replace(/\.(zero|one|two|few|many|other)$/, '');
}

describe('message catalogs', () => {
  const keysByLanguage = new Map(LANGUAGES.map((language) => [language, new Set([...readCatalog(language).keys()].map(baseKey))]));

  it.each(LANGUAGES)('%s has every message the other languages have', (language) => {
    const own = keysByLanguage.get(language)!;
    const missing = [...new Set([...keysByLanguage.values()].flatMap((keys) => [...keys]))].filter((key) => !own.has(key));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s names every row status', (language) => {
    const translator = createTranslator(language);
    expect(ROW_STATUSES.filter((status) => !translator.has(`status.${status}`))).toEqual([]);
  });

  it.each(LANGUAGES)('%s writes a plural message with a form for every number', (language) => {
    const translator = createTranslator(language);
    for (const count of [0, 1, 2, 5, 11, 21, 22, 25, 1.5]) expect(translator.translate('rows.count', { count })).not.toMatch(/[[\]{}]/);
  });

  it('chooses Russian plural forms by the number', () => {
    const ru = createTranslator('ru');
    expect([1, 2, 5, 21, 22, 25, 111].map((count) => ru.translate('rows.count', { count }))).toEqual([
      '1 строка',
      '2 строки',
      '5 строк',
      '21 строка',
      '22 строки',
      '25 строк',
      '111 строк',
    ]);
  });

  it('fills every placeholder, again on each call, with values as written and numbers for the language', () => {
    const en = createTranslator('en');
    const ru = createTranslator('ru');
    for (let turn = 0; turn < 2; turn += 1) {
      expect(en.translate('location.column_header', { column: 'C', header: '$& {column} $1' })).toBe('column C ($& {column} $1)');
      expect(en.translate('location.column_header', { column: 'D' })).toBe('column D ({header})');
      expect(en.translate('location.row', { row: 1234567 })).toBe('row 1,234,567');
      expect(ru.translate('rows.count', { count: 1234567 })).toBe(`${new Intl.NumberFormat('ru').format(1234567)} строк`);
      expect(en.translate('location.row')).toBe('row {row}');
    }
  });

  it('marks a key no catalog has instead of printing nothing', () => {
    expect(createTranslator('en').translate('no.such.key')).toBe('[no.such.key]');
  });
});

describe('chooseLanguage', () => {
  it('takes the stated language over the locale', () => {
    expect(chooseLanguage('kk', { LANG: 'en_US.UTF-8' })).toBe('kk');
  });
  it('reads Russian and Kazakh locales as Russian, others as English', () => {
    expect(chooseLanguage(undefined, { LANG: 'ru_RU.UTF-8' })).toBe('ru');
    expect(chooseLanguage(undefined, { LANG: 'kk_KZ.UTF-8' })).toBe('ru');
    expect(chooseLanguage(undefined, { LANG: 'de_DE.UTF-8' })).toBe('en');
  });
  it('lets LC_ALL win over LANG and skips the C locale', () => {
    expect(chooseLanguage(undefined, { LC_ALL: 'ru_RU.UTF-8', LANG: 'en_US.UTF-8' })).toBe('ru');
    expect(chooseLanguage(undefined, { LC_ALL: 'C.UTF-8', LANG: 'ru_RU.UTF-8' })).toBe('ru');
    expect(chooseLanguage(undefined, {})).toBe('en');
  });
});

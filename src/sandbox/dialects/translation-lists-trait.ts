/**
 * Names as lists of translations: every text the interface writes as `{rus, kaz}` (names, paths,
 * descriptions, in directories, the product list and details) is written as
 * `[{locale: "ru-KZ", value}, {locale: "kk-KZ", value}]`, an empty translation left out. The
 * import takes names in either shape.
 */
import type { DialectTrait } from './dialect-types.js';
import { isPlainRecord } from '../../core/is-plain-record.js';

/** Language tags by the interface's language keys. */
const LOCALES = { rus: 'ru-KZ', kaz: 'kk-KZ' } as const;

type LanguageKey = keyof typeof LOCALES;

/** True for the interface's `{rus, kaz}` text. */
function isLocalized(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.length === 2 && typeof value['rus'] === 'string' && typeof value['kaz'] === 'string';
}

/** True for a list of translations as this dialect writes them. */
function isTranslationList(value: unknown[]): boolean {
  return value.length > 0 && value.every((entry) => isPlainRecord(entry) && typeof entry['locale'] === 'string' && typeof entry['value'] === 'string');
}

/** A JSON value with every `{rus, kaz}` written as a list of translations. */
function writeTranslationLists(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(writeTranslationLists);
  if (!isPlainRecord(value)) return value;
  if (isLocalized(value)) {
    return (Object.keys(LOCALES) as LanguageKey[]).filter((key) => value[key] !== '').map((key) => ({ locale: LOCALES[key], value: value[key] }));
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, writeTranslationLists(inner)]));
}

/** A JSON value with every list of translations read back into `{rus, kaz}` (a missing language is empty). */
function readTranslationLists(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (!isTranslationList(value)) return value.map(readTranslationLists);
    const text = (key: LanguageKey): string => {
      const found = value.find((entry) => (entry as Record<string, unknown>)['locale'] === LOCALES[key]) as Record<string, unknown> | undefined;
      return (found?.['value'] as string | undefined) ?? '';
    };
    return { rus: text('rus'), kaz: text('kaz') };
  }
  return isPlainRecord(value) ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, readTranslationLists(inner)])) : value;
}

/** The translation-lists trait. */
export const translationListsTrait: DialectTrait = {
  name: 'translations',
  summary: 'texts as lists [{locale: "ru-KZ"|"kk-KZ", value}], empty translations left out; the import takes either shape',
  rewriteBody: writeTranslationLists,
  writers: { readImportItem: readTranslationLists },
};

/**
 * A name in Russian and Kazakh from whatever the service sends: `{rus, kaz}` (any alias, or keys
 * that are language tags: `ru-KZ`), a plain string, a list of `{language, text}` objects under any
 * field names (tags matched by their primary subtag), or separate `nameRu`/`nameKz` fields beside it.
 */
import type { Localized } from '../domain/index.js';
import { createRecordReader } from './record-reader.js';
import type { RecordReader } from './record-reader.js';
import type { WireAliases } from './wire-aliases.js';
import { isPlainRecord } from '../core/is-plain-record.js';

const LANGUAGE_KEYS = ['lang', 'language', 'locale', 'languageCode', 'culture', 'languageTag', 'langCode'];
const TEXT_KEYS = ['value', 'text', 'name', 'title', 'translation', 'content', 'label'];

/** Primary language subtags (and names) of the two languages, as the first part of a tag (`ru-KZ` → `ru`). */
const PRIMARY_SUBTAGS: Record<keyof Localized, readonly string[]> = {
  rus: ['ru', 'rus', 'russian'],
  kaz: ['kk', 'kz', 'kaz', 'kazakh'],
};

/** A language tag's language by its primary subtag: `ru-KZ`, `ru_RU`, `RUS` → rus; `kk-KZ` → kaz. */
export function readLanguageTag(tag: string): keyof Localized | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (Object.keys(PRIMARY_SUBTAGS) as (keyof Localized)[]).find((language) => PRIMARY_SUBTAGS[language].includes(primary));
}

/** Reads a localized value; `undefined` when it holds no text in any language. */
export function readLocalizedValue(value: unknown, aliases: WireAliases): Localized | undefined {
  if (typeof value === 'string') return { rus: value, kaz: '' };
  if (isPlainRecord(value)) return readLanguageKeyed(value, aliases);
  if (Array.isArray(value)) {
    const out = readTranslationList(value);
    return out !== undefined && (out.rus !== '' || out.kaz !== '') ? out : undefined;
  }
  return undefined;
}

/**
 * A list of `{language, text}` translations: each language's first text, `''` where the list has
 * none; `undefined` when no entry reads as a translation. `[]` is a list with both languages empty.
 */
export function readTranslationList(value: readonly unknown[]): Localized | undefined {
  const out: Localized = { rus: '', kaz: '' };
  let understood = value.length === 0;
  for (const entry of value) {
    const read = isPlainRecord(entry) ? readTranslation(entry) : undefined;
    if (read === undefined) continue;
    understood = true;
    if (out[read.language] === '') out[read.language] = read.text;
  }
  return understood ? out : undefined;
}

/** `{rus, kaz}` by the aliases, else by keys that are language tags (`ru-KZ`, `kk`). */
function readLanguageKeyed(value: Record<string, unknown>, aliases: WireAliases): Localized | undefined {
  const reader = createRecordReader(value);
  const out: Localized = { rus: '', kaz: '' };
  const rus = reader.get(aliases['localized.rus']);
  const kaz = reader.get(aliases['localized.kaz']);
  if (typeof rus === 'string') out.rus = rus;
  if (typeof kaz === 'string') out.kaz = kaz;
  for (const [key, text] of Object.entries(value)) {
    const language = readLanguageTag(key);
    if (language !== undefined && typeof text === 'string' && out[language] === '') out[language] = text;
  }
  const named = typeof rus === 'string' || typeof kaz === 'string' || Object.keys(value).some((key) => readLanguageTag(key) !== undefined);
  return named ? out : undefined;
}

/**
 * One `{language, text}` entry under any field names: the language is a known language field, else
 * the one string field holding a language tag; the text is a known text field, else the other
 * string field.
 */
function readTranslation(entry: Record<string, unknown>): { language: keyof Localized; text: string } | undefined {
  const reader = createRecordReader(entry);
  const languageField = reader.find(LANGUAGE_KEYS);
  const strings = Object.entries(entry).filter((pair): pair is [string, string] => typeof pair[1] === 'string');
  const tagged = languageField !== undefined && typeof languageField.value === 'string' ? [languageField.key, languageField.value] : strings.find(([, text]) => /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(text) && readLanguageTag(text) !== undefined);
  if (tagged === undefined) return undefined;
  const language = readLanguageTag(String(tagged[1]));
  if (language === undefined) return undefined;
  const textField = reader.find(TEXT_KEYS.filter((key) => key !== tagged[0]));
  const text = textField !== undefined && typeof textField.value === 'string' ? textField.value : strings.find(([key]) => key !== tagged[0])?.[1];
  return text === undefined ? undefined : { language, text };
}

/**
 * The localized name of a record: the `name` field in any of the forms above, completed by the
 * separate per-language fields when the record has them.
 */
export function readRecordName(
  reader: RecordReader,
  aliases: WireAliases,
  meanings: { name: readonly string[]; rus: readonly string[]; kaz: readonly string[] },
): Localized | undefined {
  const main = readLocalizedValue(reader.get(meanings.name), aliases);
  const rus = reader.get(meanings.rus);
  const kaz = reader.get(meanings.kaz);
  const out: Localized = { rus: main?.rus ?? '', kaz: main?.kaz ?? '' };
  if (out.rus === '' && typeof rus === 'string') out.rus = rus;
  if (out.kaz === '' && typeof kaz === 'string') out.kaz = kaz;
  return out.rus === '' && out.kaz === '' ? undefined : out;
}

/**
 * A name in Russian and Kazakh from whatever the service sends: `{rus, kaz}` (any alias), a plain
 * string, a list of `{lang, value}` pairs, or separate `nameRu`/`nameKz` fields beside it.
 */
import type { Localized } from '../domain/index.js';
import { createRecordReader, isPlainRecord } from './record-reader.js';
import type { RecordReader } from './record-reader.js';
import type { WireAliases } from './wire-aliases.js';

const LANGUAGE_KEYS = ['lang', 'language', 'locale', 'languageCode', 'culture'];
const TEXT_KEYS = ['value', 'text', 'name', 'title'];

/** Reads a localized value; `undefined` when it holds no text in any language. */
export function readLocalizedValue(value: unknown, aliases: WireAliases): Localized | undefined {
  if (typeof value === 'string') return { rus: value, kaz: '' };
  if (isPlainRecord(value)) {
    const reader = createRecordReader(value);
    const rus = reader.get(aliases['localized.rus']);
    const kaz = reader.get(aliases['localized.kaz']);
    if (typeof rus === 'string' || typeof kaz === 'string') return { rus: typeof rus === 'string' ? rus : '', kaz: typeof kaz === 'string' ? kaz : '' };
    return undefined;
  }
  if (Array.isArray(value)) {
    const out: Localized = { rus: '', kaz: '' };
    for (const entry of value) {
      if (!isPlainRecord(entry)) continue;
      const reader = createRecordReader(entry);
      const lang = String(reader.get(LANGUAGE_KEYS) ?? '').toLowerCase();
      const text = reader.get(TEXT_KEYS);
      if (typeof text !== 'string') continue;
      if (['ru', 'rus', 'ru-ru', 'russian'].includes(lang)) out.rus = text;
      else if (['kk', 'kz', 'kaz', 'kk-kz', 'kazakh'].includes(lang)) out.kaz = text;
    }
    return out.rus !== '' || out.kaz !== '' ? out : undefined;
  }
  return undefined;
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

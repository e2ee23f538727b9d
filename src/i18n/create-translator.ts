/**
 * Turns message keys and their data into text in one language. The catalogs are plain JSON tables,
 * one folder per language (`catalog/<lang>/*.json`, one file per area: issues, terminal, report),
 * read once per language. No i18n package: the tool needs placeholder substitution and plural
 * forms, which `Intl.PluralRules` gives for Russian (one/few/many) and Kazakh; ICU message syntax
 * and its parser would be a dependency for two features.
 *
 * A template names its data as `{name}`. A plural message is written as one key per form,
 * `key.one`, `key.few`, `key.many`, `key.other`, chosen by the `count` datum; a language that
 * needs fewer forms writes fewer keys (English: `one`, `other`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Language } from './language.js';

/** Data a message is built from: numbers are formatted for the language, the rest printed as is. */
export type MessageData = Readonly<Record<string, string | number | undefined>>;

/** Renders catalog messages in one language. */
export interface Translator {
  readonly language: Language;
  /** The text of `key` with `data` filled in; the key itself, in brackets, when no catalog has it (a test keeps that from shipping). */
  translate(key: string, data?: MessageData): string;
  /** True when the language's catalog (or its plural forms) has `key`. */
  has(key: string): boolean;
}

/** Every key → template of one language's catalog, all area files merged. */
export function readCatalog(language: Language): ReadonlyMap<string, string> {
  const folder = new URL(`./catalog/${language}/`, import.meta.url);
  const entries = new Map<string, string>();
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.json')).sort()) {
    const table = JSON.parse(readFileSync(new URL(name, folder), 'utf8')) as Record<string, string>;
    for (const [key, template] of Object.entries(table)) {
      if (entries.has(key)) throw new Error(`message key "${key}" is written twice in catalog/${language} (${name})`);
      entries.set(key, template);
    }
  }
  return entries;
}

const translators = new Map<Language, Translator>();

/** The translator of `language`, its catalog read on the first call. */
export function createTranslator(language: Language): Translator {
  const known = translators.get(language);
  if (known !== undefined) return known;
  const catalog = readCatalog(language);
  const plurals = new Intl.PluralRules(language);
  const numbers = new Intl.NumberFormat(language);
  const findTemplate = (key: string, data: MessageData | undefined): string | undefined => {
    const count = data?.['count'];
    if (typeof count === 'number') {
      const form = catalog.get(`${key}.${plurals.select(count)}`) ?? catalog.get(`${key}.other`);
      if (form !== undefined) return form;
    }
    return catalog.get(key);
  };
  const translator: Translator = {
    language,
    translate(key, data) {
      const template = findTemplate(key, data);
      if (template === undefined) return `[${key}]`;
      return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
        const value = data?.[name];
        if (value === undefined) return whole;
        return typeof value === 'number' ? numbers.format(value) : value;
      });
    },
    has(key) {
      return catalog.has(key) || catalog.has(`${key}.other`);
    },
  };
  translators.set(language, translator);
  return translator;
}

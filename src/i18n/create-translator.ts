/**
 * Turns message keys and their data into text in one language. The catalogs are plain JSON tables,
 * one folder per language (`catalog/<lang>/*.json`, one file per area: issues, terminal, report),
 * read once per language. No i18n package: the tool needs placeholder substitution and plural
 * forms, which `Intl.PluralRules` gives for Russian (one/few/many) and Kazakh (`create-number-format.ts`);
 * ICU message syntax and its parser would be a dependency for two features.
 *
 * A template names its data as `{name}`. A plural message is written as one key per form,
 * `key.one`, `key.few`, `key.many`, `key.other`, chosen by the `count` datum; a language that
 * needs fewer forms writes fewer keys (English: `one`, `other`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createNumberFormat, type NumberFormat } from './create-number-format.js';
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
  /** `value` as the language writes it, as in the messages (`Intl.NumberFormat`'s defaults). */
  formatNumber(value: number): string;
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

/**
 * A template cut at its placeholders: `texts[0]`, the datum `names[0]`, `texts[1]`, …, the last
 * text. Cut once per message, on its first use: a file where every row is wrong renders millions.
 */
interface CutTemplate {
  readonly texts: readonly string[];
  readonly names: readonly string[];
}

function cutTemplate(template: string): CutTemplate {
  const texts: string[] = [];
  const names: string[] = [];
  let end = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    texts.push(template.slice(end, match.index));
    names.push(match[1] as string);
    end = match.index + match[0].length;
  }
  texts.push(template.slice(end));
  return { texts, names };
}

/** The template with `data` in its placeholders; a datum not given stays as its placeholder. */
function fillTemplate(template: CutTemplate, data: MessageData | undefined, numbers: NumberFormat): string {
  const { texts, names } = template;
  let text = texts[0] as string;
  for (let index = 0; index < names.length; index += 1) {
    const name = names[index] as string;
    const value = data?.[name];
    text += value === undefined ? `{${name}}` : typeof value === 'number' ? numbers.format(value) : value;
    text += texts[index + 1] as string;
  }
  return text;
}

const translators = new Map<Language, Translator>();

/** The translator of `language`, its catalog read on the first call. */
export function createTranslator(language: Language): Translator {
  const known = translators.get(language);
  if (known !== undefined) return known;
  const catalog = readCatalog(language);
  const cut = new Map<string, CutTemplate>();
  const numbers = createNumberFormat(language);
  const readTemplate = (key: string): CutTemplate | undefined => {
    const ready = cut.get(key);
    if (ready !== undefined) return ready;
    const template = catalog.get(key);
    if (template === undefined) return undefined;
    const made = cutTemplate(template);
    cut.set(key, made);
    return made;
  };
  const findTemplate = (key: string, data: MessageData | undefined): CutTemplate | undefined => {
    const count = data?.['count'];
    if (typeof count === 'number') {
      const form = readTemplate(`${key}.${numbers.selectPlural(count)}`) ?? readTemplate(`${key}.other`);
      if (form !== undefined) return form;
    }
    return readTemplate(key);
  };
  const translator: Translator = {
    language,
    translate(key, data) {
      const template = findTemplate(key, data);
      return template === undefined ? `[${key}]` : fillTemplate(template, data, numbers);
    },
    has(key) {
      return catalog.has(key) || catalog.has(`${key}.other`);
    },
    formatNumber: (value) => numbers.format(value),
  };
  translators.set(language, translator);
  return translator;
}

/**
 * yargs's own words (`Options:`, `[required]`, `Show help`…) in the run's language. yargs ships
 * English and Russian (its `locales/`, through y18n), not Kazakh: for Kazakh its words for help
 * are given here, and its validation messages stay English (the CLI parses in English anyway and
 * rewords them through the catalog, `usage-error.ts`).
 */
import type { Argv } from 'yargs';
import type { Language } from './language.js';

/** yargs's help words in Kazakh, keyed by its English strings (its `locales/en.json`). */
const KAZAKH_YARGS_WORDS: Readonly<Record<string, string>> = {
  'Commands:': 'Командалар:',
  'Options:': 'Опциялар:',
  'Examples:': 'Мысалдар:',
  'Positionals:': 'Позициялық аргументтер:',
  boolean: 'иә/жоқ',
  count: 'саны',
  string: 'мәтін',
  number: 'сан',
  array: 'тізім',
  required: 'міндетті',
  default: 'әдепкі',
  'default:': 'әдепкі:',
  'choices:': 'мәндері:',
  'aliases:': 'балама атаулары:',
  command: 'команда',
  deprecated: 'ескірген',
  'deprecated: %s': 'ескірген: %s',
  'Show help': 'Анықтаманы көрсету',
  'Show version number': 'Нұсқа нөмірін көрсету',
  'generated-value': 'жасалған мән',
};

/** Sets yargs's locale to `language` (no guessing from the environment: the run's language is chosen once). */
export function setYargsLocale(cli: Argv, language: Language): void {
  cli.locale(language);
  if (language === 'kk') cli.updateStrings(KAZAKH_YARGS_WORDS);
}

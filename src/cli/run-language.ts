/**
 * The language of one CLI run. Stated by `--lang`, `CATALOG_LANG` or the settings file's `lang`
 * (settings precedence: file < environment < flag), else the locale (`chooseLanguage`). The
 * settings file is read by each command's handler, so until the run's settings are resolved
 * (a usage error, `--help`, a settings file that does not parse) the language is the one the
 * command line and the environment state.
 */
import { chooseLanguage, isLanguage } from '../i18n/language.js';
import type { Language } from '../i18n/language.js';
import type { CliIo } from './cli-io.js';

/** The language each run's resolved settings chose, keyed by the run's I/O (one per run). */
const settledLanguages = new WeakMap<CliIo, Language>();

/** Records the language of a run whose settings are resolved (`settingsFromArgv` calls it). */
export function settleRunLanguage(io: CliIo, stated: Language | undefined): void {
  settledLanguages.set(io, chooseLanguage(stated, io.env));
}

/** The run's language: its settings' once resolved, else `--lang` as typed, `CATALOG_LANG`, the locale. */
export function chooseRunLanguage(io: CliIo, args: readonly string[]): Language {
  return settledLanguages.get(io) ?? chooseLanguage(readStatedLanguage(args, io.env), io.env);
}

/** The last valid `--lang X` / `--lang=X` before `--`, else a valid `CATALOG_LANG`. */
export function readStatedLanguage(args: readonly string[], env: Readonly<Record<string, string | undefined>>): Language | undefined {
  const end = args.indexOf('--');
  const typed = end < 0 ? args : args.slice(0, end);
  let stated: Language | undefined;
  typed.forEach((arg, i) => {
    const value = arg === '--lang' ? typed[i + 1] : arg.startsWith('--lang=') ? arg.slice('--lang='.length) : undefined;
    if (value !== undefined && isLanguage(value)) stated = value;
  });
  if (stated !== undefined) return stated;
  const fromEnv = env['CATALOG_LANG'];
  return fromEnv !== undefined && isLanguage(fromEnv) ? fromEnv : undefined;
}

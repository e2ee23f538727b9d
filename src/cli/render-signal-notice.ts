/**
 * The notice printed when Ctrl-C or SIGTERM arrives. A person reads text; a log collector reading
 * `--json` or `--log-format json` output (journald merges stderr into the same stream) gets one JSON
 * line, so a `jq` pipeline over the log does not break on it.
 */
import { createTranslator } from '../i18n/create-translator.js';
import { chooseLanguage } from '../i18n/language.js';
import { readStatedLanguage } from './run-language.js';

/** True when the command line asks for machine output. */
export function wantsJsonOutput(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  const flags = end < 0 ? args : args.slice(0, end);
  return flags.some((arg, i) => arg === '--json' || arg === '--json=true' || arg === '--log-format=json' || (arg === '--log-format' && flags[i + 1] === 'json'));
}

/**
 * The notice, ending in a newline, in the format the command line asked for: JSON (its message
 * English, as every `--json` line), else text in the language of `--lang`, `CATALOG_LANG` or the
 * locale of `env` — read only now, when the signal comes.
 */
export function renderSignalNotice(signal: string, args: readonly string[], now: Date, env: Readonly<Record<string, string | undefined>> = {}): string {
  const json = wantsJsonOutput(args);
  const message = createTranslator(json ? 'en' : chooseLanguage(readStatedLanguage(args, env), env)).translate('notice.signal', { signal });
  if (json) return `${JSON.stringify({ time: now.toISOString(), level: 'warn', event: 'signal', signal, message })}\n`;
  return `\n${message}\n`;
}

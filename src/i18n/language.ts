/**
 * The languages a person can read the tool in, and how one is chosen: `--lang`, then the
 * `lang` setting, then the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`). Sellers of the marketplace
 * work in Russian and Kazakh; a Kazakh locale gets Russian unless Kazakh is asked for by name,
 * because the marketplace's own seller handbook and most sellers' staff read Russian, while the
 * Kazakh texts are there for whoever chooses them.
 */

/** Every language with a full message catalog. */
export const LANGUAGES = ['en', 'ru', 'kk'] as const;

/** One of `LANGUAGES`. */
export type Language = (typeof LANGUAGES)[number];

/** True when `value` names a language of `LANGUAGES`. */
export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

const LOCALE_VARIABLES = ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const;

/**
 * The language of a run: the one stated (flag or setting, already validated) wins; else the first
 * locale variable set to something other than `C`/`POSIX` decides (`ru_RU.UTF-8`, `kk_KZ` → `ru`);
 * English otherwise.
 */
export function chooseLanguage(stated: Language | undefined, env: Readonly<Record<string, string | undefined>>): Language {
  if (stated !== undefined) return stated;
  for (const name of LOCALE_VARIABLES) {
    const locale = env[name]?.trim();
    if (locale === undefined || locale === '' || locale === 'C' || locale === 'POSIX' || locale.startsWith('C.')) continue;
    const prefix = locale.slice(0, 2).toLowerCase();
    return prefix === 'ru' || prefix === 'kk' ? 'ru' : 'en';
  }
  return 'en';
}

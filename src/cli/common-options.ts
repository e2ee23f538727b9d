/**
 * Options shared by the commands that talk to the service, and their folding into settings
 * (flat flags → the settings object, once, in `settingsFromArgv`).
 */
import { resolve } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { Argv } from 'yargs';
import { createNodeDeps } from '../core/deps.js';
import { ConfigError } from '../core/errors.js';
import type { ResolvedSettings } from '../settings/resolve-settings.js';
import type { Settings } from '../settings/settings-schema.js';
import type { CliIo } from './cli-io.js';
import { LANGUAGES } from '../i18n/language.js';
import type { Language } from '../i18n/language.js';
import type { MessageData } from '../i18n/create-translator.js';
import { settleRunLanguage } from './run-language.js';

/**
 * Adds `--lang`, on every command (a global option): the language of what a person reads. A value
 * not in `LANGUAGES` is a usage error, before anything runs.
 */
export function withLanguageOption<T>(y: Argv<T>, describe: string) {
  return y.option('lang', { choices: LANGUAGES, global: true, describe });
}

/** A help text of the catalog by its key, `data` filling its placeholders (`CommandContext.describe`). */
export type Describe = (key: string, data?: MessageData) => string;

/** Adds the service, state and output options, their help in the language of `describe`. */
export function withServiceOptions<T>(y: Argv<T>, describe: Describe) {
  return y
    .option('sandbox', { type: 'boolean', describe: describe('help.option.sandbox') })
    .option('base-url', { type: 'string', describe: describe('help.option.base-url') })
    .option('client-id', { type: 'string', describe: describe('help.option.client-id') })
    .option('client-secret-file', { type: 'string', describe: describe('help.option.client-secret-file') })
    .option('state-dir', { type: 'string', describe: describe('help.option.state-dir'), defaultDescription: '.catalog-import' })
    .option('config', { type: 'string', describe: describe('help.option.config') })
    .option('timeout-ms', { type: 'number', describe: describe('help.option.timeout-ms') })
    .option('retry-limit', { type: 'number', describe: describe('help.option.retry-limit') })
    .option('refresh-directories', { type: 'boolean', describe: describe('help.option.refresh-directories') })
    .option('json', { type: 'boolean', describe: describe('help.option.json') })
    .group(['sandbox', 'base-url', 'client-id', 'client-secret-file', 'state-dir', 'config', 'timeout-ms', 'retry-limit', 'refresh-directories', 'json'], describe('help.group.service'));
}

/** Flags as yargs hands them to a handler (camel-cased). */
export type ServiceArgv = {
  sandbox?: boolean | undefined;
  baseUrl?: string | undefined;
  clientId?: string | undefined;
  clientSecretFile?: string | undefined;
  stateDir?: string | undefined;
  config?: string | undefined;
  timeoutMs?: number | undefined;
  retryLimit?: number | undefined;
  refreshDirectories?: boolean | undefined;
  json?: boolean | undefined;
  lang?: Language | undefined;
};

/**
 * Resolves settings: defaults < settings file < environment < flags, and settles the run's language
 * from them. The YAML parser and the
 * settings schema (zod) are loaded here, when a command needs settings, not when the CLI starts.
 */
export async function settingsFromArgv(argv: ServiceArgv, io: CliIo, extra: Partial<Record<keyof Settings, unknown>> = {}): Promise<ResolvedSettings> {
  let file: { path: string; values: unknown } | undefined;
  const configPath = argv.config ?? io.env.CATALOG_CONFIG;
  if (configPath) {
    const path = resolve(io.cwd, configPath);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      throw new ConfigError(`cannot read the settings file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    const { parse: parseYaml } = await import('yaml');
    try {
      file = { path, values: parseYaml(text, { maxAliasCount: 100 }) };
    } catch (error) {
      throw new ConfigError(`the settings file ${path} is not valid YAML/JSON: ${(error as Error).message}`);
    }
  }
  // The schema (zod) is loaded only when these layers' settings were not kept before (issue 39).
  const { resolveSettingsCached } = await import('../settings/load-cached-settings.js');
  const resolved = await resolveSettingsCached({
    ...(file ? { file } : {}),
    env: io.env,
    flags: {
      sandbox: argv.sandbox,
      baseUrl: argv.baseUrl,
      clientId: argv.clientId,
      clientSecretFile: argv.clientSecretFile,
      stateDir: argv.stateDir,
      timeoutMs: argv.timeoutMs,
      retryLimit: argv.retryLimit,
      refreshDirectories: argv.refreshDirectories,
      lang: argv.lang,
      ...extra,
    },
  }, createNodeDeps({ env: io.env, cwd: io.cwd }));
  // From here on the run speaks the language its settings chose (the settings file's `lang` included).
  settleRunLanguage(io, resolved.settings.lang);
  return resolved;
}

/**
 * Options shared by the commands that talk to the service, and their folding into settings
 * (flat flags → the settings object, once, in `settingsFromArgv`).
 */
import { readFile } from 'node:fs/promises';
import type { Argv } from 'yargs';
import { ConfigError } from '../core/errors.js';
import { resolvePath } from '../pipeline/resolve-path.js';
import type { ResolvedSettings } from '../settings/resolve-settings.js';
import type { Settings } from '../settings/settings-schema.js';
import type { CliIo } from './cli-io.js';
import { LANGUAGES } from '../i18n/language.js';
import type { Language } from '../i18n/language.js';
import { settleRunLanguage } from './run-language.js';

/**
 * Adds `--lang`, on every command (a global option): the language of what a person reads. A value
 * not in `LANGUAGES` is a usage error, before anything runs.
 */
export function withLanguageOption<T>(y: Argv<T>, describe: string) {
  return y.option('lang', { choices: LANGUAGES, global: true, describe });
}

/** Adds the service, state and output options. */
export function withServiceOptions<T>(y: Argv<T>) {
  return y
    .option('sandbox', { type: 'boolean', describe: 'Run against the embedded sandbox (its data is kept in the state directory)' })
    .option('base-url', { type: 'string', describe: 'Service base address (env CATALOG_BASE_URL)' })
    .option('client-id', { type: 'string', describe: 'API key client id (env CATALOG_CLIENT_ID)' })
    .option('client-secret-file', { type: 'string', describe: 'File holding the client secret (env CATALOG_CLIENT_SECRET or CATALOG_CLIENT_SECRET_FILE)' })
    .option('state-dir', { type: 'string', describe: 'State directory (env CATALOG_STATE_DIR)', defaultDescription: '.catalog-import' })
    .option('config', { type: 'string', describe: 'Settings file (JSON or YAML)' })
    .option('timeout-ms', { type: 'number', describe: 'Time-out of one HTTP request' })
    .option('retry-limit', { type: 'number', describe: 'Retries of one request on 429, 5xx and network errors' })
    .option('refresh-directories', { type: 'boolean', describe: 'Fetch the directories again instead of using the cache' })
    .option('json', { type: 'boolean', describe: 'Machine output: NDJSON events and a JSON result on stdout' })
    .group(['sandbox', 'base-url', 'client-id', 'client-secret-file', 'state-dir', 'config', 'timeout-ms', 'retry-limit', 'refresh-directories', 'json'], 'Service and state:');
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
    const path = resolvePath(io.cwd, configPath);
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
  const { resolveSettings } = await import('../settings/resolve-settings.js');
  const resolved = resolveSettings({
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
  });
  // From here on the run speaks the language its settings chose (the settings file's `lang` included).
  settleRunLanguage(io, resolved.settings.lang);
  return resolved;
}

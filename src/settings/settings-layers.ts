/**
 * The settings' layers before the schema reads them: defaults < settings file < environment < CLI
 * flags, merged into one input with the source of each value. Kept apart from the schema (zod) so
 * that a run whose settings were resolved before (`load-cached-settings.ts`) merges without it.
 */
import { ConfigError } from '../core/errors.js';
import type { Settings } from './settings-schema.js';

/** Where a setting's value came from. */
export type SettingSource = 'default' | 'file' | 'env' | 'flag';

/** The layers to merge; none is mutated. */
export interface SettingsLayers {
  /** Parsed settings file, if any, and its path. */
  file?: { path: string; values: unknown };
  /** Environment variables. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Flags given on the command line (undefined = not given). */
  flags?: Partial<Record<keyof Settings, unknown>>;
}

/** The layers merged: the schema's input, and the source of every value given explicitly. */
export interface MergedSettings {
  merged: Record<string, unknown>;
  sources: Partial<Record<keyof Settings, SettingSource>>;
}

/** Environment variables read, and the setting each feeds. */
export const SETTINGS_ENV = {
  CATALOG_BASE_URL: 'baseUrl',
  CATALOG_CLIENT_ID: 'clientId',
  CATALOG_CLIENT_SECRET: 'clientSecret',
  CATALOG_CLIENT_SECRET_FILE: 'clientSecretFile',
  CATALOG_STATE_DIR: 'stateDir',
  CATALOG_CONCURRENCY: 'concurrency',
  CATALOG_TIMEOUT_MS: 'timeoutMs',
  CATALOG_RATE_LIMIT: 'rateLimit',
  CATALOG_LANG: 'lang',
} as const satisfies Record<string, keyof Settings>;

/**
 * The flags whose name is not the setting's in kebab case: a message about a flag's value names
 * the flag the user typed.
 */
export const SETTINGS_FLAGS: Partial<Record<keyof Settings, string>> = {
  jobTimeoutSeconds: '--job-timeout',
  settleAfterSeconds: '--settle-after',
  pickIssues: '--pick',
  skipIssues: '--skip',
};

/** The state directory when no layer names one (the schema's default). */
export const DEFAULT_STATE_DIR = '.catalog-import';

const NUMERIC = new Set<keyof Settings>(['concurrency', 'timeoutMs', 'rateLimit']);

/** Merges the layers, later ones winning; throws `ConfigError` when the settings file holds no object. */
export function mergeSettingsLayers(layers: SettingsLayers): MergedSettings {
  const merged: Record<string, unknown> = {};
  const sources: Partial<Record<keyof Settings, SettingSource>> = {};
  if (layers.file) {
    const values = layers.file.values;
    if (values !== undefined && values !== null && (typeof values !== 'object' || Array.isArray(values))) {
      throw new ConfigError(`settings file ${layers.file.path} must hold an object`);
    }
    for (const [key, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
      merged[key] = value;
      sources[key as keyof Settings] = 'file';
    }
  }
  for (const [name, key] of Object.entries(SETTINGS_ENV)) {
    const raw = layers.env?.[name];
    if (raw === undefined || raw === '') continue;
    merged[key] = NUMERIC.has(key) ? Number(raw) : raw;
    sources[key] = 'env';
  }
  for (const [key, value] of Object.entries(layers.flags ?? {})) {
    if (value === undefined) continue;
    merged[key] = value;
    sources[key as keyof Settings] = 'flag';
  }
  return { merged, sources };
}

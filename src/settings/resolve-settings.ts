/**
 * Merges settings once: defaults < settings file < environment < CLI flags, validates the result
 * with the schema, and records where each value came from for the report header.
 */
import { ConfigError } from '../core/errors.js';
import { createIssue } from '../core/issue.js';
import type { Issue } from '../core/issue.js';
import { SETTINGS_ENV, settingsSchema } from './settings-schema.js';
import { suggestSettingKey } from './suggest-setting-key.js';
import type { Settings, SettingsInput } from './settings-schema.js';

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

/** Resolved settings with the source of every value given explicitly. */
export interface ResolvedSettings {
  settings: Settings;
  sources: Partial<Record<keyof Settings, SettingSource>>;
  /** Settings file used, if any. */
  file?: string;
}

const NUMERIC = new Set<keyof Settings>(['concurrency', 'timeoutMs', 'rateLimit']);

/** Resolves settings; throws `ConfigError` listing every invalid value with where it came from. */
export function resolveSettings(layers: SettingsLayers): ResolvedSettings {
  const merged: Record<string, unknown> = {};
  const sources: Partial<Record<keyof Settings, SettingSource>> = {};
  const issues: Issue[] = [];

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

  const parsed = settingsSchema.safeParse(merged as SettingsInput);
  if (!parsed.success) {
    for (const zIssue of parsed.error.issues) {
      if (zIssue.code === 'unrecognized_keys') {
        for (const unknownKey of zIssue.keys) {
          const top = String(zIssue.path[0] ?? unknownKey);
          const source = sources[top as keyof Settings] ?? 'file';
          const from = source === 'file' ? `settings file ${layers.file?.path}` : source === 'flag' ? 'the command line' : source;
          const where = [...zIssue.path.map(String), unknownKey].join('.');
          const nearest = suggestSettingKey(settingsSchema, zIssue.path, unknownKey);
          issues.push(
            createIssue({
              code: 'unknown_setting',
              severity: 'error',
              stage: 'settings',
              path: where,
              data: nearest ? { where, from, nearest, variant: 'nearest' } : { where, from },
            }),
          );
        }
        continue;
      }
      const key = String(zIssue.path[0] ?? '');
      const source = sources[key as keyof Settings] ?? 'default';
      const envName = Object.entries(SETTINGS_ENV).find(([, k]) => k === key)?.[0];
      const from =
        source === 'file' ? `settings file ${layers.file?.path}` : source === 'env' ? `environment variable ${envName}` : source === 'flag' ? `flag --${toKebab(key)}` : 'default';
      issues.push(
        createIssue({
          code: 'invalid_setting',
          severity: 'error',
          stage: 'settings',
          path: zIssue.path.join('.'),
          data: { key, from, detail: zIssue.message },
        }),
      );
    }
    throw new ConfigError(`invalid settings:\n${issues.map((i) => `  - ${i.message}`).join('\n')}`, issues);
  }
  return { settings: parsed.data, sources, ...(layers.file ? { file: layers.file.path } : {}) };
}

/** The settings as they may be shown or stored: secrets removed, with their sources. */
export function describeSettings(resolved: ResolvedSettings): Record<string, unknown> {
  const { clientSecret: _secret, ...rest } = resolved.settings;
  return { ...rest, clientSecret: resolved.settings.clientSecret ? '(set)' : '(not set)', sources: resolved.sources, ...(resolved.file ? { file: resolved.file } : {}) };
}

function toKebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

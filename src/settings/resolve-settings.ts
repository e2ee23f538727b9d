/**
 * Merges settings once: defaults < settings file < environment < CLI flags, validates the result
 * with the schema, and records where each value came from for the report header.
 */
import { ConfigError } from '../core/errors.js';
import { createIssue } from '../core/issue.js';
import type { Issue, IssueData } from '../core/issue.js';
import { describeSchemaRule } from '../i18n/describe-schema-rule.js';
import { SETTINGS_ENV, settingsSchema } from './settings-schema.js';
import { suggestSettingKey } from './suggest-setting-key.js';
import type { Settings, SettingsInput } from './settings-schema.js';
import type { z } from 'zod';

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
    for (const zIssue of parsed.error.issues) issues.push(...describeSettingIssue(zIssue, sources, layers));
    throw new ConfigError(`invalid settings:\n${issues.map((i) => `  - ${i.message}`).join('\n')}`, issues);
  }
  return { settings: parsed.data, sources, ...(layers.file ? { file: layers.file.path } : {}) };
}

/**
 * Our issues of one zod issue of the settings: where the value came from and what the schema asked
 * for, as data, so that every language renders them (`describeSchemaRule`).
 */
function describeSettingIssue(zIssue: z.core.$ZodIssue, sources: Partial<Record<keyof Settings, SettingSource>>, layers: SettingsLayers): Issue[] {
  if (zIssue.code === 'unrecognized_keys') {
    return zIssue.keys.map((unknownKey) => {
      const top = String(zIssue.path[0] ?? unknownKey);
      const source = sources[top as keyof Settings] ?? 'file';
      const where = [...zIssue.path.map(String), unknownKey].join('.');
      const nearest = suggestSettingKey(settingsSchema, zIssue.path, unknownKey);
      const from = describeSource(source, source === 'file' ? layers.file?.path : undefined, { flag: 'command_line' });
      return createIssue({ code: 'unknown_setting', severity: 'error', stage: 'settings', path: where, data: nearest ? { where, ...from, nearest, variant: 'nearest' } : { where, ...from } });
    });
  }
  const key = String(zIssue.path[0] ?? '');
  const source = sources[key as keyof Settings] ?? 'default';
  const origin = source === 'file' ? layers.file?.path : source === 'env' ? Object.entries(SETTINGS_ENV).find(([, k]) => k === key)?.[0] : source === 'flag' ? `--${toKebab(key)}` : undefined;
  return [
    createIssue({ code: 'invalid_setting', severity: 'error', stage: 'settings', path: zIssue.path.join('.'), data: { key, ...describeSource(source, origin), ...describeSchemaRule(zIssue) } }),
  ];
}

/** Where a value came from, as the data of `setting_source.<name>`: the source's name and, where it has one, the file, variable or flag. */
function describeSource(source: SettingSource, origin: string | undefined, rename: Partial<Record<SettingSource, string>> = {}): IssueData {
  const settingSource = rename[source] ?? source;
  return origin === undefined || settingSource === 'command_line' ? { settingSource } : { settingSource, origin };
}

/** The settings as they may be shown or stored: secrets removed, with their sources. */
export function describeSettings(resolved: ResolvedSettings): Record<string, unknown> {
  const { clientSecret: _secret, ...rest } = resolved.settings;
  return { ...rest, clientSecret: resolved.settings.clientSecret ? '(set)' : '(not set)', sources: resolved.sources, ...(resolved.file ? { file: resolved.file } : {}) };
}

function toKebab(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

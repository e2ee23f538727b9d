/**
 * Merges settings once: defaults < settings file < environment < CLI flags, validates the result
 * with the schema, and records where each value came from for the report header.
 */
import { ConfigError } from '../core/errors.js';
import { createIssue } from '../core/issue.js';
import type { Issue, IssueData } from '../core/issue.js';
import { describeSchemaRule } from '../i18n/describe-schema-rule.js';
import { mergeSettingsLayers, SETTINGS_ENV, SETTINGS_FLAGS } from './settings-layers.js';
import type { MergedSettings, SettingSource, SettingsLayers } from './settings-layers.js';
import { settingsSchema } from './settings-schema.js';
import { suggestSettingKey } from './suggest-setting-key.js';
import type { Settings, SettingsInput } from './settings-schema.js';
import type { z } from 'zod';


/** Resolved settings with the source of every value given explicitly. */
export interface ResolvedSettings {
  settings: Settings;
  sources: Partial<Record<keyof Settings, SettingSource>>;
  /** Settings file used, if any. */
  file?: string;
}

/** Resolves settings; throws `ConfigError` listing every invalid value with where it came from. */
export function resolveSettings(layers: SettingsLayers): ResolvedSettings {
  const merged = mergeSettingsLayers(layers);
  return { settings: parseMergedSettings(merged, layers), sources: merged.sources, ...(layers.file ? { file: layers.file.path } : {}) };
}

/**
 * The settings the schema makes of the merged layers; throws `ConfigError` listing every invalid
 * value with where it came from (`layers` names the settings file).
 */
export function parseMergedSettings({ merged, sources }: MergedSettings, layers: SettingsLayers): Settings {
  const parsed = settingsSchema.safeParse(merged as SettingsInput);
  if (parsed.success) return parsed.data;
  const issues: Issue[] = [];
  for (const zIssue of parsed.error.issues) issues.push(...describeSettingIssue(zIssue, sources, layers));
  throw new ConfigError(`invalid settings:\n${issues.map((i) => `  - ${i.message}`).join('\n')}`, issues);
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
  const origin = source === 'file' ? layers.file?.path : source === 'env' ? Object.entries(SETTINGS_ENV).find(([, k]) => k === key)?.[0] : source === 'flag' ? nameFlag(key as keyof Settings) : undefined;
  return [
    createIssue({ code: 'invalid_setting', severity: 'error', stage: 'settings', path: zIssue.path.join('.'), data: { key, ...describeSource(source, origin), ...describeSchemaRule(zIssue) } }),
  ];
}

/** Where a value came from, as the data of `setting_source.<name>`: the source's name and, where it has one, the file, variable or flag. */
function describeSource(source: SettingSource, origin: string | undefined, rename: Partial<Record<SettingSource, string>> = {}): IssueData {
  const settingSource = rename[source] ?? source;
  return origin === undefined || settingSource === 'command_line' ? { settingSource } : { settingSource, origin };
}

/** The flag that gives the setting `key`, as the user types it. */
function nameFlag(key: keyof Settings): string {
  return SETTINGS_FLAGS[key] ?? `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * The resolved-settings cache (issue 39): the settings the schema made of one merged input are kept
 * in the state directory (`v8.serialize`), keyed by the SHA-256 of that input and a stamp of the
 * schema's code and zod's version. A run whose file, environment and flags merge to the same input
 * reads them back instead of loading zod (95 modules) and the schema: a third of a small cached dry
 * run's module loading. What it holds is what `parseMergedSettings` returned for that input: invalid
 * settings are never kept, so every problem is still found and worded by the one parser.
 *
 * File: `<stateDir>/resolved-settings.v8` (mode 0o600), the last `KEPT_ENTRIES` inputs' settings,
 * the newest first, written atomically (stale temporary files of killed writes removed first). A
 * file another user owns or may write is not trusted (`readOwnCacheFile`): in a shared state
 * directory a planted entry could send the secret elsewhere (`baseUrl`). Not used at all when the input holds the client secret (it
 * is never written anywhere, not even as part of a hash), when the state directory does not exist
 * yet (resolving settings creates no directory; the run that creates it keeps them next time) or
 * when the stamp cannot be computed. Anything unreadable or of another layout reads as a miss.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Deps } from '../core/deps.js';
import { createCodeStamp } from '../core/stamp-module-code.js';
import { removeStalePartials, writeFileAtomically } from '../report/start-atomic-file.js';
import { readOwnCacheFile } from '../state/read-own-cache-file.js';
import type { ResolvedSettings } from './resolve-settings.js';
import { DEFAULT_STATE_DIR, mergeSettingsLayers } from './settings-layers.js';
import type { SettingsLayers } from './settings-layers.js';
import type { Settings } from './settings-schema.js';

/** Version of the file's layout; a file of another version reads as a miss. */
const CACHE_VERSION = 1;

/** How many inputs' settings the file keeps: commands run with different flags take turns. */
export const KEPT_ENTRIES = 8;

/**
 * The modules whose code decides what a merged input parses to, relative to this one, without
 * extension: every module `resolve-settings` imports for values, transitively (a test walks those
 * imports and fails on one missing here), and this one.
 */
export const SETTINGS_PARSER_MODULES: readonly string[] = [
  './load-cached-settings',
  './resolve-settings',
  './settings-layers',
  './settings-schema',
  './service-profile-schema',
  './suggest-setting-key',
  '../core/errors',
  '../core/issue',
  '../core/compare-texts',
  '../core/cut-for-message',
  '../core/count-edits',
  '../core/stamp-module-code',
  '../i18n/describe-schema-rule',
  '../i18n/create-translator',
  '../i18n/create-number-format',
  '../i18n/language',
  '../sandbox/dialects/dialect-types',
  '../api/wire-aliases',
  '../domain/index',
  '../domain/service-limits',
  '../domain/service-paths',
  '../domain/status-vocabulary',
];

const stampSettingsParser = createCodeStamp({
  label: `catalog-import/resolved-settings/v${CACHE_VERSION}`,
  base: import.meta.url,
  modules: SETTINGS_PARSER_MODULES,
  packages: ['zod'],
});

/** One kept input's settings. */
interface KeptEntry {
  key: string;
  settings: Settings;
}

/** What the file holds. */
interface KeptSettingsFile {
  cacheVersion: number;
  entries: KeptEntry[];
}

/** Where the resolved settings are kept in the state directory `stateDir`. */
export function buildKeptSettingsPath(stateDir: string): string {
  return join(stateDir, 'resolved-settings.v8');
}

/**
 * `resolveSettings` through the cache: the layers merged, their settings read back when kept for the
 * same input and schema, else parsed (zod loaded then) and kept. Throws `ConfigError` as
 * `resolveSettings`. `deps.cwd` is what a relative state directory is resolved against.
 */
export async function resolveSettingsCached(layers: SettingsLayers, deps: Pick<Deps, 'cwd' | 'now' | 'userId'>): Promise<ResolvedSettings> {
  const merged = mergeSettingsLayers(layers);
  const resolved = (settings: Settings): ResolvedSettings => ({ settings, sources: merged.sources, ...(layers.file ? { file: layers.file.path } : {}) });
  const place = locateKeptSettings(merged.merged, deps.cwd);
  const kept = place === undefined ? [] : readKeptEntries(place.file, deps);
  const hit = kept.find((entry) => entry.key === place?.key);
  if (hit !== undefined) return resolved(hit.settings);
  const { parseMergedSettings } = await import('./resolve-settings.js');
  const settings = parseMergedSettings(merged, layers);
  if (place !== undefined) await keepEntries(place.file, [{ key: place.key, settings }, ...kept].slice(0, KEPT_ENTRIES), deps.now());
  return resolved(settings);
}

/** The file and key of this input's settings, or undefined when they are not to be kept (see the file comment). */
function locateKeptSettings(merged: Record<string, unknown>, cwd: string): { file: string; key: string } | undefined {
  if (merged.clientSecret !== undefined) return undefined;
  const stateDir = merged.stateDir === undefined ? DEFAULT_STATE_DIR : merged.stateDir;
  if (typeof stateDir !== 'string' || stateDir === '') return undefined;
  const dir = resolve(cwd, stateDir);
  try {
    if (!statSync(dir).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  const stamp = stampSettingsParser();
  if (stamp === undefined) return undefined;
  // v8's serialisation tells apart what JSON would not (NaN and null, -0 and 0, an undefined value).
  return { file: buildKeptSettingsPath(dir), key: createHash('sha256').update(`${stamp}\n`).update(serialize(merged)).digest('hex') };
}

function readKeptEntries(file: string, deps: Pick<Deps, 'userId'>): KeptEntry[] {
  const bytes = readOwnCacheFile(file, deps);
  if (bytes === undefined) return [];
  try {
    const kept = deserialize(bytes) as Partial<KeptSettingsFile> | null;
    if (kept === null || typeof kept !== 'object' || kept.cacheVersion !== CACHE_VERSION || !Array.isArray(kept.entries)) return [];
    return kept.entries.filter((entry): entry is KeptEntry => typeof entry?.key === 'string' && entry.settings !== null && typeof entry.settings === 'object');
  } catch {
    return [];
  }
}

/**
 * Writes the entries, first removing the stale temporary files of killed writes; a file that cannot
 * be written costs the next run a parse, nothing else, so a failure is not the run's.
 */
async function keepEntries(file: string, entries: KeptEntry[], now: Date): Promise<void> {
  const content: KeptSettingsFile = { cacheVersion: CACHE_VERSION, entries };
  try {
    await removeStalePartials(dirname(file), now);
    await writeFileAtomically(file, serialize(content), { mode: 0o600 });
  } catch {
    // A read-only or full state directory: the run goes on with the settings it parsed.
  }
}

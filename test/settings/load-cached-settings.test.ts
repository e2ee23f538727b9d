/**
 * The resolved-settings cache (issue 39): the settings of one merged input are read back from the
 * state directory while the input and the schema are the same; anything else is parsed again by the
 * one parser; invalid settings, an input holding the secret and a state directory not made yet are
 * never kept.
 */
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { buildKeptSettingsPath, KEPT_ENTRIES, resolveSettingsCached, SETTINGS_PARSER_MODULES } from '../../src/settings/load-cached-settings.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import type { SettingsLayers } from '../../src/settings/settings-layers.js';
import { walkValueImports } from '../helpers/walk-value-imports.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** A working directory holding the state directory `state` (made unless `make` is false). */
async function makeWorkDir(make = true): Promise<{ cwd: string; stateDir: string }> {
  const cwd = await mkdtemp(join(tmpdir(), 'cached-settings-'));
  onTestFinished(() => rm(cwd, { recursive: true, force: true }));
  const stateDir = join(cwd, 'state');
  if (make) await mkdir(stateDir);
  return { cwd, stateDir };
}

const AT = new Date('2026-11-29T12:00:00Z');
/** The process's user id (POSIX only: the ownership tests are skipped without one). */
const USER_ID = process.getuid?.();

/** What resolveSettingsCached reads of the run's Deps: this directory, a fixed clock, this user. */
function host(cwd: string, userId = USER_ID): { cwd: string; now: () => Date; userId?: number } {
  return { cwd, now: () => AT, ...(userId === undefined ? {} : { userId }) };
}

function layersFor(flags: SettingsLayers['flags'], env: SettingsLayers['env'] = {}): SettingsLayers {
  return { env, flags: { stateDir: 'state', ...flags } };
}

/** Rewrites every kept entry's concurrency: what a later resolution returns shows whether it was read from the cache. */
async function markKeptSettings(stateDir: string): Promise<void> {
  const file = buildKeptSettingsPath(stateDir);
  const kept = deserialize(await readFile(file)) as { entries: { settings: { concurrency: number } }[] };
  for (const entry of kept.entries) entry.settings.concurrency = 7;
  await writeFile(file, serialize(kept));
}

async function countKept(stateDir: string): Promise<number> {
  return (deserialize(await readFile(buildKeptSettingsPath(stateDir))) as { entries: unknown[] }).entries.length;
}

describe('resolveSettingsCached', () => {
  it('resolves as resolveSettings does, keeps the settings, and reads them back for the same input', async () => {
    const { cwd, stateDir } = await makeWorkDir();
    const layers = layersFor({ sandbox: true, timeoutMs: 5000 }, { CATALOG_CONCURRENCY: '3', HOME: '/somewhere' });
    const first = await resolveSettingsCached(layers, host(cwd));
    expect(first).toStrictEqual(resolveSettings(layers));
    expect(await countKept(stateDir)).toBe(1);

    await markKeptSettings(stateDir);
    const again = await resolveSettingsCached(layers, host(cwd));
    expect(again.settings.concurrency).toBe(7);
    expect(again.sources).toStrictEqual(first.sources);

    // A variable the settings do not read changes nothing; one they read is another input.
    expect((await resolveSettingsCached(layersFor({ sandbox: true, timeoutMs: 5000 }, { CATALOG_CONCURRENCY: '3', HOME: '/elsewhere' }), host(cwd))).settings.concurrency).toBe(7);
    const other = await resolveSettingsCached(layersFor({ sandbox: true, timeoutMs: 5000 }, { CATALOG_CONCURRENCY: '2' }), host(cwd));
    expect(other.settings.concurrency).toBe(2);
    expect(await countKept(stateDir)).toBe(2);
  });

  it('tells the settings file\'s values and its path apart from the same values given as flags', async () => {
    const { cwd, stateDir } = await makeWorkDir();
    await resolveSettingsCached({ flags: { concurrency: 5, stateDir: 'state' } }, host(cwd));
    await markKeptSettings(stateDir);
    const fromFile: SettingsLayers = { file: { path: join(cwd, 'settings.yaml'), values: { concurrency: 5 } }, flags: { stateDir: 'state' } };
    const resolved = await resolveSettingsCached(fromFile, host(cwd));
    // The same merged input: the kept settings, with this run's sources and file.
    expect(resolved.settings.concurrency).toBe(7);
    expect(resolved.sources).toStrictEqual({ concurrency: 'file', stateDir: 'flag' });
    expect(resolved.file).toBe(join(cwd, 'settings.yaml'));
  });

  it('keeps the newest inputs only', async () => {
    const { cwd, stateDir } = await makeWorkDir();
    for (let concurrency = 1; concurrency <= KEPT_ENTRIES + 2; concurrency += 1) await resolveSettingsCached(layersFor({ concurrency }), host(cwd));
    expect(await countKept(stateDir)).toBe(KEPT_ENTRIES);
    await markKeptSettings(stateDir);
    expect((await resolveSettingsCached(layersFor({ concurrency: KEPT_ENTRIES + 2 }), host(cwd))).settings.concurrency).toBe(7);
    expect((await resolveSettingsCached(layersFor({ concurrency: 1 }), host(cwd))).settings.concurrency).toBe(1);
  });

  it('throws what resolveSettings throws for invalid settings, and keeps nothing', async () => {
    const { cwd, stateDir } = await makeWorkDir();
    const layers = layersFor({ concurrency: 0 });
    const error = await resolveSettingsCached(layers, host(cwd)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect(() => resolveSettings(layers)).toThrow((error as ConfigError).message);
    expect(await readdir(stateDir)).toEqual([]);
  });

  it('keeps nothing when the input holds the client secret, or when the state directory is not made yet', async () => {
    const { cwd, stateDir } = await makeWorkDir();
    const withSecret = await resolveSettingsCached(layersFor({ sandbox: true }, { CATALOG_CLIENT_SECRET: 's3cret' }), host(cwd));
    expect(withSecret.settings.clientSecret).toBe('s3cret');
    expect(await readdir(stateDir)).toEqual([]);

    const fresh = await makeWorkDir(false);
    await resolveSettingsCached(layersFor({ sandbox: true }), host(fresh.cwd));
    expect(await readdir(fresh.cwd)).toEqual([]);
  });

  it('reads a file of another layout or unreadable as a miss, and replaces it', async () => {
    const { cwd, stateDir } = await makeWorkDir();
    await writeFile(buildKeptSettingsPath(stateDir), 'not a kept file');
    const layers = layersFor({ concurrency: 6 });
    expect((await resolveSettingsCached(layers, host(cwd))).settings.concurrency).toBe(6);
    expect(await countKept(stateDir)).toBe(1);
  });

  it.skipIf(USER_ID === undefined)('trusts no kept file another user owns or that group or others may write (a planted entry)', async () => {
    const { cwd, stateDir } = await makeWorkDir();
    const layers = layersFor({ concurrency: 6 });
    await resolveSettingsCached(layers, host(cwd));
    await markKeptSettings(stateDir);
    expect((await resolveSettingsCached(layers, host(cwd))).settings.concurrency).toBe(7);

    expect((await resolveSettingsCached(layers, host(cwd, (USER_ID ?? 0) + 1))).settings.concurrency).toBe(6);
    for (const mode of [0o620, 0o602]) {
      await markKeptSettings(stateDir);
      await chmod(buildKeptSettingsPath(stateDir), mode);
      expect((await resolveSettingsCached(layers, host(cwd))).settings.concurrency).toBe(6);
      // Kept again by this run, as its own private file.
      expect((await resolveSettingsCached(layers, host(cwd))).settings.concurrency).toBe(6);
    }
  });

  it('removes the temporary files of writes that died an hour ago or more when it keeps settings', async () => {
    const { cwd, stateDir } = await makeWorkDir();
    const dead = join(stateDir, '.resolved-settings.v8.0a0b0c0d.partial');
    const underWay = join(stateDir, '.resolved-settings.v8.01020304.partial');
    await writeFile(dead, 'cut short');
    await writeFile(underWay, 'being written');
    await utimes(dead, new Date(AT.getTime() - 61 * 60_000), new Date(AT.getTime() - 61 * 60_000));
    await utimes(underWay, new Date(AT.getTime() - 10 * 60_000), new Date(AT.getTime() - 10 * 60_000));

    await resolveSettingsCached(layersFor({ concurrency: 6 }), host(cwd));
    expect((await readdir(stateDir)).sort()).toEqual([basename(buildKeptSettingsPath(stateDir)), basename(underWay)].sort());
  });

  it('stamps the code of every module the parser imports for values, transitively inside src/', async () => {
    const imported = await walkValueImports(join(ROOT, 'src', 'settings'), ['resolve-settings']);
    expect(imported).toContain('./settings-schema');
    expect(imported.filter((name) => !SETTINGS_PARSER_MODULES.includes(name))).toEqual([]);
  });
});

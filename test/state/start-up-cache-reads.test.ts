/**
 * Issue 39: what a starting run reads back from the state directory (the kept settings and mapping,
 * the directory cache and its name keys) and the module files the caches' stamps hash are read
 * synchronously: through `node:fs/promises` each open, stat, read and close was a round trip to the
 * thread pool that the run waited for. Checked by the calls made (`node:fs/promises` replaced for
 * the test), never by time; a hit is still a hit (the kept values come back).
 */
import fsp from 'node:fs/promises';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createCodeStamp } from '../../src/core/stamp-module-code.js';
import { loadCachedMapping } from '../../src/mapping/load-cached-mapping.js';
import { resolveSettingsCached } from '../../src/settings/load-cached-settings.js';
import { hashDirectories, loadCachedDirectories, loadDirectoryNameKeys, saveCachedDirectories, saveDirectoryNameKeys } from '../../src/state/directory-cache.js';
import { makeDirectories } from '../helpers/builders.js';
import { spyOnBuiltin } from '../helpers/spy-on-builtin.js';

const ROOT = join(import.meta.dirname, '..', '..');
const ACCOUNT_KEY = 'b'.repeat(64);
const now = (): Date => new Date();
const host = (cwd: string): { cwd: string; now: () => Date; userId?: number } => ({ cwd, now, ...(process.getuid ? { userId: process.getuid() } : {}) });

/** Counts the `node:fs/promises` reads (`open`, `readFile`, `stat`) of paths under `folder` until the test ends. */
function countPromiseReads(folder: string): () => string[] {
  const seen: string[] = [];
  const inside = (target: unknown): boolean => typeof target === 'string' || target instanceof URL ? resolve(target instanceof URL ? target.pathname : target).startsWith(folder) : false;
  for (const name of ['open', 'readFile', 'stat'] as const) {
    const real = fsp[name].bind(fsp) as (...args: unknown[]) => unknown;
    spyOnBuiltin(fsp, name, ((...args: unknown[]) => {
      if (inside(args[0])) seen.push(`${name} ${String(args[0])}`);
      return real(...args);
    }) as never);
  }
  return () => seen;
}

describe('what a starting run reads back from the state directory', () => {
  it('the kept settings, the kept mapping, the directory cache and its name keys: read back, none through node:fs/promises', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'start-up-reads-'));
    onTestFinished(() => rm(cwd, { recursive: true, force: true }));
    const stateDir = join(cwd, 'state');
    await mkdir(stateDir);
    const mappingPath = join(cwd, 'shop.yaml');
    await writeFile(mappingPath, await fsp.readFile(join(ROOT, 'mappings', 'sample.yaml')));
    const layers = { env: {}, flags: { sandbox: true, stateDir } };
    const directories = makeDirectories();
    const contentHash = hashDirectories(directories);
    // Kept by a first run.
    await resolveSettingsCached(layers, host(cwd));
    await loadCachedMapping('shop.yaml', host(cwd), { stateDir });
    await saveCachedDirectories({ dir: stateDir, accountKey: ACCOUNT_KEY, directories });
    await saveDirectoryNameKeys({ dir: stateDir, accountKey: ACCOUNT_KEY, contentHash, rules: 'rules', keys: { categories: [], brands: [] } });

    const reads = countPromiseReads(stateDir);
    expect((await resolveSettingsCached(layers, host(cwd))).settings.stateDir).toBe(stateDir);
    expect((await loadCachedMapping('shop.yaml', host(cwd), { stateDir })).mapping.columns).toBeDefined();
    expect((await loadCachedDirectories({ dir: stateDir, accountKey: ACCOUNT_KEY, ttlMs: Number.POSITIVE_INFINITY, now }))?.contentHash).toBe(contentHash);
    expect(await loadDirectoryNameKeys({ dir: stateDir, accountKey: ACCOUNT_KEY, contentHash, rules: 'rules' })).toEqual({ categories: [], brands: [] });
    expect(reads()).toEqual([]);
    // The counter sees such reads: the check above can fail.
    await fsp.readFile(join(stateDir, 'resolved-settings.v8'));
    expect(reads()).toHaveLength(1);
  });

  it('a stamp reads the module files it hashes, none through node:fs/promises', () => {
    const reads = countPromiseReads(join(ROOT, 'src'));
    const stamp = createCodeStamp({ label: 'test', base: new URL('../../src/core/stamp-module-code.ts', import.meta.url).href, modules: ['./issue', './errors'], packages: ['zod'] });
    expect(stamp()).toMatch(/^[0-9a-f]{64}$/);
    expect(reads()).toEqual([]);
  });
});

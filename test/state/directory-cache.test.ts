import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Directories } from '../../src/domain/index.js';
import { buildAccountKey } from '../../src/state/account-key.js';
import {
  buildDirectoryCachePath,
  decodeCacheText,
  encodeCacheText,
  hashDirectories,
  loadCachedDirectories,
  loadPreviousCachedDirectories,
  saveCachedDirectories,
} from '../../src/state/directory-cache.js';
import { LIVE, SANDBOX, makeClock, makeTempDir } from './state-test-kit.js';

const accountKey = buildAccountKey(SANDBOX);
const HOUR = 3_600_000;

function makeDirectories(fetchedAt: string, brandName = 'Samsung'): Directories {
  return {
    categories: [
      { id: 2, parentId: 1, name: { rus: 'Футболки', kaz: 'Футболкалар' }, path: null, isLeaf: true },
      { id: 3, parentId: 1, name: { rus: 'Рубашки', kaz: 'Көйлектер' }, path: null, isLeaf: true },
    ],
    attributes: [{ id: 10, code: 'color', name: { rus: 'Цвет', kaz: 'Түс' }, type: 'dictionary', isMultiple: false, isSkuDefining: true, categories: [{ categoryId: 2, isRequired: true }] }],
    values: [{ id: 100, code: 'red', attributeCode: 'color', attributeId: 10, name: { rus: 'Красный', kaz: 'Қызыл' } }],
    brands: [{ id: 5, name: brandName, code: null }],
    fetchedAt,
  };
}

describe('directory cache', () => {
  it('round-trips directories per account in a private file, fresh within the TTL', async () => {
    const dir = await makeTempDir();
    const clock = makeClock('2026-11-22T10:00:00.000Z');
    const directories = makeDirectories('2026-11-22T10:00:00.000Z');
    const saved = await saveCachedDirectories({ dir, accountKey, directories });
    expect(saved).toEqual({ path: join(dir, `directories-${accountKey.slice(0, 12)}.json`), contentHash: hashDirectories(directories), changed: true });
    expect((await stat(saved.path)).mode & 0o777).toBe(0o600);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp') || name.endsWith('.partial'))).toEqual([]);

    clock.advance(HOUR);
    const loaded = await loadCachedDirectories({ dir, accountKey, ttlMs: 2 * HOUR, now: clock.now });
    expect(loaded).toEqual({ directories, fetchedAt: directories.fetchedAt, contentHash: saved.contentHash, stale: false, path: saved.path });
    expect(await loadCachedDirectories({ dir, accountKey: buildAccountKey(LIVE), ttlMs: 2 * HOUR, now: clock.now })).toBeUndefined();
  });

  it('treats an expired cache as absent unless stale data is allowed', async () => {
    const dir = await makeTempDir();
    const clock = makeClock('2026-11-22T10:00:00.000Z');
    await saveCachedDirectories({ dir, accountKey, directories: makeDirectories('2026-11-22T10:00:00.000Z') });
    clock.advance(2 * HOUR + 1);
    expect(await loadCachedDirectories({ dir, accountKey, ttlMs: 2 * HOUR, now: clock.now })).toBeUndefined();
    const stale = await loadCachedDirectories({ dir, accountKey, ttlMs: 2 * HOUR, now: clock.now, allowStale: true });
    expect(stale?.stale).toBe(true);
    expect(stale?.directories.brands[0]?.name).toBe('Samsung');
  });

  it('keeps the snapshot from before the last change of content as the previous one', async () => {
    const dir = await makeTempDir();
    const first = makeDirectories('2026-11-22T10:00:00.000Z');
    await saveCachedDirectories({ dir, accountKey, directories: first });
    expect(await loadPreviousCachedDirectories({ dir, accountKey })).toBeUndefined();

    // Same content in another paging order: not a change, only the fetch time moves.
    const refetched = { ...makeDirectories('2026-11-22T11:00:00.000Z'), categories: [...first.categories].reverse() };
    expect(hashDirectories(refetched)).toBe(hashDirectories(first));
    expect((await saveCachedDirectories({ dir, accountKey, directories: refetched })).changed).toBe(false);
    expect(await loadPreviousCachedDirectories({ dir, accountKey })).toBeUndefined();

    const changed = makeDirectories('2026-11-22T12:00:00.000Z', 'Samsung Electronics');
    const saved = await saveCachedDirectories({ dir, accountKey, directories: changed });
    expect(saved.changed).toBe(true);
    expect(saved.contentHash).not.toBe(hashDirectories(first));
    const previous = await loadPreviousCachedDirectories({ dir, accountKey });
    expect(previous?.path).toBe(buildDirectoryCachePath(dir, accountKey, 'previous'));
    expect(previous?.fetchedAt).toBe('2026-11-22T11:00:00.000Z');
    expect(previous?.directories.brands[0]?.name).toBe('Samsung');
    expect((await stat(buildDirectoryCachePath(dir, accountKey, 'previous'))).mode & 0o777).toBe(0o600);
    const current = await loadCachedDirectories({ dir, accountKey, ttlMs: 100 * HOUR, now: makeClock('2026-11-22T12:00:00.000Z').now });
    expect(current?.directories.brands[0]?.name).toBe('Samsung Electronics');
  });

  it('reads an unreadable or foreign cache file as a miss', async () => {
    const dir = await makeTempDir();
    const path = buildDirectoryCachePath(dir, accountKey);
    const now = makeClock('2026-11-22T10:00:00.000Z').now;
    await writeFile(path, '{"cacheVersion":1,"accountKey":');
    expect(await loadCachedDirectories({ dir, accountKey, ttlMs: HOUR, now })).toBeUndefined();
    await saveCachedDirectories({ dir, accountKey, directories: makeDirectories('2026-11-22T10:00:00.000Z') });
    const text = decodeCacheText(await readFile(path));
    await writeFile(path, encodeCacheText(text.replace(accountKey, 'f'.repeat(64))));
    expect(await loadCachedDirectories({ dir, accountKey, ttlMs: HOUR, now })).toBeUndefined();
  });

  it('writes its JSON as UTF-16LE behind a byte order mark, and still reads a file written as UTF-8', async () => {
    const dir = await makeTempDir();
    const clock = makeClock('2026-11-22T10:00:00.000Z');
    const directories = makeDirectories('2026-11-22T10:00:00.000Z');
    const saved = await saveCachedDirectories({ dir, accountKey, directories });
    const bytes = await readFile(saved.path);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const text = bytes.toString('utf16le', 2);
    expect((JSON.parse(text) as { directories: Directories }).directories).toEqual(directories);
    expect(decodeCacheText(bytes)).toBe(text);

    await writeFile(saved.path, text, 'utf8');
    const loaded = await loadCachedDirectories({ dir, accountKey, ttlMs: HOUR, now: clock.now });
    expect(loaded?.directories).toEqual(directories);
  });

  it('creates the state directory privately when it does not exist', async () => {
    const dir = join(await makeTempDir(), '.catalog-import');
    await saveCachedDirectories({ dir, accountKey, directories: makeDirectories('2026-11-22T10:00:00.000Z') });
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });
});

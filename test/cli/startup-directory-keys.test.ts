/**
 * Issue 39: a run with cached directories does not normalise their ~15,000 category and brand names
 * again: the name keys of the index are kept beside the cache (`directories-<key>.keys.json`), for
 * that content under those key rules, and the next run builds its index from them. Checked by what
 * the index holds (a key only the kept file has shows it was read), never by time.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Directories } from '../../src/domain/index.js';
import { createDirectoryIndex, listDirectoryNameKeys, stampNameKeyRules } from '../../src/mapping/directory-index.js';
import { indexLoadedDirectories, type LoadedDirectories } from '../../src/pipeline/load-directories.js';
import { createReferenceData } from '../../src/sandbox/reference-data.js';
import { buildDirectoryCachePath, decodeCacheText, encodeCacheText, hashDirectories } from '../../src/state/directory-cache.js';
import { makeDirectories } from '../helpers/builders.js';

const ACCOUNT_KEY = 'a'.repeat(64);

let stateDir: string;

beforeEach(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'catalog-import-keys-'));
});

afterEach(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

function loadedOf(directories: Directories): LoadedDirectories {
  return { directories, source: 'cache', contentHash: hashDirectories(directories) };
}

const keysPath = (): string => buildDirectoryCachePath(stateDir, ACCOUNT_KEY, 'keys');

/** `list` with `key, id` put in its place: kept keys are in ascending order. */
function insertKey(list: unknown[], key: string, id: number): void {
  let at = 0;
  while (at < list.length && (list[at] as string) < key) at += 2;
  list.splice(at, 0, key, id);
}

/** The kept file with one more key, `планшетыизкеша`, naming the first category: only an index read from the file has it. */
async function addMarkerKey(): Promise<number> {
  const file = JSON.parse(decodeCacheText(await readFile(keysPath()))) as { keys: { categories: unknown[] } };
  const first = makeDirectories().categories[0]!.id;
  insertKey(file.keys.categories, 'планшетыизкеша', first);
  await writeFile(keysPath(), encodeCacheText(JSON.stringify(file)));
  return first;
}

describe('the directory index from kept name keys', () => {
  it('is the index built from the names, key for key (the sandbox directories)', () => {
    const directories: Directories = { ...createReferenceData(), fetchedAt: '2026-01-01T00:00:00.000Z' };
    const built = createDirectoryIndex(directories);
    const kept = JSON.parse(JSON.stringify(listDirectoryNameKeys(built))) as ReturnType<typeof listDirectoryNameKeys>;
    const fromKeys = createDirectoryIndex(directories, kept);
    expect(fromKeys.fromNameKeys).toBe(true);
    expect(new Map(fromKeys.categoriesByName)).toEqual(built.categoriesByName);
    expect(new Map(fromKeys.brandsByName)).toEqual(built.brandsByName);
    expect(fromKeys.categoriesByName.size).toBeGreaterThan(directories.categories.length);
    // Every key answers a lookup as the built index does, and a key of neither answers nothing.
    for (const [key, entries] of built.categoriesByName) expect(fromKeys.categoriesByName.get(key)).toEqual(entries);
    for (const [key, entries] of built.brandsByName) expect(fromKeys.brandsByName.get(key)).toEqual(entries);
    expect(fromKeys.categoriesByName.get('нетникакойтакойкатегории')).toBeUndefined();
    expect(fromKeys.brandsByName.has('нетникакоготакогобренда')).toBe(false);
    // The entries are the directories' own records, as lookups hand them on, the same list each time.
    const [key, entries] = [...fromKeys.categoriesByName][0]!;
    expect(directories.categories).toContain(entries[0]);
    expect(fromKeys.categoriesByName.get(key)).toBe(fromKeys.categoriesByName.get(key));
  });

  it('keeps the keys in ascending order, and keys out of that order are not used: the names are keyed again', () => {
    const directories = makeDirectories();
    const kept = listDirectoryNameKeys(createDirectoryIndex(directories));
    const keys = kept.categories.filter((_, at) => at % 2 === 0) as string[];
    expect(keys).toEqual([...keys].sort());
    expect(keys.length).toBeGreaterThan(2);
    const swapped = [...kept.categories.slice(2, 4), ...kept.categories.slice(0, 2), ...kept.categories.slice(4)];
    const index = createDirectoryIndex(directories, { ...kept, categories: swapped });
    expect(index.fromNameKeys).toBeUndefined();
    expect(new Map(index.categoriesByName)).toEqual(createDirectoryIndex(directories).categoriesByName);
  });

  it('is not used when a key names an id the directories lack: the names are keyed again', () => {
    const directories = makeDirectories();
    const kept = listDirectoryNameKeys(createDirectoryIndex(directories));
    insertKey(kept.brands, 'призрак', 987_654);
    const index = createDirectoryIndex(directories, kept);
    expect(index.fromNameKeys).toBeUndefined();
    expect(index.brandsByName.has('призрак')).toBe(false);
    expect([...index.brandsByName]).toEqual([...createDirectoryIndex(directories).brandsByName]);
  });

  it('a run keeps the keys beside the cache, and the next run of the same content builds its index from them', async () => {
    const directories = makeDirectories();
    const first = await indexLoadedDirectories(loadedOf(directories), { stateDir, accountKey: ACCOUNT_KEY });
    const file = JSON.parse(decodeCacheText(await readFile(keysPath()))) as { contentHash: string; rules: string };
    expect(file.contentHash).toBe(hashDirectories(directories));
    expect(file.rules).toBe(stampNameKeyRules());

    const id = await addMarkerKey();
    const second = await indexLoadedDirectories(loadedOf(directories), { stateDir, accountKey: ACCOUNT_KEY });
    expect(second.categoriesByName.get('планшетыизкеша')?.map((category) => category.id)).toEqual([id]);
    expect(new Map([...second.categoriesByName].filter(([key]) => key !== 'планшетыизкеша'))).toEqual(new Map(first.categoriesByName));
  });

  it('keys kept for other content, or under other key rules, are made again and kept anew', async () => {
    const directories = makeDirectories();
    await indexLoadedDirectories(loadedOf(directories), { stateDir, accountKey: ACCOUNT_KEY });
    await addMarkerKey();

    const changed: Directories = { ...directories, brands: [...directories.brands, { id: 4242, name: 'Новый бренд', code: null }] };
    const ofChanged = await indexLoadedDirectories(loadedOf(changed), { stateDir, accountKey: ACCOUNT_KEY });
    expect(ofChanged.categoriesByName.has('планшетыизкеша')).toBe(false);
    expect(ofChanged.brandsByName.get('новыйбренд')?.map((brand) => brand.id)).toEqual([4242]);
    expect((JSON.parse(decodeCacheText(await readFile(keysPath()))) as { contentHash: string }).contentHash).toBe(hashDirectories(changed));

    await indexLoadedDirectories(loadedOf(directories), { stateDir, accountKey: ACCOUNT_KEY });
    await addMarkerKey();
    const file = JSON.parse(decodeCacheText(await readFile(keysPath()))) as { rules: string };
    await writeFile(keysPath(), encodeCacheText(JSON.stringify({ ...file, rules: 'older-rules' })));
    const underOtherRules = await indexLoadedDirectories(loadedOf(directories), { stateDir, accountKey: ACCOUNT_KEY });
    expect(underOtherRules.categoriesByName.has('планшетыизкеша')).toBe(false);
    expect((JSON.parse(decodeCacheText(await readFile(keysPath()))) as { rules: string }).rules).toBe(stampNameKeyRules());
  });
  it('kept keys the index refuses (an id the directories lack) are written anew, so the next run uses them', async () => {
    const directories = makeDirectories();
    await indexLoadedDirectories(loadedOf(directories), { stateDir, accountKey: ACCOUNT_KEY });
    const file = JSON.parse(decodeCacheText(await readFile(keysPath()))) as { keys: { brands: unknown[] } };
    insertKey(file.keys.brands, 'призрак', 987_654);
    await writeFile(keysPath(), encodeCacheText(JSON.stringify(file)));

    const refused = await indexLoadedDirectories(loadedOf(directories), { stateDir, accountKey: ACCOUNT_KEY });
    expect(refused.fromNameKeys).toBeUndefined();
    expect(decodeCacheText(await readFile(keysPath()))).not.toContain('призрак');
    const next = await indexLoadedDirectories(loadedOf(directories), { stateDir, accountKey: ACCOUNT_KEY });
    expect(next.fromNameKeys).toBe(true);
  });
});

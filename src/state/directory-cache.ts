/**
 * The on-disk cache of the four reference directories, per account: a run does not need to fetch
 * thousands of directory pages each time, and the snapshot before the last change is kept so that
 * "mapping check" can diff the cached directories against the live ones.
 *
 * Files in the state directory: `directories-<first 12 hex of the account key>.json` (current),
 * `directories-<key12>.prev.json` (the last snapshot with other content) and
 * `directories-<key12>.keys.json` (the name keys of the current snapshot's index, so that a run
 * need not normalise thousands of names again: issue 39), each written atomically
 * (`writeFileAtomically`: temp file, fsync, rename) with mode 0o600.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Directories } from '../domain/index.js';
import type { DirectoryNameKeys } from '../mapping/directory-index.js';
import { StateError } from '../core/errors.js';
import { writeFileAtomically } from '../report/start-atomic-file.js';
import { buildCanonicalJson } from './canonical-json.js';
import { readRegularFile } from './read-own-cache-file.js';

/** Version of the cache file format; a file of another version reads as a cache miss. */
const CACHE_VERSION = 1;

/** A directory snapshot read from the cache. */
export interface CachedDirectories {
  directories: Directories;
  /** ISO time the directories were fetched from the service. */
  fetchedAt: string;
  /** `hashDirectories(directories)`. */
  contentHash: string;
  /** True when older than the TTL (returned only with `allowStale`). */
  stale: boolean;
  /** The file it was read from. */
  path: string;
}

/** What a cache file holds. */
interface DirectoryCacheFile {
  cacheVersion: number;
  accountKey: string;
  fetchedAt: string;
  contentHash: string;
  directories: Directories;
}

/** What the name keys file holds: the keys of the directories whose content hash it names, made under the rules stamped. */
interface NameKeysFile {
  cacheVersion: number;
  accountKey: string;
  contentHash: string;
  rules: string;
  keys: DirectoryNameKeys;
}

/** Which snapshot: the current one or the one before the last change; or the name keys of the current one. */
export type DirectorySnapshot = 'current' | 'previous' | 'keys';

const SNAPSHOT_SUFFIXES: Readonly<Record<DirectorySnapshot, string>> = { current: '.json', previous: '.prev.json', keys: '.keys.json' };

/** Path of a cache file of the account. */
export function buildDirectoryCachePath(dir: string, accountKey: string, snapshot: DirectorySnapshot = 'current'): string {
  return join(dir, `directories-${accountKey.slice(0, 12)}${SNAPSHOT_SUFFIXES[snapshot]}`);
}

/**
 * The kept name keys of the directories with `contentHash`, made under the rules `rules` stamps, or
 * undefined when there are none for that content and those rules (the caller builds them).
 */
export async function loadDirectoryNameKeys(options: { dir: string; accountKey: string; contentHash: string; rules: string }): Promise<DirectoryNameKeys | undefined> {
  const file = readJsonFile(buildDirectoryCachePath(options.dir, options.accountKey, 'keys'));
  if (file === null || typeof file !== 'object') return undefined;
  const kept = file as Partial<NameKeysFile>;
  const fits = kept.cacheVersion === CACHE_VERSION && kept.accountKey === options.accountKey && kept.contentHash === options.contentHash && kept.rules === options.rules;
  return fits && kept.keys !== null && typeof kept.keys === 'object' ? kept.keys : undefined;
}

/** Keeps the name keys of the directories with `contentHash`. Throws `StateError` when the file cannot be written. */
export async function saveDirectoryNameKeys(options: { dir: string; accountKey: string; contentHash: string; rules: string; keys: DirectoryNameKeys }): Promise<void> {
  const path = buildDirectoryCachePath(options.dir, options.accountKey, 'keys');
  const file: NameKeysFile = { cacheVersion: CACHE_VERSION, accountKey: options.accountKey, contentHash: options.contentHash, rules: options.rules, keys: options.keys };
  try {
    await ensureDir(options.dir);
    await writeFileAtomically(path, encodeCacheText(JSON.stringify(file)), { mode: 0o600 });
  } catch (error) {
    throw new StateError(`cannot write the directory cache ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * sha256 (hex) of the directories' content: `fetchedAt` left out, each list sorted by id (paging
 * order is not content), object keys canonical.
 */
export function hashDirectories(directories: Directories): string {
  const byId = <T extends { id: number }>(items: readonly T[]): T[] => [...items].sort((a, b) => a.id - b.id);
  const content = {
    categories: byId(directories.categories),
    attributes: byId(directories.attributes),
    values: byId(directories.values),
    brands: byId(directories.brands),
  };
  return createHash('sha256').update(`catalog-import/directories/v1\n${buildCanonicalJson(content)}`).digest('hex');
}

/**
 * The cached directories of the account, or undefined when there are none, they are unreadable
 * (a cache miss is harmless: the caller fetches), or they are older than `ttlMs` and `allowStale`
 * is not set.
 */
export async function loadCachedDirectories(options: {
  dir: string;
  accountKey: string;
  ttlMs: number;
  now: () => Date;
  allowStale?: boolean;
}): Promise<CachedDirectories | undefined> {
  const path = buildDirectoryCachePath(options.dir, options.accountKey, 'current');
  const file = readCacheFile(path, options.accountKey);
  if (file === undefined) return undefined;
  const ageMs = options.now().getTime() - Date.parse(file.fetchedAt);
  const stale = ageMs > options.ttlMs;
  if (stale && options.allowStale !== true) return undefined;
  return { directories: file.directories, fetchedAt: file.fetchedAt, contentHash: file.contentHash, stale, path };
}

/** The snapshot kept from before the last change of content, whatever its age. */
export async function loadPreviousCachedDirectories(options: { dir: string; accountKey: string }): Promise<CachedDirectories | undefined> {
  const path = buildDirectoryCachePath(options.dir, options.accountKey, 'previous');
  const file = readCacheFile(path, options.accountKey);
  if (file === undefined) return undefined;
  return { directories: file.directories, fetchedAt: file.fetchedAt, contentHash: file.contentHash, stale: true, path };
}

/**
 * Caches freshly fetched directories (their `fetchedAt` is the fetch time). When the content
 * differs from the cached snapshot, that snapshot becomes the previous one; when it is the same,
 * only the fetch time moves and the previous snapshot stays. Throws `StateError` when the files
 * cannot be written.
 */
export async function saveCachedDirectories(options: {
  dir: string;
  accountKey: string;
  directories: Directories;
}): Promise<{ path: string; contentHash: string; changed: boolean }> {
  const path = buildDirectoryCachePath(options.dir, options.accountKey, 'current');
  const contentHash = hashDirectories(options.directories);
  const file: DirectoryCacheFile = {
    cacheVersion: CACHE_VERSION,
    accountKey: options.accountKey,
    fetchedAt: options.directories.fetchedAt,
    contentHash,
    directories: options.directories,
  };
  try {
    await ensureDir(options.dir);
    const current = readCacheFile(path, options.accountKey);
    const changed = current === undefined || current.contentHash !== contentHash;
    if (current !== undefined && changed) {
      await rename(path, buildDirectoryCachePath(options.dir, options.accountKey, 'previous'));
    }
    await writeFileAtomically(path, encodeCacheText(JSON.stringify(file)), { mode: 0o600 });
    return { path, contentHash, changed };
  } catch (error) {
    throw new StateError(`cannot write the directory cache ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The bytes of a cache file (the directories, their previous snapshot, the name keys): its JSON as
 * UTF-16LE behind a byte order mark. Not UTF-8: the names are mostly Cyrillic, and every run with
 * cached directories decodes the files (2.25 MB) before parsing them; Node 20 decodes that UTF-8 in
 * ~113 M instructions (more than `JSON.parse` of the text, ~94 M) and UTF-16LE in ~3 M
 * (docs/history/performance-rounds.md, "Start-up leads"). The files grow by a quarter.
 */
export function encodeCacheText(text: string): Buffer {
  return Buffer.from(`\ufeff${text}`, 'utf16le');
}

/** The text of a cache file's bytes: UTF-16LE behind its byte order mark, else UTF-8 (files written before the mark, still read as they are). */
export function decodeCacheText(bytes: Buffer): string {
  return bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe ? bytes.toString('utf16le', 2) : bytes.toString('utf8');
}

function readCacheFile(path: string, accountKey: string): DirectoryCacheFile | undefined {
  const parsed = readJsonFile(path);
  return isCacheFile(parsed, accountKey) ? parsed : undefined;
}

/**
 * The file's JSON, or undefined when it is missing, unreadable or no regular file (a cache miss).
 * Read synchronously, as `readRegularFile` reads: these files are read while a run starts, when
 * nothing else is under way, and read asynchronously (in 512 KB steps, each a round trip to the
 * thread pool) the run waited for each step (issue 39).
 */
function readJsonFile(path: string): unknown {
  const bytes = readRegularFile(path);
  if (bytes === undefined) return undefined;
  try {
    return JSON.parse(decodeCacheText(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

function isCacheFile(value: unknown, accountKey: string): value is DirectoryCacheFile {
  if (value === null || typeof value !== 'object') return false;
  const file = value as Partial<DirectoryCacheFile>;
  const directories = file.directories as Partial<Directories> | undefined;
  return (
    file.cacheVersion === CACHE_VERSION &&
    // Guards against two accounts whose keys share the first 12 hex digits.
    file.accountKey === accountKey &&
    typeof file.fetchedAt === 'string' &&
    !Number.isNaN(Date.parse(file.fetchedAt)) &&
    typeof file.contentHash === 'string' &&
    directories !== undefined &&
    Array.isArray(directories.categories) &&
    Array.isArray(directories.attributes) &&
    Array.isArray(directories.values) &&
    Array.isArray(directories.brands)
  );
}

async function ensureDir(dir: string): Promise<void> {
  try {
    await stat(dir);
  } catch {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
  }
}

/**
 * Loads a CommonJS bundle through V8 with a code cache beside it: the technique of
 * `v8-compile-cache`, for the built CLI (issue 39). Node 20 keeps no compiled code between runs
 * (its module compile cache came with Node 22), and parsing plus compiling our modules was the
 * largest single cost of a short run; a cache made after a representative run also holds the
 * functions V8 compiled lazily during it.
 *
 * V8 rejects a cache made by another V8 version or under other V8 flags (`cachedDataRejected`), but
 * of the source it checks only the length, and a release build of V8 does not check the cache's own
 * bytes: a stale cache of a same-length bundle runs the old code, a damaged one can crash the
 * process. Nor does V8's version check tell one Node 20 release from another, which all report the
 * same V8 version. So the cache is given to V8 only when its stamp, which the build writes into the
 * loader, matches: a CRC-32 of the bundle and the cache, and the Node release and architecture that
 * made them. Otherwise the source is compiled: the same code runs, only slower.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/** What became of the code cache: taken by V8, refused by V8, not matching its stamp (so not given to V8), or not there (or unreadable). */
export type CodeCacheUse = 'used' | 'rejected' | 'unmatched' | 'absent';

/** What the loader trusts a cache by: the bundle and cache it was made with, and the Node that made it. */
export interface CodeCacheStamp {
  /** CRC-32 of the bundle's bytes, continued over the cache's. */
  crc32: number;
  /** `process.version` of the Node that made the cache. */
  node: string;
  /** `process.arch` of that Node. */
  arch: string;
}

/** A loaded bundle: its `module.exports`, what became of its cache, and how to write a fresh one. */
export interface LoadedBundle {
  exports: Record<string, unknown>;
  cache: CodeCacheUse;
  /** Writes the code compiled so far (the bundle's top level and every function run until now) to the cache file. */
  writeCache: () => void;
}

/** The stamp of a bundle's bytes and its cache's, made by this Node: the build writes it, the loader compares it. */
export function stampCodeCache(bundle: Uint8Array, cache: Uint8Array): CodeCacheStamp {
  return { crc32: crc32(bundle, crc32(cache)), node: process.version, arch: process.arch };
}

/**
 * Compiles the CommonJS file `bundlePath`, with the cache at `cachePath` when it matches `stamp`,
 * runs it as a module, and returns its exports. Without a stamp no cache is trusted.
 */
export function loadCachedBundle(bundlePath: string, cachePath: string, stamp?: CodeCacheStamp): LoadedBundle {
  const bytes = readFileSync(bundlePath);
  const found = readCache(cachePath);
  const cachedData = found !== undefined && matchesStamp(bytes, found, stamp) ? found : undefined;
  // The wrapper Node puts around a CommonJS module; a `#!` line is only valid at the start of a file.
  const source = bytes.toString('utf8').replace(/^#!.*/, '');
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundlePath, ...(cachedData === undefined ? {} : { cachedData }) });
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
  wrapper.call(module.exports, module.exports, createRequire(bundlePath), module, bundlePath, dirname(bundlePath));
  return {
    exports: module.exports,
    cache: found === undefined ? 'absent' : cachedData === undefined ? 'unmatched' : script.cachedDataRejected === true ? 'rejected' : 'used',
    writeCache: () => writeFileSync(cachePath, script.createCachedData()),
  };
}

/** Whether the bundle and cache are the ones `stamp` was made of, by this Node release on this architecture (the cheap checks first). */
function matchesStamp(bundle: Uint8Array, cache: Uint8Array, stamp: CodeCacheStamp | undefined): boolean {
  if (stamp === undefined || stamp.node !== process.version || stamp.arch !== process.arch) return false;
  return stampCodeCache(bundle, cache).crc32 === stamp.crc32;
}

/** The cache file's bytes, or nothing when it cannot be read for any reason (none shipped, a folder, no permission): the cache only saves time. */
function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

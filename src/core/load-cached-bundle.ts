/**
 * Loads a CommonJS bundle through V8 with a code cache beside it: the technique of
 * `v8-compile-cache`, for the built CLI (issue 39). Node 20 keeps no compiled code between runs
 * (its module compile cache came with Node 22), and parsing plus compiling our modules was the
 * largest single cost of a short run; a cache made after a representative run also holds the
 * functions V8 compiled lazily during it.
 *
 * V8 rejects a cache made by another V8 version or under other V8 flags (`cachedDataRejected`), and
 * then simply compiles the source: the same code runs, only slower. It does not compare the source
 * itself (only its length), so the build writes the bundle and its cache together, never one alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

/** Whether the code cache was there and taken. */
export type CodeCacheUse = 'used' | 'rejected' | 'absent';

/** A loaded bundle: its `module.exports`, what became of its cache, and how to write a fresh one. */
export interface LoadedBundle {
  exports: Record<string, unknown>;
  cache: CodeCacheUse;
  /** Writes the code compiled so far (the bundle's top level and every function run until now) to the cache file. */
  writeCache: () => void;
}

/** Compiles the CommonJS file `bundlePath` with the cache at `cachePath` (if any), runs it as a module, and returns its exports. */
export function loadCachedBundle(bundlePath: string, cachePath: string): LoadedBundle {
  const cachedData = readCache(cachePath);
  // The wrapper Node puts around a CommonJS module; a `#!` line is only valid at the start of a file.
  const source = readFileSync(bundlePath, 'utf8').replace(/^#!.*/, '');
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundlePath, ...(cachedData === undefined ? {} : { cachedData }) });
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void;
  wrapper.call(module.exports, module.exports, createRequire(bundlePath), module, bundlePath, dirname(bundlePath));
  return {
    exports: module.exports,
    cache: cachedData === undefined ? 'absent' : script.cachedDataRejected === true ? 'rejected' : 'used',
    writeCache: () => writeFileSync(cachePath, script.createCachedData()),
  };
}

/** The cache file's bytes, or nothing when there is none: a package built without one still runs. */
function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Counts the times one file is read through on this thread until the test ends: the streams opened
 * on it (`createReadStream` of `node:fs`, which our readers use) and the file handles opened on it
 * and read from their current position (`open` of `node:fs/promises`, which the hash uses; a read
 * of the head at a given position is not a read through). How many times a run reads the file from disk.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { resolve } from 'node:path';
import { spyOnBuiltin } from './spy-on-builtin.js';

/** Starts counting reads through `path`; the returned function gives the count so far. */
export function countReadStreams(path: string): () => number {
  let count = 0;
  const real = fs.createReadStream.bind(fs);
  spyOnBuiltin(fs, 'createReadStream', ((target: fs.PathLike, options?: Parameters<typeof fs.createReadStream>[1]) => {
    if (resolve(String(target)) === resolve(path)) count += 1;
    return real(target, options);
  }) as typeof fs.createReadStream);
  const realOpen = fsp.open.bind(fsp);
  spyOnBuiltin(fsp, 'open', (async (target: fs.PathLike, ...rest: unknown[]) => {
    const handle = await (realOpen as (target: fs.PathLike, ...rest: unknown[]) => Promise<fsp.FileHandle>)(target, ...rest);
    if (resolve(String(target)) !== resolve(path)) return handle;
    const read = handle.read.bind(handle) as (...args: unknown[]) => Promise<unknown>;
    let counted = false;
    handle.read = ((...args: unknown[]) => {
      if (!counted && args.length >= 4 && args[3] === null) {
        counted = true;
        count += 1;
      }
      return read(...args);
    }) as fsp.FileHandle['read'];
    return handle;
  }) as typeof fsp.open);
  return () => count;
}

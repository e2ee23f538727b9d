/**
 * Counts the streams opened on one file on this thread (`createReadStream` of `node:fs`, which our
 * hashing and readers use) until the test ends: how many times a run reads the file from disk.
 */
import fs from 'node:fs';
import { resolve } from 'node:path';
import { spyOnBuiltin } from './spy-on-builtin.js';

/** Starts counting streams opened on `path`; the returned function gives the count so far. */
export function countReadStreams(path: string): () => number {
  let count = 0;
  const real = fs.createReadStream.bind(fs);
  spyOnBuiltin(fs, 'createReadStream', ((target: fs.PathLike, options?: Parameters<typeof fs.createReadStream>[1]) => {
    if (resolve(String(target)) === resolve(path)) count += 1;
    return real(target, options);
  }) as typeof fs.createReadStream);
  return () => count;
}

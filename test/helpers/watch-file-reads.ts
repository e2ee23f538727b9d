/**
 * Counts the whole-file reads of one file on this thread (`readFile` of `node:fs/promises`, as our
 * modules import it) until the test ends, and lets a test act right after a given read returned,
 * before the reader gets the bytes: how a test edits a file between two moments of a run.
 */
import fsp from 'node:fs/promises';
import { resolve } from 'node:path';
import { spyOnBuiltin } from './spy-on-builtin.js';

/** Starts counting reads of `path`; `afterRead(n)` runs after the n-th read (1-based). Returns the count so far. */
export function watchFileReads(path: string, afterRead?: (n: number) => Promise<void> | void): () => number {
  let count = 0;
  const real = fsp.readFile.bind(fsp);
  spyOnBuiltin(fsp, 'readFile', (async (target: Parameters<typeof fsp.readFile>[0], options?: Parameters<typeof fsp.readFile>[1]) => {
    const content = await real(target, options);
    if (typeof target === 'string' && resolve(target) === resolve(path)) {
      count += 1;
      await afterRead?.(count);
    }
    return content;
  }) as typeof fsp.readFile);
  return () => count;
}

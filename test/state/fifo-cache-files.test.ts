/**
 * A FIFO in the state directory in place of a cache file (planted, or left by a tool) is a cache
 * miss, and the run goes on: the caches are read synchronously while a run starts, and an open that
 * waited for the FIFO's writer would stop the main thread, Ctrl-C with it. Each FIFO here has a
 * writer that offers a valid cache file's bytes: a read that waited for it would take them, so a
 * test that passes read nothing from the FIFO. (Writing the fetched directories back replaces the
 * FIFO: `writeFileAtomically` never writes into a pipe, test/report/write-file-atomically.test.ts.)
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildAccountKey } from '../../src/state/account-key.js';
import { loadCachedDirectories, saveCachedDirectories } from '../../src/state/directory-cache.js';
import { readOwnCacheFile } from '../../src/state/read-own-cache-file.js';
import { makeDirectories } from '../helpers/builders.js';
import { SANDBOX, makeTempDir } from './state-test-kit.js';

const accountKey = buildAccountKey(SANDBOX);
const host = process.getuid === undefined ? {} : { userId: process.getuid() };

/** Puts a FIFO at `path` with a writer that offers the bytes of `source` to the first reader (ended with the test). */
function plantFifo(path: string, source: string): void {
  execFileSync('mkfifo', [path]);
  const writer = spawn(process.execPath, ['-e', 'require("node:fs").writeFileSync(process.argv[1], require("node:fs").readFileSync(process.argv[2]))', path, source], { stdio: 'ignore' });
  onTestFinished(() => {
    writer.kill();
  });
}

describe.skipIf(process.platform === 'win32')('a FIFO in place of a cache file', () => {
  it('is no cache file of its own: not read, not waited for', async () => {
    const dir = await makeTempDir();
    const source = join(dir, 'source.json');
    await writeFile(source, '{"kept": true}', { mode: 0o600 });
    expect(readOwnCacheFile(source, host)?.toString('utf8')).toBe('{"kept": true}');
    const fifo = join(dir, 'settings-cache.json');
    plantFifo(fifo, source);
    expect(readOwnCacheFile(fifo, host)).toBeUndefined();
  });

  it('in place of the directory cache is a cache miss: the caller fetches', async () => {
    const dir = await makeTempDir();
    const saved = await saveCachedDirectories({ dir, accountKey, directories: makeDirectories() });
    const load = () => loadCachedDirectories({ dir, accountKey, ttlMs: Number.POSITIVE_INFINITY, now: () => new Date() });
    expect((await load())?.contentHash).toBe(saved.contentHash);
    const source = join(dir, 'saved.json');
    await writeFile(source, await readFile(saved.path));
    await rm(saved.path);
    plantFifo(saved.path, source);
    expect(await load()).toBeUndefined();
  });
});

import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASH_THREAD_MIN_BYTES, hashFile } from '../../src/pipeline/hash-file.js';
import { trackWorkers } from '../helpers/track-workers.js';

let dir: string;
let small: string;
let large: string;
let largeBytes: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hash-file-'));
  small = join(dir, 'small.csv');
  await writeFile(small, 'Артикул;Цена\nA-1;100\n');
  large = join(dir, 'large.csv');
  // Not a repeated block only: a chunking mistake would then still hash equal.
  largeBytes = Buffer.alloc(HASH_THREAD_MIN_BYTES + 12_345);
  for (let i = 0; i + 4 <= largeBytes.length; i += 4) largeBytes.writeUInt32LE((i * 2654435761) >>> 0, i);
  await writeFile(large, largeBytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

describe('hashFile', () => {
  it('gives the SHA-256 of a small file (this thread) and of a large one (a thread of its own)', async () => {
    expect(await hashFile(small)).toBe(sha256('Артикул;Цена\nA-1;100\n'));
    const workers = trackWorkers();
    expect(await hashFile(large)).toBe(sha256(largeBytes));
    expect(workers.started()).toBe(1);
  });

  it('takes the size from a caller that has just looked at the file: it chooses the thread, never what is hashed', async () => {
    const workers = trackWorkers();
    expect(await hashFile(small, { size: HASH_THREAD_MIN_BYTES })).toBe(sha256('Артикул;Цена\nA-1;100\n'));
    expect(workers.started()).toBe(1);
    expect(await hashFile(large, { size: 10 })).toBe(sha256(largeBytes));
    expect(workers.started()).toBe(1);
  });

  it('rejects with the file system code for a file that is not there', async () => {
    await expect(hashFile(join(dir, 'missing.csv'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops when aborted while its thread reads, leaving no thread', async () => {
    const workers = trackWorkers();
    const controller = new AbortController();
    const hashing = hashFile(large, { signal: controller.signal });
    while (workers.started() === 0) await new Promise((done) => setImmediate(done));
    controller.abort(new Error('stopped'));
    await expect(hashing).rejects.toThrow('stopped');
    expect(await workers.alive()).toBe(0);
  });
});

import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashFile } from '../../src/pipeline/hash-file.js';

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
  largeBytes = Buffer.alloc(16 * 1024 * 1024 + 12_345);
  for (let i = 0; i + 4 <= largeBytes.length; i += 4) largeBytes.writeUInt32LE((i * 2654435761) >>> 0, i);
  await writeFile(large, largeBytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

describe('hashFile', () => {
  it('gives the SHA-256 of a small file and of a large one', async () => {
    expect(await hashFile(small)).toBe(sha256('Артикул;Цена\nA-1;100\n'));
    expect(await hashFile(large)).toBe(sha256(largeBytes));
  });

  it('rejects with the file system code for a file that is not there', async () => {
    await expect(hashFile(join(dir, 'missing.csv'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops when aborted while it reads, with the reason of the abort', async () => {
    const controller = new AbortController();
    const hashing = hashFile(large, { signal: controller.signal });
    controller.abort(new Error('stopped'));
    await expect(hashing).rejects.toThrow('stopped');
  });
});

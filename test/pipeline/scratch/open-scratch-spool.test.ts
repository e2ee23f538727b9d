import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProductKeyIndex } from '../../../src/core/product-key-index.js';
import { openScratchSpool } from '../../../src/pipeline/scratch/open-scratch-spool.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scratch-spool-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A test record: a row number and names. */
interface Entry {
  row: number;
  names: string[];
}

describe('openScratchSpool', () => {
  it('gives back a record once, replacing a record put again, from memory and from the file', () => {
    const spool = openScratchSpool(join(dir, 'spool'), { pendingBytes: 64 });
    spool.put('A', { row: 2, names: ['Футболка'] });
    spool.put('B', { row: 3, names: ['Платье «Ромашка» 🌼', 'x'.repeat(300)] });
    spool.put('A', { row: 5, names: [] });
    spool.put('C', { row: 6, names: ['still in memory'] });
    expect(spool.take<Entry>('A')).toEqual({ row: 5, names: [] });
    expect(spool.take<Entry>('A')).toBeUndefined();
    expect(spool.take<Entry>('B')).toEqual({ row: 3, names: ['Платье «Ромашка» 🌼', 'x'.repeat(300)] });
    expect(spool.take<Entry>('C')).toEqual({ row: 6, names: ['still in memory'] });
    expect(spool.take<Entry>('never')).toBeUndefined();
    spool.close();
  });

  it('gives a value back as JSON carries it, whether it was still in memory or in the file', () => {
    const path = join(dir, 'spool');
    const spool = openScratchSpool(path, { pendingBytes: 1400 });
    const value = { row: 2, gone: undefined, kept: null, names: ['Қазақша 🌼', 'x'.repeat(100)], nested: { a: 1, b: [true, 0.5] } };
    const later = { row: 3, names: ['y'.repeat(400)] };
    spool.put('in file', value);
    // Too large for what is left of the buffer: the first goes to the file, this one waits in memory.
    spool.put('in memory', later);
    expect(statSync(path).size).toBe(Buffer.byteLength(JSON.stringify(value)));
    expect(spool.take('in file')).toStrictEqual({ row: 2, kept: null, names: value.names, nested: value.nested });
    expect(spool.take('in memory')).toStrictEqual(later);
    spool.close();
  });

  it('writes a value too large for the buffer straight to the file, and keeps buffering the small ones', () => {
    const path = join(dir, 'spool');
    const spool = openScratchSpool(path, { pendingBytes: 64 });
    const small = (row: number): Entry => ({ row, names: [] });
    const large: Entry = { row: 3, names: ['Платье «Ромашка» 🌼', 'x'.repeat(300)] };
    const bytes = (entry: Entry): number => Buffer.byteLength(JSON.stringify(entry));
    spool.put('A', small(2));
    expect(statSync(path).size).toBe(0);
    spool.put('B', large);
    // A written out to make room, B after it at once: no buffer grown to B's size waits with it.
    expect(statSync(path).size).toBe(bytes(small(2)) + bytes(large));
    spool.put('C', small(4));
    expect(statSync(path).size).toBe(bytes(small(2)) + bytes(large));
    expect(spool.take<Entry>('B')).toEqual(large);
    expect(spool.take<Entry>('A')).toEqual(small(2));
    expect(spool.take<Entry>('C')).toEqual(small(4));
    spool.close();
  });

  it('replaces a stale file and deletes its file when closed', async () => {
    const path = join(dir, 'spool');
    await writeFile(path, 'left by a run that crashed');
    const spool = openScratchSpool(path);
    spool.put('A', { row: 2, names: [] });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    spool.close();
    expect(existsSync(path)).toBe(false);
    spool.close();
  });

  it('keeps a record put and taken back many times whole, and compacts the dead records away', () => {
    const path = join(dir, 'spool');
    // Ids from a key index the run shares: B's 0, A's 3001, the ones between never put here.
    const productKeys = createProductKeyIndex();
    for (const key of ['B', ...Array.from({ length: 3000 }, (_, n) => `other ${n}`)]) productKeys.idOf(key);
    const spool = openScratchSpool(path, { compactBytes: 1000, pendingBytes: 16, productKeys });
    spool.put('B', { row: 1, names: ['B'] });
    const names: string[] = [];
    for (let row = 2; row < 200; row++) {
      const taken = spool.take<Entry>('A');
      names.splice(0, names.length, ...(taken?.names ?? []), `Платье «Ромашка» 🌼 ${row}`);
      spool.put('A', { row: 2, names });
    }
    // Every name of A was written again with each late row: without compaction the file would hold them all.
    expect(statSync(path).size).toBeLessThan(40_000);
    expect(spool.take<Entry>('A')?.names).toHaveLength(198);
    expect(spool.take<Entry>('B')).toEqual({ row: 1, names: ['B'] });
    spool.close();
    expect(existsSync(path)).toBe(false);
  });

  it('finds every record among thousands, with records taken and put again and a compaction between', () => {
    const spool = openScratchSpool(join(dir, 'spool'), { compactBytes: 20_000, pendingBytes: 256 });
    checkThousands(spool);
    spool.close();
  });

  it('keeps its records by the ids of a key index shared with the other stages of a run', () => {
    const productKeys = createProductKeyIndex();
    // Keys the other stages named first, some never put here.
    for (let row = 0; row < 6000; row += 2) productKeys.idOf(`товар ${row}`);
    productKeys.idOf('known elsewhere');
    const spool = openScratchSpool(join(dir, 'spool'), { compactBytes: 20_000, pendingBytes: 256, productKeys });
    checkThousands(spool);
    expect(spool.take<Entry>('known elsewhere')).toBeUndefined();
    spool.close();
  });
});

/** Puts 5,000 records (some taken back and put again, some put twice), then takes each back once. */
function checkThousands(spool: ReturnType<typeof openScratchSpool>): void {
  const expected = new Map<string, Entry>();
  for (let row = 0; row < 5000; row++) {
    const key = `товар ${row}`;
    const entry = { row, names: [key, 'x'.repeat(row % 7)] };
    spool.put(key, entry);
    expected.set(key, entry);
    // Every third product is reopened by a late row and put again, larger.
    if (row % 3 === 2) {
      const late = `товар ${row - 1}`;
      const taken = spool.take<Entry>(late);
      expect(taken).toEqual(expected.get(late));
      const grown = { row: row - 1, names: [...(taken?.names ?? []), 'late'] };
      spool.put(late, grown);
      expected.set(late, grown);
    }
    // A late row of a product put again over its own record (no take between).
    if (row % 5 === 4) {
      const again = { row, names: [key, 'again'] };
      spool.put(key, again);
      expected.set(key, again);
    }
  }
  expect(spool.take<Entry>('never put')).toBeUndefined();
  for (const [key, entry] of expected) expect(spool.take<Entry>(key)).toEqual(entry);
  for (const key of expected.keys()) expect(spool.take<Entry>(key)).toBeUndefined();
}

import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchSpool } from '../../src/state/open-scratch-spool.js';
import type { SpooledProduct } from '../../src/state/types.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scratch-spool-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const now = (): Date => new Date('2026-11-23T12:00:00Z');

function product(productKey: string, firstRow: number): SpooledProduct {
  const rows = [{ file: 'catalog.csv', row: firstRow }];
  return { productKey, firstRow, rows, draft: null, issues: [], contentHash: null, records: [{ row: firstRow, name: 'Футболка' }] };
}

describe('openScratchSpool', () => {
  it('gives back a spooled product once, replacing a product spooled again', () => {
    const spool = openScratchSpool(join(dir, 'spool.sqlite'), now);
    spool.spoolProducts('run-1', [product('A', 2), product('B', 3)]);
    spool.spoolProducts('run-1', [product('A', 5)]);
    expect(spool.takeSpooledProduct('run-1', 'A')).toEqual(product('A', 5));
    expect(spool.takeSpooledProduct('run-1', 'A')).toBeUndefined();
    expect(spool.takeSpooledProduct('run-2', 'B')).toBeUndefined();
    expect(spool.takeSpooledProduct('run-1', 'B')).toEqual(product('B', 3));
    spool.close();
  });

  it('replaces a stale file and deletes its file when closed', async () => {
    const path = join(dir, 'spool.sqlite');
    await writeFile(path, 'left by a run that crashed');
    const spool = openScratchSpool(path, now);
    spool.spoolProducts('run-1', [product('A', 2)]);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    spool.close();
    expect(existsSync(path)).toBe(false);
    spool.close();
  });

  it('keeps a product spooled and taken back many times whole, and compacts the dead records away', () => {
    const path = join(dir, 'spool.sqlite');
    const spool = openScratchSpool(path, now, { compactBytes: 1000 });
    spool.spoolProducts('run-1', [product('B', 1)]);
    const records: unknown[] = [];
    for (let row = 2; row < 200; row++) {
      const taken = spool.takeSpooledProduct('run-1', 'A');
      records.splice(0, records.length, ...(taken?.records ?? []), { row, name: 'Платье «Ромашка» 🌼' });
      spool.spoolProducts('run-1', [{ ...product('A', 2), records: [...records] }]);
    }
    // Every record of A was written again with each late row: without compaction the file would hold them all.
    expect(statSync(path).size).toBeLessThan(40_000);
    expect(spool.takeSpooledProduct('run-1', 'A')?.records).toHaveLength(198);
    expect(spool.takeSpooledProduct('run-1', 'B')).toEqual(product('B', 1));
    spool.close();
    expect(existsSync(path)).toBe(false);
  });
});

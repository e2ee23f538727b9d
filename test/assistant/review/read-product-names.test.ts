import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildClassifierIndexPath, loadClassifierIndex } from '../../../src/assistant/classify/index.js';
import { createProductNameReader, type ProductNameReading } from '../../../src/assistant/review/read-product-name.js';
import { readProductNamesInChunks, type ReadProductNamesOptions } from '../../../src/assistant/review/read-product-names.js';
import { buildClassifierDirectories } from '../classify/classifier-directory.js';

const NAMES = ['Цинк хелат 60 капсул', 'Соль поваренная 1 кг', 'Соль для ванн морская 500 г', 'Кроссовки женские белые 38', 'Кроссовки мужские Nike 42', 'Кабель ВВГнг 3х2,5', 'Чехол для iPhone 15 силиконовый', 'Казан чугунный 8 л', 'Отвертка крестовая PH2', 'Сыворотка для лица с витамином C', '1 шт', 'Внешний аккумулятор 10000 мАч'];
// Enough names for several chunks of each thread, every one distinct (as a price list's names are).
const TEXTS = Array.from({ length: 96 }, (_, i) => `${NAMES[i % NAMES.length] ?? ''} арт ${1000 + i}`);

let dir: string | undefined;
afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function readAll(texts: readonly string[], options: ReadProductNamesOptions): Promise<{ readings: ProductNameReading[]; froms: number[]; byWorker: number }> {
  const readings: ProductNameReading[] = [];
  const froms: number[] = [];
  let byWorker = 0;
  for await (const chunk of readProductNamesInChunks(texts, options)) {
    froms.push(chunk.from);
    readings.push(...chunk.readings);
    if (chunk.byWorker) byWorker += 1;
  }
  return { readings, froms, byWorker };
}

describe('reading a file\'s names in two threads (readProductNamesInChunks)', () => {
  it('gives every name the reading this thread alone gives it, in file order, with a worker reading from the cached index', async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-names-'));
    const directories = buildClassifierDirectories();
    const classifier = await loadClassifierIndex({ stateDir: dir, directories });
    const reader = createProductNameReader(classifier);
    const alone = await readAll(TEXTS, { reader });
    const worker = { indexPath: buildClassifierIndexPath(dir, classifier.directoryHash), directoryHash: classifier.directoryHash };
    const both = await readAll(TEXTS, { reader, worker, minNamesForWorker: 1, chunkNames: 8 });
    expect(both.froms).toEqual(Array.from({ length: 12 }, (_, i) => i * 8));
    // The first chunks are the worker's from the start (queued while it loads); this thread reads on past them.
    expect(both.byWorker).toBeGreaterThanOrEqual(2);
    expect(both.readings).toEqual(alone.readings);
    expect(alone.readings.filter((reading) => reading.classification?.confident === true).length).toBeGreaterThan(0);
    expect(alone.readings.filter((reading) => reading.classification === undefined).length).toBe(8);
  }, 30_000);

  it('reads every name here alone below the fewest names worth a worker', async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-names-'));
    const classifier = await loadClassifierIndex({ stateDir: dir, directories: buildClassifierDirectories() });
    const worker = { indexPath: buildClassifierIndexPath(dir, classifier.directoryHash), directoryHash: classifier.directoryHash };
    expect((await readAll(TEXTS, { reader: createProductNameReader(classifier), worker, chunkNames: 8 })).byWorker).toBe(0);
  });

  it('reads every name here when the worker finds no index to read (a cache that could not be written)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-names-'));
    const classifier = await loadClassifierIndex({ stateDir: dir, directories: buildClassifierDirectories() });
    const reader = createProductNameReader(classifier);
    const worker = { indexPath: join(dir, 'missing.json'), directoryHash: classifier.directoryHash };
    const both = await readAll(TEXTS, { reader, worker, minNamesForWorker: 1, chunkNames: 8 });
    expect(both.byWorker).toBe(0);
    expect(both.readings).toEqual((await readAll(TEXTS, { reader })).readings);
  }, 30_000);
});

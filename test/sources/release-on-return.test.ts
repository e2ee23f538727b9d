/**
 * The CSV copy's record streams close their file even when no record was ever asked for (a clean
 * dry run's report writes no annotated copy): an async generator's own `finally` does not run
 * then, and the file handle was left to the garbage collector (Node's DEP0137 warning).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openSourceWhere } from '../../src/sources/open-source-in-worker.js';
import { csvReader } from '../../src/sources/read-csv.js';
import { openCsvCopyRecords } from '../../src/sources/open-csv-copy-records.js';
import { releaseOnReturn } from '../../src/sources/release-on-return.js';
import type { ReadOptions } from '../../src/sources/types.js';
import { trackWorkers } from '../helpers/track-workers.js';
import { writeTempFile } from './temp-files.js';

const OPTIONS: ReadOptions = { ignoreHeaderPrefix: '_' };
const canCountFds = process.platform === 'linux';
const countOpenFds = (): number => readdirSync('/proc/self/fd').length;

describe('releaseOnReturn', () => {
  it('runs the release when the generator is ended before its first record, and passes records through', async () => {
    let closed = 0;
    async function* records(): AsyncGenerator<number> {
      try {
        yield 1;
        yield 2;
      } finally {
        closed += 1;
      }
    }
    const unstarted = releaseOnReturn(records(), async () => {
      closed += 10;
    });
    await unstarted.return(undefined);
    expect(closed).toBe(10);

    closed = 0;
    const read: number[] = [];
    for await (const value of releaseOnReturn(records(), async () => {
      closed += 10;
    })) {
      read.push(value);
      break;
    }
    expect(read).toEqual([1]);
    expect(closed).toBe(11);
  });

  it('runs the release when the generator is thrown into', async () => {
    let released = false;
    async function* records(): AsyncGenerator<number> {
      yield 1;
    }
    const wrapped = releaseOnReturn(records(), async () => {
      released = true;
    });
    await expect(wrapped.throw(new Error('stop'))).rejects.toThrow('stop');
    expect(released).toBe(true);
  });
});

describe.skipIf(!canCountFds)('the CSV copy streams, ended unread', () => {
  it.each([
    ['UTF-8 (openCsvCopyRecords)', openCsvCopyRecords, 'Артикул;Цена\nA-1;100\nA-2;200\n'],
    ['windows-1251 (openCsvCopyRecords)', openCsvCopyRecords, Buffer.from([0xc0, 0xf0, 0xf2, 0x3b, 0x31, 0x0a, 0x41, 0x3b, 0x32, 0x0a])],
  ] as const)('%s leave no file open', async (_, open, content) => {
    const path = await writeTempFile('catalog.csv', content);
    const stream = await csvReader.open(path, OPTIONS, {});
    for await (const row of stream.rows) void row;
    const before = countOpenFds();
    const copy = await open(path, OPTIONS, stream.info);
    await copy.records.return(undefined);
    expect(countOpenFds()).toBe(before);
  });
});

describe('the reading thread, its rows ended unread', () => {
  it('ends the thread without a row asked for (an early start given up)', async () => {
    const path = await writeTempFile('catalog.csv', `Артикул;Цена\n${'A-1;100\n'.repeat(2_000)}`);
    const workers = trackWorkers();
    const stream = await openSourceWhere('always', path, {}, {});
    expect(workers.started()).toBe(1);
    await stream.rows[Symbol.asyncIterator]().return?.(undefined);
    expect(await workers.alive()).toBe(0);
  });
});

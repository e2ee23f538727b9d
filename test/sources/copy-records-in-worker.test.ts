/**
 * The copy's records read on the reading thread (`openCsvCopyRecordsWhere`, the worker's text
 * mode) are the records `openCsvCopyRecords` gives in this thread: same layout, same records in
 * the same order (through several batches), the same errors, and no thread left behind.
 */
import { describe, expect, it, vi } from 'vitest';
import { LimitError, SourceReadError } from '../../src/core/errors.js';
import { createCopyRecordBatchEncoder, decodeCopyRecordBatch } from '../../src/sources/copy-record-batch.js';
import { openCsvCopyRecords, type CsvCopyRecord, type CsvCopyRecords } from '../../src/sources/open-csv-copy-records.js';
import { openCsvCopyRecordsWhere } from '../../src/sources/open-source-in-worker.js';
import { csvReader } from '../../src/sources/read-csv.js';
import type { ReadOptions } from '../../src/sources/types.js';
import { trackWorkers } from '../helpers/track-workers.js';
import { writeTempFile } from './temp-files.js';

// Each test starts worker threads, which under tsx compile the readers anew: slow on a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

const GROUPS: ReadOptions = { ignoreHeaderPrefix: '_', groupRows: { outline: false, merged: false, singleCell: true, bold: false } };

/** A record as plain data: the fields read through, whether kept or split when asked. */
function describeRecord(record: CsvCopyRecord): object {
  return { row: record.row, kind: record.kind, level: record.level, text: record.text, lineBreak: record.lineBreak, fields: [...record.fields] };
}

async function collect(copy: CsvCopyRecords): Promise<object[]> {
  const all: object[] = [];
  for await (const record of copy.records) all.push(describeRecord(record));
  return all;
}

async function expectSameCopy(content: string, options: ReadOptions = {}, name = 'catalog.csv'): Promise<object[]> {
  const path = await writeTempFile(name, content);
  const { info } = await csvReader.open(path, options, {});
  const direct = await openCsvCopyRecords(path, options, info);
  const workers = trackWorkers();
  const threaded = await openCsvCopyRecordsWhere('always', path, options, info, {});
  expect(workers.started()).toBe(1);
  const { records: a, ...layoutDirect } = direct;
  const { records: b, ...layoutThreaded } = threaded;
  void a;
  void b;
  expect(layoutThreaded).toEqual(layoutDirect);
  const records = await collect(threaded);
  expect(records).toEqual(await collect(direct));
  expect(await workers.alive()).toBe(0);
  return records;
}

/** `count` data rows after a title and a header, with group rows, quotes, line breaks, blank and ragged rows among them. */
function buildCatalog(count: number, eol = '\n'): string {
  const lines = ['Прайс-лист "Ромашка"', '', 'Артикул;Название;_заметка;Цена'];
  for (let i = 0; i < count; i++) {
    if (i % 97 === 0) lines.push(`Группа ${i}`);
    if (i % 41 === 0) lines.push(' ; ;;');
    if (i % 13 === 0) lines.push(`A-${i};"Футболка\r\n""белая""";x;${i}`);
    else if (i % 17 === 0) lines.push(`A-${i};=1+${i}`);
    else if (i % 19 === 0) lines.push(`A-${i};Носки;;${i};;лишнее;`);
    else lines.push(`A-${i};Кепка ${i};;${i}`);
  }
  return lines.join(eol) + eol;
}

describe('openCsvCopyRecordsWhere: the copy read on the reading thread', () => {
  it('gives the records of this thread through several batches, group rows and quoted line breaks included', async () => {
    const records = await expectSameCopy(buildCatalog(1_000), GROUPS);
    expect(records.length).toBeGreaterThan(1_000);
    expect(records.some((record) => (record as CsvCopyRecord).kind === 'group')).toBe(true);
    expect(records.some((record) => (record as CsvCopyRecord).kind === 'skipped')).toBe(true);
  });

  it('keeps each line ending, a TSV and a file without a header row', async () => {
    await expectSameCopy(buildCatalog(300, '\r\n'));
    await expectSameCopy(buildCatalog(300, '\r').replaceAll('"', ''));
    await expectSameCopy(buildCatalog(200).replaceAll(';', '\t'), {}, 'catalog.tsv');
    await expectSameCopy('1;2\n3;4\n', { headerRow: 'none' });
  });

  it('throws what this thread throws: maxRows, and a header that changed', async () => {
    const path = await writeTempFile('catalog.csv', buildCatalog(500));
    const { info } = await csvReader.open(path, {}, {});
    const copy = await openCsvCopyRecordsWhere('always', path, { maxRows: 300 }, info, {});
    await expect(collect(copy)).rejects.toThrow(LimitError);
    const other = await writeTempFile('other.csv', 'Прайс-лист\n\nАртикул;Имя;_заметка;Цена\n');
    const error = await openCsvCopyRecordsWhere('always', other, {}, info, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceReadError);
    expect((error as Error).message).toMatch(/changed since it was read \(header row 3, column B/);
  });

  it('ends the thread of records left unread', async () => {
    const path = await writeTempFile('catalog.csv', buildCatalog(2_000));
    const { info } = await csvReader.open(path, {}, {});
    const workers = trackWorkers();
    const copy = await openCsvCopyRecordsWhere('always', path, {}, info, {});
    let count = 0;
    for await (const record of copy.records) {
      void record;
      if (++count === 10) break;
    }
    expect(await workers.alive()).toBe(0);
  });
});

describe('copy record batches', () => {
  it('split a data record without a quote only when its fields are asked for, as the splitter did', () => {
    const encoder = createCopyRecordBatchEncoder(';');
    const records: CsvCopyRecord[] = [
      { row: 2, kind: 'data', fields: ['a', '', 'b c'], text: 'a;;b c', lineBreak: '\r\n' },
      { row: 3, kind: 'data', fields: ['x;y', 'z'], text: '"x;y";z', lineBreak: '\n' },
      { row: 4, kind: 'group', level: 2, fields: ['Обувь'], text: 'Обувь', lineBreak: '\r' },
      { row: 6, kind: 'skipped', fields: ['', ' '], text: '; ', lineBreak: '' },
    ];
    for (const record of records) encoder.add(record);
    const batch = encoder.take(10);
    expect(batch.fields[0]).toBeNull();
    expect(batch.fields[1]).toEqual(['x;y', 'z']);
    expect([...decodeCopyRecordBatch(structuredClone(batch), ';')].map(describeRecord)).toEqual(records.map(describeRecord));
    expect(encoder.size).toBe(0);
  });
});

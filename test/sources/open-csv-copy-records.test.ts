/**
 * The copies' CSV read (`openCsvCopyRecords`) against the reader (`csvReader`): for every file the
 * data records, their row numbers and their texts must be the reader's rows exactly, or the
 * annotated copy and `rejected-rows.csv` put outcomes on the wrong rows. Files with quoted line breaks, every line
 * ending, empty and blank lines, a header below line 1, invalid bytes, other encodings, rows too
 * short or too long, and random files.
 */
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { LimitError, SourceReadError } from '../../src/core/errors.js';
import { createLineBreakCounter } from '../../src/sources/count-line-breaks.js';
import { openCsvCopyRecords } from '../../src/sources/open-csv-copy-records.js';
import { csvReader, openCsvTextRecords } from '../../src/sources/read-csv.js';
import type { ReadOptions } from '../../src/sources/types.js';
import { collectRows, writeTempFile } from './temp-files.js';

/** The options the pipeline reads with (`prepare-run.ts`), over `extra`. */
const PIPELINE: ReadOptions = { ignoreHeaderPrefix: '_', maxCellLength: 32_767, maxRows: 1_000_000 };

interface TextRow {
  row: number;
  values: string[];
}

interface Compared {
  reader: TextRow[];
  text: TextRow[];
}

/** The copy's data records of `path` as the values of the reader's table (`columns`: their indexes). */
async function readDataRecords(path: string, options: ReadOptions, info: Parameters<typeof openCsvCopyRecords>[2]): Promise<TextRow[]> {
  const columns = info.header.map((column) => column.index);
  const text: TextRow[] = [];
  for await (const record of (await openCsvCopyRecords(path, options, info)).records) {
    if (record.kind === 'data') text.push({ row: record.row, values: columns.map((index) => record.fields[index] ?? '') });
  }
  return text;
}

/** Both reads of `path`: the reader's rows as texts (as the report took them) and the copy's data records. */
async function readBoth(path: string, options: ReadOptions): Promise<Compared> {
  const stream = await csvReader.open(path, options, {});
  const width = stream.info.header.length;
  const reader = (await collectRows(stream)).map((row) => ({ row: row.row, values: Array.from({ length: width }, (_, i) => row.cells[i]?.text ?? '') }));
  return { reader, text: await readDataRecords(path, options, stream.info) };
}

async function expectSameRows(content: string | Uint8Array, options: ReadOptions = PIPELINE, name = 'catalog.csv'): Promise<TextRow[]> {
  const path = await writeTempFile(name, content);
  const { reader, text } = await readBoth(path, options);
  expect(text).toEqual(reader);
  return text;
}

const QUOTED = 'Артикул;Название;Цена\n"A-1";"Футболка\nбелая";100\nA-2;"с ""кавычками""";200\nA-3;"три\n\nстроки";300\nA-4;Кепка;400\n';

describe('openCsvCopyRecords: the reader’s rows, row numbers and texts', () => {
  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('quoted line breaks and empty lines with %s line ends', async (_, eol) => {
    const text = await expectSameRows(`${QUOTED}\n\n;;\nA-5;Носки;500\n`.replaceAll('\n', eol));
    expect(text.map((row) => row.row)).toEqual([2, 4, 5, 8, 12]);
  });

  it('a header below line 1 (titles and empty lines above it), with and without headerRow', async () => {
    const content = 'Прайс-лист ТОО "Ромашка"\n\n;\nАртикул;Цена\nA-1;100\n\nA-2;200\n';
    expect((await expectSameRows(content)).map((row) => row.row)).toEqual([5, 7]);
    await expectSameRows(content, { ...PIPELINE, headerRow: 4 });
  });

  it('rows too short, too long, blank, blank but with values right of the table, and ignored columns', async () => {
    const content = 'Артикул;_заметка;Цена;;\nA-1\nA-2;x;200;;;лишнее\n  ;\t;  \n ; ;;;справа\n;;;\nA-3;y;300;;\n';
    const text = await expectSameRows(content);
    expect(text.map((row) => row.row)).toEqual([2, 3, 5, 7]);
    expect(text.map((row) => row.values)).toEqual([['A-1', ''], ['A-2', '200'], [' ', ''], ['A-3', '300']]);
  });

  it('invalid bytes, a BOM, and the other encodings', async () => {
    const bad = Buffer.concat([Buffer.from('Артикул;Цена\nA-1;'), Buffer.from([0xd0, 0x3f, 0xff]), Buffer.from('\nA-2;"x\r\ny"\n')]);
    await expectSameRows(bad, { ...PIPELINE, encoding: 'utf-8' });
    await expectSameRows(bad);
    await expectSameRows(Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(QUOTED)]));
    await expectSameRows(iconv.encode(QUOTED.replaceAll(';', ','), 'windows-1251'));
    await expectSameRows(iconv.encode(QUOTED, 'rk1048'), { ...PIPELINE, encoding: 'kz-1048' });
    await expectSameRows(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(QUOTED, 'utf16le')]));
  });

  it('tabs in a .tsv file, a delimiter given, misplaced and unclosed quotes', async () => {
    await expectSameRows(QUOTED.replaceAll(';', '\t'), PIPELINE, 'catalog.tsv');
    await expectSameRows(QUOTED.replaceAll(';', '|'), { ...PIPELINE, delimiter: '|' });
    await expectSameRows('a;b\n1;x"y\n2;"z"w\n3;"open\n4;5\n');
  });

  it('single-cell group rows are left out as the reader leaves them out', async () => {
    const options: ReadOptions = { ...PIPELINE, groupRows: { outline: false, merged: false, singleCell: true, bold: false } };
    const text = await expectSameRows('Название;Цена\nОбувь\nКеды;100\n;Прочее\nСумка;50\n', options);
    expect(text.map((row) => row.row)).toEqual([3, 5]);
  });

  it('stops at maxRows with the reader’s LimitError', async () => {
    const path = await writeTempFile('catalog.csv', 'a;b\n1;2\n3;4\n5;6\n');
    const stream = await csvReader.open(path, { maxRows: 2 }, {});
    const { records } = await openCsvCopyRecords(path, { maxRows: 2 }, stream.info);
    await expect(
      (async () => {
        for await (const record of records) expect(record.row).toBeLessThan(4);
      })(),
    ).rejects.toThrow(LimitError);
  });

  it('refuses a file whose header changed since it was read', async () => {
    const path = await writeTempFile('catalog.csv', 'a;b\n1;2\n');
    const stream = await csvReader.open(path, {}, {});
    const other = await writeTempFile('other.csv', 'a;c\n1;2\n');
    await expect(openCsvCopyRecords(other, {}, stream.info)).rejects.toThrow(/changed since it was read \(header row 1, column B/);
    const commas = await writeTempFile('commas.csv', 'a,b\n1,2\n');
    await expect(openCsvCopyRecords(commas, {}, stream.info)).rejects.toThrow(/changed since it was read/);
  });

  it('gives each record its own text as the file holds it, without the line break', async () => {
    const path = await writeTempFile('catalog.csv', 'a;b\r\n"x\r\ny";2\r\n\r\nlast;1');
    const { records } = await openCsvTextRecords(path, {});
    const all = [];
    for await (const record of records) all.push(record);
    expect(all).toEqual([
      { row: 1, fields: ['a', 'b'], text: 'a;b' },
      { row: 2, fields: ['x\r\ny', '2'], text: '"x\r\ny";2' },
      { row: 5, fields: ['last', '1'], text: 'last;1' },
    ]);
    expect(readFileSync(path, 'utf8')).toContain(all[1]?.text);
  });

  it('random files: the same rows as the reader', async () => {
    const pieces = fc.constantFrom('a', 'Я', ' ', '  ', '\t', ';', ',', '"', '""', '\n', '\r\n', '\r', '=1', '-5', '\uFFFD', 'é', '\u00A0', '');
    const field = fc.array(pieces, { maxLength: 4 }).map((parts) => parts.join(''));
    const quoted = field.map((text) => `"${text.replaceAll('"', '""')}"`);
    const record = fc.array(fc.oneof(field, quoted), { minLength: 0, maxLength: 5 }).map((fields) => fields.join(';'));
    const eol = fc.constantFrom('\n', '\r\n', '\r');
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 12 }), eol, fc.boolean(), async (records, end, bom) => {
        const content = `${bom ? '\uFEFF' : ''}Артикул;Название;_x;Цена${end}${records.join(end)}${end}`;
        const path = await writeTempFile('random.csv', content);
        let both: Compared;
        try {
          both = await readBoth(path, { ...PIPELINE, delimiter: ';' });
        } catch (error) {
          // A file the reader refuses is refused the same way: nothing to compare.
          expect(error).toBeInstanceOf(SourceReadError);
          return;
        }
        expect(both.text).toEqual(both.reader);
      }),
      { numRuns: 150 },
    );
  });
});

describe('createLineBreakCounter: the row numbers of both read modes', () => {
  /** Every LF, every CR, a CRLF once, within the range (the reader's first counting loop). */
  function countSlowly(text: string, start: number, end: number): number {
    let count = 0;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code === 10) count++;
      else if (code === 13) {
        count++;
        if (i + 1 < end && text.charCodeAt(i + 1) === 10) i++;
      }
    }
    return count;
  }

  it('counts as a loop over every character does, record after record', () => {
    const text = fc.array(fc.constantFrom('a', 'Я', '\r', '\n', '\r\n', ';', '"'), { maxLength: 60 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 12 }), (content, cuts) => {
        const ends = [...new Set(cuts.map((cut) => cut % (content.length + 1)))].sort((a, b) => a - b);
        const count = createLineBreakCounter(content);
        let start = 0;
        for (const end of [...ends, content.length]) {
          expect(count(start, end)).toBe(countSlowly(content, start, end));
          start = end;
        }
      }),
      { numRuns: 3000 },
    );
  });
});

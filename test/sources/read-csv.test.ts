import { Buffer } from 'node:buffer';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { AbortedError, LimitError, SourceReadError } from '../../src/core/errors.js';
import { csvReader } from '../../src/sources/read-csv.js';
import type { ReadOptions } from '../../src/sources/types.js';
import { collectRows, createTempDir, rowTexts, writeTempFile } from './temp-files.js';

async function readCsv(content: string | Uint8Array, options: ReadOptions = {}, name = 'catalog.csv') {
  const path = await writeTempFile(name, content);
  const stream = await csvReader.open(path, options, {});
  return { path, stream, rows: await collectRows(stream) };
}

const KAZAKH = 'Артикул;Атауы;Бағасы\nA-1;Қазақстанда өндірілген әмбебап шәйнек;12990\nA-2;Үлкен ұшақ ойыншығы, көгілдір;450\n';

describe('csvReader: encodings', () => {
  it.each([
    ['UTF-8 without BOM', Buffer.from(KAZAKH), 'utf-8'],
    ['UTF-8 with BOM', Buffer.from(`\uFEFF${KAZAKH}`), 'utf-8'],
    ['UTF-16 LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(KAZAKH, 'utf16le')]), 'utf-16le'],
    ['UTF-16 BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(KAZAKH, 'utf16le').swap16()]), 'utf-16be'],
    ['KZ-1048', iconv.encode(KAZAKH, 'rk1048'), 'kz-1048'],
  ])('reads %s', async (_, bytes, encoding) => {
    const { stream, rows } = await readCsv(bytes);
    expect(stream.info).toMatchObject({ encoding, delimiter: ';', headerRow: 1, format: 'csv' });
    expect(stream.info.header.map((column) => column.name)).toEqual(['Артикул', 'Атауы', 'Бағасы']);
    expect(rowTexts(rows)).toEqual([
      ['A-1', 'Қазақстанда өндірілген әмбебап шәйнек', '12990'],
      ['A-2', 'Үлкен ұшақ ойыншығы, көгілдір', '450'],
    ]);
  });

  it('reads Windows-1251 and warns that the encoding was guessed', async () => {
    const { stream, rows } = await readCsv(iconv.encode('Артикул,Цена\nЁ-1,"Щётка, зубная"\n', 'windows-1251'));
    expect(stream.info.encoding).toBe('windows-1251');
    expect(rowTexts(rows)).toEqual([['Ё-1', 'Щётка, зубная']]);
    expect(stream.issues).toMatchObject([{ code: 'encoding_guessed', severity: 'warning', stage: 'read', file: stream.info.file }]);
  });

  it('lets the encoding be given, overriding the guess', async () => {
    const bytes = iconv.encode('Артикул,Цена\nЎ-1,5\n', 'windows-1251');
    const { rows } = await readCsv(bytes, { encoding: 'kz-1048' });
    expect(rowTexts(rows)).toEqual([['Ұ-1', '5']]);
  });

  it('reports invalid bytes by byte offset, row and column, and flags the cell', async () => {
    const head = Buffer.from('\uFEFFАртикул;Название\nA-1;"Две\nстроки"\nA-2;Ч');
    const bytes = Buffer.concat([head, Buffer.from([0xd0, 0x3f]), Buffer.from('ашка\n')]);
    const { path, rows } = await readCsv(bytes);
    const row = rows[1];
    expect(row?.row).toBe(4);
    expect(row?.cells[1]).toEqual({ kind: 'string', text: 'Ч\uFFFD?ашка', value: 'Ч\uFFFD?ашка', flags: ['invalid_encoding'] });
    expect(row?.issues).toEqual([
      {
        code: 'invalid_encoding',
        severity: 'error',
        stage: 'read',
        message: `bytes D0 at byte offset ${head.length} are not valid utf-8; the cell shows U+FFFD in their place`,
        data: { bytes: 'D0', offset: head.length, encoding: 'utf-8' },
        file: path,
        row: 4,
        column: 'B',
        header: 'Название',
        value: 'Ч\uFFFD?ашка',
      },
    ]);
  });

  it('reports invalid bytes when a given encoding does not fit the file', async () => {
    const { rows } = await readCsv(iconv.encode('Артикул\nЧайник\n', 'windows-1251'), { encoding: 'utf-8' });
    expect(rows[0]?.cells[0]?.flags).toEqual(['invalid_encoding']);
    expect(rows[0]?.issues?.[0]).toMatchObject({ code: 'invalid_encoding', row: 2, column: 'A', message: expect.stringContaining('byte offset 8') });
  });

  it('keeps a U+FFFD that the file really contains, without an issue', async () => {
    const { rows } = await readCsv('a,b\nx\uFFFD,2\n');
    expect(rows[0]?.cells[0]).toEqual({ kind: 'string', text: 'x\uFFFD', value: 'x\uFFFD' });
    expect(rows[0]?.issues).toBeUndefined();
  });

  it('refuses an unknown encoding name', async () => {
    await expect(readCsv('a\n1\n', { encoding: 'ebcdic' })).rejects.toThrow(/unsupported encoding "ebcdic"; use one of utf-8/);
  });

  it('decodes letters split across the reader’s 64 KB chunks', async () => {
    const line = 'Ёлочная игрушка «Шар» ручной работы, стекло;Қызыл;1990\n';
    const content = `Название;Цвет;Цена\n${line.repeat(6000)}`;
    const { rows, stream } = await readCsv(content);
    expect(Buffer.byteLength(content)).toBeGreaterThan(3 * 64 * 1024);
    expect(rows).toHaveLength(6000);
    expect(rows.every((row) => row.cells.every((cell) => cell !== undefined && !cell.text.includes('\uFFFD')))).toBe(true);
    expect(rows.at(-1)?.cells[0]?.text).toBe('Ёлочная игрушка «Шар» ручной работы, стекло');
    expect(stream.bytesRead()).toBe(stream.info.totalBytes);
  });
});

describe('csvReader: delimiters and rows', () => {
  it.each([
    [',', 'a,b\n1,2\n'],
    [';', 'a;b\n1;2,5\n'],
    ['\t', 'a\tb\n1\t2\n'],
    ['|', 'a|b\n1|2\n'],
  ])('detects %j', async (delimiter, content) => {
    const { stream, rows } = await readCsv(content);
    expect(stream.info.delimiter).toBe(delimiter);
    expect(rows[0]?.cells).toHaveLength(2);
  });

  it('lets the delimiter be given, and uses tab for .tsv', async () => {
    expect(rowTexts((await readCsv('a;b,c\n1;2,3\n', { delimiter: ',' })).rows)).toEqual([['1;2', '3']]);
    expect((await readCsv('a,b\tc\n1,2\t3\n', {}, 'catalog.tsv')).stream.info.delimiter).toBe('\t');
    expect((await readCsv('a,b\tc\n1,2\t3\n', { delimiter: 'tab' })).stream.info.delimiter).toBe('\t');
  });

  it('numbers rows as editor lines, counting quoted line breaks and skipping empty lines', async () => {
    const content = 'Артикул,Описание\r\nA-1,"первая строка\r\nвторая строка\nтретья"\r\n\r\nA-2,просто\r\n,\r\nA-3,"""в кавычках"""\r\n';
    const { rows } = await readCsv(content);
    expect(rows.map((row) => row.row)).toEqual([2, 6, 8]);
    expect(rows[0]?.cells[1]?.text).toBe('первая строка\r\nвторая строка\nтретья');
    expect(rows[2]?.cells[1]?.text).toBe('"в кавычках"');
  });

  it('keeps a quoted field that spans chunk boundaries whole', async () => {
    const long = 'абв\n'.repeat(40_000);
    const { rows } = await readCsv(`a,b\n1,"${long}"\n2,x\n`);
    expect(rows.map((row) => row.row)).toEqual([2, 40_003]);
    expect(rows[0]?.cells[1]?.text).toBe(long);
  });

  it('gives CSV cells as text, flagging only exponent notation Excel already produced', async () => {
    const { rows } = await readCsv('Штрихкод;Цена;Пусто\n4,60123E+12;0012,50;\n');
    expect(rows[0]?.cells).toEqual([
      { kind: 'string', text: '4,60123E+12', value: '4,60123E+12', flags: ['exponent'] },
      { kind: 'string', text: '0012,50', value: '0012,50' },
      { kind: 'empty', text: '', value: null },
    ]);
  });

  it('skips title rows above the expected headers', async () => {
    const { stream, rows } = await readCsv('Прайс-лист;;\nна март;;\n;;\nАртикул;Цена;Бренд\nA-1;100;Acme\n', { expectedHeaders: ['артикул', 'Цена'] });
    expect(stream.info.headerRow).toBe(4);
    expect(rows.map((row) => row.row)).toEqual([5]);
  });

  it('uses the header row it is given', async () => {
    const { stream, rows } = await readCsv('x,y\nArticle,Price\nA-1,5\n', { headerRow: 2 });
    expect(stream.info.header.map((column) => column.name)).toEqual(['Article', 'Price']);
    expect(rowTexts(rows)).toEqual([['A-1', '5']]);
  });

  it('reports a quoted field that is never closed', async () => {
    const { rows } = await readCsv('a,b\n1,"open\n2,x\n');
    expect(rows[0]?.issues).toMatchObject([{ code: 'csv_malformed', severity: 'error', row: 2 }]);
  });

  it('hides columns whose header starts with the ignore prefix, so an annotated file reads as before', async () => {
    const { stream, rows } = await readCsv('_status,Артикул,_errors,Цена\nrejected,A-1,bad price,5\n', { ignoreHeaderPrefix: '_' });
    expect(stream.info.header).toEqual([
      { index: 1, letter: 'B', name: 'Артикул' },
      { index: 3, letter: 'D', name: 'Цена' },
    ]);
    expect(rowTexts(rows)).toEqual([['A-1', '5']]);
  });

  it('keeps both columns of a duplicate header, the second suffixed, and warns once', async () => {
    const { stream, rows } = await readCsv('Цвет,Размер,цвет \nкрасный,M,синий\n');
    expect(rowTexts(rows)).toEqual([['красный', 'M', 'синий']]);
    expect(stream.info.header.map((column) => column.name)).toEqual(['Цвет', 'Размер', 'цвет (2)']);
    expect(stream.issues).toMatchObject([{ code: 'duplicate_header', severity: 'warning', row: 1, column: 'C', header: 'цвет (2)' }]);
  });

  it('warns about values right of the header', async () => {
    const { rows } = await readCsv('a,b\n1,2,3\n');
    expect(rows[0]?.issues).toMatchObject([{ code: 'cell_outside_header', column: 'C', value: '3' }]);
  });

  it('cuts cells over maxCellLength and flags them', async () => {
    const { rows } = await readCsv('a,b\nабвгдеж,x\n', { maxCellLength: 3 });
    expect(rows[0]?.cells[0]).toEqual({ kind: 'string', text: 'абв', value: 'абв', flags: ['truncated'] });
    expect(rows[0]?.issues).toMatchObject([{ code: 'cell_truncated', row: 2, column: 'A', header: 'a' }]);
  });

  it('stops with a LimitError after maxRows data rows', async () => {
    const path = await writeTempFile('many.csv', `a\n${'x\n'.repeat(10)}`);
    const stream = await csvReader.open(path, { maxRows: 5 }, {});
    await expect(collectRows(stream)).rejects.toThrow(LimitError);
    expect((await collectRows(await csvReader.open(path, { maxRows: 10 }, {}))).length).toBe(10);
  });

  it('refuses a file over maxFileBytes with a LimitError', async () => {
    const path = await writeTempFile('big.csv', 'a\n'.repeat(100));
    await expect(csvReader.open(path, { maxFileBytes: 100 }, {})).rejects.toThrow(LimitError);
  });

  it('stops when the signal aborts', async () => {
    const path = await writeTempFile('abort.csv', `a\n${'x\n'.repeat(100)}`);
    const controller = new AbortController();
    const stream = await csvReader.open(path, {}, { signal: controller.signal });
    let count = 0;
    await expect(
      (async () => {
        for await (const row of stream.rows) {
          void row;
          if (++count === 3) controller.abort();
        }
      })(),
    ).rejects.toThrow(AbortedError);
    expect(count).toBe(3);
  });
});

describe('csvReader: whole-file failures', () => {
  it('names a missing file', async () => {
    const path = (await createTempDir())('missing.csv');
    const error = await csvReader.open(path, {}, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceReadError);
    expect(error).toMatchObject({ file: path, message: `${path}: file not found` });
  });

  it.each([
    ['an empty file', ''],
    ['a file with only a BOM and blanks', '\uFEFF \r\n\r\n'],
    ['a file with only empty records', '\n;;\n ; \n'],
  ])('refuses %s', async (_, content) => {
    const path = await writeTempFile('empty.csv', content);
    await expect(csvReader.open(path, {}, {})).rejects.toThrow(/empty/);
  });

  // Pseudo-random bytes from a fixed seed: a PDF, an image, an archive under a .csv name.
  const binaryBytes = (length: number): Buffer => Buffer.from(Array.from({ length }, (_, i) => (i * 2654435761) >>> 24));

  it.each([
    ['an XLSX workbook (a zip)', Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), binaryBytes(2000)]), /a zip archive, not a CSV: an XLSX workbook with a \.csv name\?/],
    ['an .xls workbook (OLE)', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), binaryBytes(2000)]), /an Excel 97-2003 workbook \(\.xls\)/],
    ['a PDF', Buffer.concat([Buffer.from('%PDF-1.4\n'), binaryBytes(3000)]), /this is not a text file \(it holds binary data/],
  ])('refuses %s under a .csv name, naming it, before looking for the header', async (_, bytes, message) => {
    const path = await writeTempFile('export.csv', bytes);
    const error = await csvReader.open(path, { expectedHeaders: ['Артикул', 'Цена'] }, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceReadError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message.startsWith(`${path}: `)).toBe(true);
    expect((error as Error).message).not.toMatch(/[\u0000-\u0008]/);
  });

  it('reads text with a few stray control characters: they are the cells\' business', async () => {
    const { rows } = await readCsv(`Артикул;Цена\n${Array.from({ length: 200 }, (_, i) => `A-${i};${i}`).join('\n')}\nA-\u0000\u0001;5\n`);
    expect(rows).toHaveLength(201);
  });

  it('refuses a file without the expected headers, listing those it found', async () => {
    const path = await writeTempFile('other.csv', 'Код,Название\n1,x\n');
    await expect(csvReader.open(path, { expectedHeaders: ['Артикул', 'Цена'] }, {})).rejects.toThrow(
      `${path}: header row not found: none of the first 2 rows with values has the expected columns "Артикул", "Цена"; row 1 has: "Код", "Название"`,
    );
  });
});

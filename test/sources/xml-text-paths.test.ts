/**
 * Every reader of a workbook's XML text decodes it by the same rules (`decodeXmlText`): the same
 * texts go through each path — the sheet scanner (`<v>` and inline `<is><t>`), the shared strings,
 * the annotated copy's cell reading (`readStoredCell`), and for attribute values the scanner, the
 * copy and the workbook parts — and each must give the same decoded text or the same kind of error.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { readRowCells, readRowShape, readStoredCell } from '../../src/report/xlsx-patch/row-cells.js';
import { createSharedStringsParser } from '../../src/xlsx/parse-shared-strings.js';
import { parseSheetRows, type XmlCell } from '../../src/xlsx/parse-sheet-rows.js';
import { createSharedStringTable } from '../../src/xlsx/shared-string-table.js';
import { parseXmlAttributes } from '../../src/xlsx/xml-text.js';

async function* fromChunks(chunks: readonly string[]): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
}

/** The first cell of a one-cell sheet, read by the scanner from `chunks`. */
async function scanCell(chunks: readonly string[]): Promise<XmlCell | undefined> {
  for await (const rows of parseSheetRows(fromChunks(chunks))) return rows[0]?.cells[0];
  return undefined;
}

/** The first cell of `row` (one row element's XML) as the annotated copy reads it. */
function copyCell(row: string): XmlCell | undefined {
  const shape = readRowShape(row);
  const cell = readRowCells(row, '', shape)[0];
  return cell === undefined ? undefined : readStoredCell(row, cell, '');
}

/** Every cell of one row element's XML, as the scanner and as the copy read it. */
async function readRowEverywhere(row: string): Promise<{ scanner: XmlCell[]; copy: XmlCell[] }> {
  let scanner: XmlCell[] = [];
  for await (const rows of parseSheetRows(fromChunks([`<worksheet><sheetData>${row}</sheetData></worksheet>`]))) scanner = rows[0]?.cells ?? [];
  const shape = readRowShape(row);
  const copy = readRowCells(row, '', shape).map((cell) => readStoredCell(row, cell, ''));
  return { scanner, copy };
}

function readSharedString(chunks: readonly string[]): string | undefined {
  const table = createSharedStringTable();
  const parser = createSharedStringsParser(table, 'xl/sharedStrings.xml');
  for (const chunk of chunks) parser.write(Buffer.from(chunk));
  parser.end();
  return table.get(0);
}

/** What a path made of a text: the text, or the kind of error (by the reason its message gives). */
async function outcomeOf(read: () => Promise<string | undefined> | string | undefined): Promise<string> {
  try {
    return `text ${JSON.stringify(await read())}`;
  } catch (error) {
    const message = String((error as Error).message);
    const kind = /starts no entity/.test(message) ? 'stray' : /undefined entity/.test(message) ? 'undefined' : /malformed character reference/.test(message) ? 'character' : /"<" inside an attribute value/.test(message) ? 'less-than' : message;
    return `error ${kind}`;
  }
}

/** The text of a `<v>` and of an inline string, and a shared string, by every path, cut at `cut` where a path reads chunks. */
async function readTextEverywhere(text: string, cut: number): Promise<Record<string, string>> {
  const valueRow = `<row r="1"><c r="A1" t="str"><v>${text}</v></c></row>`;
  const inlineRow = `<row r="1"><c r="A1" t="inlineStr"><is><r><t>${text}</t></r></is></c></row>`;
  const sheet = (row: string): string[] => {
    const xml = `<worksheet><sheetData>${row}</sheetData></worksheet>`;
    const at = xml.indexOf(text) + cut;
    return [xml.slice(0, at), xml.slice(at)];
  };
  const sst = `<sst><si><t xml:space="preserve">${text}</t></si></sst>`;
  const sstAt = sst.indexOf(text) + cut;
  return {
    'sheet <v>': await outcomeOf(async () => (await scanCell(sheet(valueRow)))?.value),
    'sheet inline': await outcomeOf(async () => (await scanCell(sheet(inlineRow)))?.inline),
    'shared strings': await outcomeOf(() => readSharedString([sst.slice(0, sstAt), sst.slice(sstAt)])),
    'copy <v>': await outcomeOf(() => copyCell(valueRow)?.value),
    'copy inline': await outcomeOf(() => copyCell(inlineRow)?.inline),
  };
}

/** The message of the error `read` throws ('' when it throws none). */
async function outcomeOfMessage(read: () => Promise<unknown> | unknown): Promise<string> {
  try {
    await read();
    return '';
  } catch (error) {
    return String((error as Error).message);
  }
}

/** Texts of each kind: plain, entities, references, line ends, and what XML refuses. */
const TEXTS: [string, string][] = [
  ['Чайник Bosch', 'text "Чайник Bosch"'],
  ['Tom &amp;amp; Jerry &lt;b&gt; &quot;x&quot; &apos;y&apos;', 'text "Tom &amp; Jerry <b> \\"x\\" \'y\'"'],
  ['&#1046;&#x416;&#x1F600;&#9;', 'text "ЖЖ😀\\t"'],
  ['две\r\nстроки\rтри\n', 'text "две\\nстроки\\nтри\\n"'],
  ['a&#13;&#10;b', 'text "a\\r\\nb"'],
  ['&#0;', 'error character'],
  ['x &#xD800; y', 'error character'],
  ['&#xFFFF;', 'error character'],
  ['&#x110000;', 'error character'],
  ['&#X416;', 'error stray'],
  ['&nbsp;цена', 'error undefined'],
  ['&constructor;', 'error undefined'],
  ['AT&T', 'error stray'],
  ['5 & 6', 'error stray'],
  ['&amp', 'error stray'],
];

describe('one XML text decoder for every reader of a workbook', () => {
  it.each(TEXTS)('reads %j the same way on every path, wherever the chunk is cut', async (text, expected) => {
    for (let cut = 0; cut <= text.length; cut++) {
      const outcomes = await readTextEverywhere(text, cut);
      for (const [path, outcome] of Object.entries(outcomes)) expect(outcome, `${path}, cut at ${cut}`).toBe(expected);
    }
  });

  it('agrees on generated texts made of entity pieces and line ends', async () => {
    const pieces = ['&amp;', '&lt;', '&#1046;', '&#x41;', '&#0;', '&#13;', '&nbsp;', '&', '#', 'x', ';', 'Ж', ' ', '\r', '\n', '\r\n', 'a'];
    let seed = 11;
    const next = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 8;
    };
    const kinds = new Set<string>();
    for (let i = 0; i < 400; i++) {
      let text = '';
      for (let j = next() % 6; j >= 0; j--) text += pieces[next() % pieces.length];
      const outcomes = await readTextEverywhere(text, next() % (text.length + 1));
      const distinct = new Set(Object.values(outcomes));
      expect(distinct.size, `${JSON.stringify(text)}: ${JSON.stringify(outcomes)}`).toBe(1);
      kinds.add([...distinct][0]?.replace(/^text .*/, 'text') ?? '');
    }
    expect([...kinds].sort()).toEqual(['error character', 'error stray', 'error undefined', 'text']);
  });

  it('reads an attribute value the same way in the scanner, the copy and the workbook parts', async () => {
    const values: [string, string][] = [
      ['s', 'text "s"'],
      ['&#115;', 'text "s"'],
      ['inline&#83;tr', 'text "inlineStr"'],
      ['a\r\nb\tc', 'text "a b c"'],
      ['a&#10;b', 'text "a\\nb"'],
      ['&nbsp;', 'error undefined'],
      ['A&B', 'error stray'],
      ['&#1;', 'error character'],
      ['a<b', 'error less-than'],
    ];
    for (const [value, expected] of values) {
      const row = `<row r="1"><c r="A1" t="${value}"><v>1</v></c></row>`;
      const outcomes = {
        scanner: await outcomeOf(async () => (await scanCell([`<worksheet><sheetData>${row}</sheetData></worksheet>`]))?.type),
        copy: await outcomeOf(() => copyCell(row)?.type),
        'workbook parts': await outcomeOf(() => parseXmlAttributes(`<sheet name="${value}"/>`, 'the workbook part').get('name')),
      };
      for (const [path, outcome] of Object.entries(outcomes)) expect(outcome, `${path}: ${JSON.stringify(value)}`).toBe(expected);
    }
  });

  it('names the cell of a refused text, and the row or cell of a refused attribute, in the scanner and the copy', async () => {
    const scan = (rows: string): Promise<string> =>
      outcomeOfMessage(async () => {
        for await (const batch of parseSheetRows(fromChunks([`<worksheet><sheetData>${rows}</sheetData></worksheet>`]))) void batch;
      });
    const copy = (row: string, index: number): Promise<string> =>
      outcomeOfMessage(() => {
        const cell = readRowCells(row, '', readRowShape(row))[index];
        if (cell !== undefined) readStoredCell(row, cell, '');
      });
    const text = '<row r="17"><c r="A17"><v>1</v></c><c r="C17" t="str"><v>AT&T</v></c></row>';
    expect(await scan(text)).toMatch(/a "&" that starts no entity \("&T"\) in cell C17$/);
    expect(await copy(text, 1)).toMatch(/a "&" that starts no entity \("&T"\) in cell C17$/);
    const inline = '<row r="17"><c r="A17"><v>1</v></c><c t="inlineStr"><is><t>цена&nbsp;</t></is></c></row>';
    expect(await scan(inline)).toMatch(/undefined entity &nbsp; in cell B17$/);
    expect(await copy(inline, 1)).toMatch(/undefined entity &nbsp; in cell B17$/);
    const cdataCut = '<row r="17"><c r="A17" t="str"><v>a<![CDATA[b]]>&T;x</v></c></row>';
    expect(await scan(cdataCut)).toMatch(/undefined entity &T; in cell A17$/);
    const cellTag = '<row r="17"><c r="A17"><v>1</v></c><c t="A&amp;B&C"><v>1</v></c></row>';
    expect(await scan(cellTag)).toMatch(/starts no entity .* in the tag of the cell after A17$/);
    expect(await copy(cellTag, 1)).toMatch(/starts no entity .* in the tag of the cell after A17$/);
    expect(await scan('<row r="16"/><row r="&sixteen;"><c><v>1</v></c></row>')).toMatch(/undefined entity &sixteen; in the tag of the row after row 16$/);
  });

  it('ends a cell and its elements where XML does: a CDATA section, comment, processing instruction or attribute value holding </t>, </v> or </c> is no end, in the scanner and the copy', async () => {
    const cells: [string, Partial<XmlCell>][] = [
      ['<c r="A1" t="inlineStr"><is><t><![CDATA[a</t>b]]></t></is></c>', { inline: 'a</t>b' }],
      ['<c r="A1" t="str"><v><![CDATA[x</v>y]]>z</v></c>', { value: 'x</v>yz' }],
      ['<c r="A1" t="str"><v><![CDATA[</c>]]></v></c>', { value: '</c>' }],
      ['<c r="A1" t="str"><v>1<!-- </v></c> -->2</v></c>', { value: '12' }],
      ['<c r="A1" t="inlineStr"><is><r><t>a</t></r><rPh><t><![CDATA[</rPh>]]>guide</t></rPh><r><t>b</t></r></is></c>', { inline: 'ab' }],
      ['<c r="A1" t="inlineStr"><is><t>a</t><t/><t>b</t></is><v>after the inline string</v></c>', { inline: 'ab', value: 'after the inline string' }],
      ['<c r="A1" t="str"><f>A&amp;B</f><v>1</v><v>2</v></c>', { formula: 'A&B', value: '12' }],
      ['<c r="A1" t="str"><x>AT&T outside any text</x><v>v</v></c>', { value: 'v' }],
      // A processing instruction, a quoted attribute value or white space in an end tag, as the scanner reads them.
      ['<c r="A1" t="str"><v>1<?pi </v></c> ?>2</v></c>', { value: '12' }],
      ['<c r="A1" t="str" note="</c>"><v>3</v></c>', { value: '3' }],
      ['<c r="A1" t="str"><v>4</v></c >', { value: '4' }],
      ['<c r="A1" t="str"><v>5</v></c><?pi <c r="Z1"><v>no cell</v></c> ?>', { value: '5' }],
    ];
    for (const [cell, expected] of cells) {
      const row = `<row r="1">${cell}<c r="B1"><v>7</v></c></row>`;
      const scanned = await readRowEverywhere(row);
      const fields = (c: XmlCell | undefined): Partial<XmlCell> => ({ value: c?.value, formula: c?.formula, inline: c?.inline });
      expect(fields(scanned.scanner[0]), cell).toEqual({ value: undefined, formula: undefined, inline: undefined, ...expected });
      expect(fields(scanned.copy[0]), cell).toEqual(fields(scanned.scanner[0]));
      // The cell after it is found where it is, with its own value.
      expect(scanned.copy.map((c) => c.column), cell).toEqual([0, 1]);
      expect(scanned.copy[1]?.value, cell).toBe('7');
    }
  });

  it('places cells and reads their styles by one rule in the scanner and the copy ($B$2, lower case, past XFD, odd styles)', async () => {
    const row =
      '<row r="2"><c r="$B$2" s="3"><v>1</v></c><c r="d2" s="1.5"><v>2</v></c><c s="-1"><v>3</v></c><c r="XFD2" s="2"><v>4</v></c>' +
      '<c r="XFE2" s="4"><v>5</v></c><c r="AAAA2"><v>6</v></c><c r="$H2" s=" 7 "><v>7</v></c></row>';
    const { scanner } = await readRowEverywhere(row);
    const copyCells = readRowCells(row, '', readRowShape(row));
    expect(scanner.map((cell) => [cell.column, cell.style, cell.value])).toEqual([
      [1, 3, '1'],
      [3, 0, '2'],
      [4, 0, '3'],
      [16_383, 2, '4'],
      [7, 7, '7'],
    ]);
    // The copy finds the same columns (from 1) and styles; the cells past XFD are placed there, not after the previous cell.
    expect(copyCells.map((cell) => [cell.column, cell.style])).toEqual([
      [2, 3],
      [4, 0],
      [5, 0],
      [16_384, 2],
      [16_385, 4],
      [18_279, 0],
      [8, 7],
    ]);
  });

  it('reads a CDATA section as text and leaves comments out, in the scanner, the copy and the shared strings', async () => {
    const text = 'a<!-- & -->b<![CDATA[&c\r\n<d>]]>&amp;';
    const row = `<row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row>`;
    const scanned = await scanCell([`<worksheet><sheetData>${row}</sheetData></worksheet>`]);
    expect(scanned?.inline).toBe('ab&c\n<d>&');
    expect(copyCell(row)?.inline).toBe('ab&c\n<d>&');
    expect(readSharedString([`<sst><si><t>${text}</t></si></sst>`])).toBe('ab&c\n<d>&');
    // An empty inline string is an inline string to both (an empty text cell), whatever the type says.
    const empty = '<row r="1"><c r="A1" t="str"><is></is></c></row>';
    expect((await scanCell([`<worksheet><sheetData>${empty}</sheetData></worksheet>`]))?.inline).toBe('');
    expect(copyCell(empty)?.inline).toBe('');
  });
});

/**
 * The copy's cut of a sheet into head, rows and tail: markup between the rows that is no tag (a
 * comment, CDATA section or processing instruction) ends at its own terminator, whatever quotes it
 * holds, so no row after it is swallowed or dropped; and a row ends where the reader's scanner ends
 * it, so the copy cuts exactly the rows the run read.
 */
import { describe, expect, it } from 'vitest';
import { parseSheetRows } from '../../src/xlsx/parse-sheet-rows.js';
import { splitSheetXml } from '../../src/xlsx/split-sheet-xml.js';

async function* chunksOf(text: string, cut: number): AsyncGenerator<string> {
  yield text.slice(0, cut);
  yield text.slice(cut);
}

async function collectRows(text: string, cut: number): Promise<string[]> {
  const rows: string[] = [];
  for await (const piece of splitSheetXml(chunksOf(text, cut))) if (piece.kind === 'rows') rows.push(...piece.texts);
  return rows;
}

describe('splitSheetXml', () => {
  const row1 = `<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row>`;
  const row2 = `<row r="2"><c r="A2" t="inlineStr"><is><t>O'Brien</t></is></c></row>`;
  const row3 = `<row r="3"><c r="A3"><v>3</v></c></row>`;
  it.each([
    ['a CDATA section', `<![CDATA[don't > ]]>`],
    ['a comment', `<!-- don't > -->`],
    ['a processing instruction', `<?note don't > ?>`],
  ])('ends %s between the rows at its own terminator, wherever the chunks are cut', async (_, markup) => {
    const xml = `<worksheet><sheetData>${row1}${markup}${row2}${row3}</sheetData></worksheet>`;
    for (let cut = 0; cut <= xml.length; cut++) {
      expect(await collectRows(xml, cut), `cut at ${cut}`).toEqual([row1, row2, row3]);
    }
  });

  it('steps over a processing instruction holding </row> inside a row that also holds a comment', async () => {
    const odd = `<row r="2"><!-- a --><c r="A2"><v>2</v></c><?note </row> ?></row>`;
    const xml = `<worksheet><sheetData>${row1}${odd}${row3}</sheetData></worksheet>`;
    for (let cut = 0; cut <= xml.length; cut++) {
      expect(await collectRows(xml, cut), `cut at ${cut}`).toEqual([row1, odd, row3]);
    }
  });

  /** The rows the reader reads from `xml`: number and cell count of each. */
  async function readerRows(xml: string): Promise<string[]> {
    const rows: string[] = [];
    for await (const batch of parseSheetRows(chunksOf(xml, xml.length))) for (const row of batch) rows.push(`${row.row}:${row.cells.length}`);
    return rows;
  }

  it.each([
    ['a processing instruction holding </row>, and no comment', `<row r="2"><c r="A2"><v>2</v></c><?note </row> ?></row>`],
    ['a quoted attribute value holding </row>', `<row r="2"><c r="A2" my:note="</row>"><v>2</v></c><c r="B2"><v>3</v></c></row>`],
    ['a CDATA section holding </row>', `<row r="2"><c r="A2" t="inlineStr"><is><t><![CDATA[</row>]]></t></is></c></row>`],
    ['an end tag with white space before its >', `<row r="2"><c r="A2"><v>2</v></c></row >`],
    ['a self-closing row', `<row r="2" my:x='a/>b'/>`],
  ])('ends a row holding %s where the reader ends it, wherever the chunks are cut', async (_, odd) => {
    const xml = `<worksheet xmlns:my="urn:my"><sheetData>${row1}${odd}${row3}</sheetData></worksheet>`;
    const cut = await collectRows(xml, xml.length);
    expect(cut).toEqual([row1, odd, row3]);
    // Each row the copy cuts is one row to the reader, and together they are the rows the reader read.
    const each = await Promise.all(cut.map((text) => readerRows(`<worksheet xmlns:my="urn:my"><sheetData>${text}</sheetData></worksheet>`)));
    expect(each.flat()).toEqual(await readerRows(xml));
    for (let at = 0; at <= xml.length; at++) {
      expect(await collectRows(xml, at), `cut at ${at}`).toEqual([row1, odd, row3]);
    }
  });
});

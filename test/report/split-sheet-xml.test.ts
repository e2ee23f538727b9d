/**
 * The copy's cut of a sheet into head, rows and tail: markup between the rows that is no tag (a
 * comment, CDATA section or processing instruction) ends at its own terminator, whatever quotes it
 * holds, so no row after it is swallowed or dropped.
 */
import { describe, expect, it } from 'vitest';
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
});

import { describe, expect, it } from 'vitest';
import { parseSheetRows, type XmlRow } from '../../src/xlsx/parse-sheet-rows.js';

async function* fromChunks(chunks: readonly string[]): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
}

async function readRows(chunks: readonly string[]): Promise<XmlRow[]> {
  const rows: XmlRow[] = [];
  for await (const batch of parseSheetRows(fromChunks(chunks))) rows.push(...batch);
  return rows;
}

const wrap = (cells: string): string => `<x:worksheet xmlns:x="urn:x"><x:sheetData><x:row r="1">${cells}</x:row></x:sheetData></x:worksheet>`;

// The scanner compares an end tag in place with the element it must close (issue 39): these are the
// end tags that comparison must still accept, and the ones it must refuse with the reader's words.
describe('end tags of the sheet, compared in place', () => {
  it('accepts prefixed end tags, white space before the `>`, and reads the cells whole wherever the text is cut', async () => {
    const xml = wrap('<x:c r="A1" t="str"><x:v>a</x:v ></x:c\t><x:c r="B1"><x:v>2</x:v\r\n></x:c>');
    const expected = [
      {
        row: 1,
        cells: [
          { column: 0, type: 'str', style: 0, value: 'a', formula: undefined, inline: undefined },
          { column: 1, type: undefined, style: 0, value: '2', formula: undefined, inline: undefined },
        ],
      },
    ];
    expect(await readRows([xml])).toEqual(expected);
    for (let at = 0; at <= xml.length; at++) expect(await readRows([xml.slice(0, at), xml.slice(at)]), `cut at ${at}`).toEqual(expected);
  });

  it.each([
    ['a longer name that starts with the open one', wrap('<x:c r="A1"><x:v>1</x:vv></x:c>'), /<\/x:vv> where <\/x:v> was expected/],
    ['the same local name under another prefix', wrap('<x:c r="A1"><x:v>1</y:v></x:c>'), /<\/y:v> where <\/x:v> was expected/],
    ['the name without its prefix', wrap('<x:c r="A1"><x:v>1</v></x:c>'), /<\/v> where <\/x:v> was expected/],
    ['text after the name', wrap('<x:c r="A1"><x:v>1</x:v junk></x:c>'), /malformed end tag <\/x:v>/],
    ['an end tag with nothing open', '<worksheet/></worksheet>', /end tag <\/worksheet> without its start tag/],
  ])('refuses %s', async (_, xml, message) => {
    await expect(readRows([xml])).rejects.toThrow(message);
  });
});

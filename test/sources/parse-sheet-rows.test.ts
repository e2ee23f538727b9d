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

/** Every way to cut `xml` in two, so that no boundary (inside a tag, an entity, a CR LF) is special. */
function splitEverywhere(xml: string): string[][] {
  return Array.from({ length: xml.length + 1 }, (_, at) => [xml.slice(0, at), xml.slice(at)]);
}

const SHEET = [
  '<?xml version="1.0" encoding="UTF-8"?>\r\n',
  '<x:worksheet xmlns:x="urn:x"><!-- a comment --><x:sheetData>',
  '<x:row r="2" spans="1:3"><x:c r="B2" t="s"><x:v>7</x:v></x:c><x:c r="C2" s="3" t="str"><x:f>A1&amp;"&gt;"</x:f><x:v>a &lt;b&gt; &#1046;&#x416;\r\nz</x:v></x:c></x:row>',
  '<x:row><x:c t="inlineStr"><x:is><x:r><x:t>Жи</x:t></x:r><x:rPh><x:t>phonetic</x:t></x:rPh><x:r><x:t xml:space="preserve"> раф</x:t></x:r></x:is></x:c><x:c r="E3" note="a > b"/><x:c><x:v><![CDATA[1\r\n&amp;]]>5</x:v></x:c></x:row>',
  '</x:sheetData></x:worksheet><!---->',
].join('');

describe('parseSheetRows', () => {
  it('reads rows, cells, values, formulas and inline runs as the format allows, cut anywhere', async () => {
    const expected: XmlRow[] = [
      {
        row: 2,
        cells: [
          { column: 1, type: 's', style: 0, value: '7', formula: undefined, inline: undefined },
          { column: 2, type: 'str', style: 3, value: 'a <b> ЖЖ\nz', formula: 'A1&">"', inline: undefined },
        ],
      },
      {
        row: 3,
        cells: [
          { column: 0, type: 'inlineStr', style: 0, value: undefined, formula: undefined, inline: 'Жи раф' },
          { column: 4, type: undefined, style: 0, value: undefined, formula: undefined, inline: undefined },
          { column: 5, type: undefined, style: 0, value: '1\n&amp;5', formula: undefined, inline: undefined },
        ],
      },
    ];
    expect(await readRows([SHEET])).toEqual(expected);
    for (const chunks of splitEverywhere(SHEET)) expect(await readRows(chunks)).toEqual(expected);
  });

  it.each([
    ['an end tag of another element', '<worksheet><sheetData><row r="1"><c r="A1"><v>1</c></row></sheetData></worksheet>', /<\/c> where <\/v> was expected/],
    ['a sheet cut off inside a row', '<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c>', /ends before <\/row>/],
    ['a sheet cut off inside a tag', '<worksheet><sheetData><row r="1"><c r="A1"', /ends inside a tag/],
    ['an unknown entity', '<worksheet><sheetData><row r="1"><c r="A1" t="str"><v>&nbsp;</v></c></row></sheetData></worksheet>', /undefined entity &nbsp;/],
    // Not the prototype's `constructor` looked up as an entity (it became a function's source text).
    ['an entity named like a property of every object', '<worksheet><sheetData><row r="1"><c r="A1" t="str"><v>&constructor;</v></c></row></sheetData></worksheet>', /undefined entity &constructor;/],
    ['a stray ampersand', '<worksheet><sheetData><row r="1"><c r="A1" t="str"><v>a & b</v></c></row></sheetData></worksheet>', /"&" that starts no entity/],
    ['a reference to a character XML does not allow', '<worksheet><sheetData><row r="1"><c r="A1" t="str"><v>&#0;</v></c></row></sheetData></worksheet>', /malformed character reference &#0;/],
    ['text after the root', '<worksheet><sheetData/></worksheet>junk', /text outside the root/],
    ['two roots', '<worksheet/><worksheet/>', /second root element/],
    ['an attribute without quotes', '<worksheet><sheetData><row r=1></row></sheetData></worksheet>', /without quotes/],
    ['no root at all', '   ', /no root element/],
  ])('refuses %s', async (_, xml, message) => {
    await expect(readRows([xml])).rejects.toThrow(message);
  });

  it('stops past Excel’s last row', async () => {
    await expect(readRows(['<worksheet><sheetData><row r="1048577"/></sheetData></worksheet>'])).rejects.toThrow(/past Excel's last row/);
  });
});


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

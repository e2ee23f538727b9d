import { describe, expect, it } from 'vitest';
import { createMergedRangeScanner } from '../../src/xlsx/load-merged-ranges.js';
import { createRowOutlineScanner, parseOutlineLevel } from '../../src/xlsx/scan-row-outlines.js';

/** A sheet part: rows (some with an outline level, one with a prefix), filler text, then the merged ranges. */
function buildSheetXml(): string {
  const rows: string[] = [];
  for (let r = 1; r <= 40; r++) {
    const level = r % 7 === 0 ? ` outlineLevel="${(r % 3) + 1}"` : r % 11 === 0 ? ' outlineLevel="0"' : '';
    const tag = r === 21 ? `<x:row r="${r}" spans="1:3"${level}>` : `<row r="${r}"${level} spans="1:3">`;
    rows.push(`${tag}<c r="A${r}" t="s"><v>${r}</v></c><c r="B${r}"><v>merge-me mergeCel outlineLeve</v></c></row>`);
  }
  return `<worksheet><sheetData>${rows.join('')}</sheetData><mergeCells count="3"><mergeCell ref="A2:A5"/><mergeCell ref="B7:C9"/><x:mergeCell ref="D10"/></mergeCells></worksheet>`;
}

/** Feeds `text` in chunks cut at `cuts` (positions), as the inflater hands them. */
function feed(write: (chunk: Buffer) => void, text: string, cuts: readonly number[]): void {
  let at = 0;
  for (const cut of [...cuts, text.length]) {
    write(Buffer.from(text.slice(at, cut), 'latin1'));
    at = cut;
  }
}

/** The outline levels and merged ranges of `xml`, both scans fed the chunks cut at `cuts`. */
function scanInChunks(xml: string, cuts: readonly number[]): { levels: Map<number, number>; ranges: unknown[] } {
  const outlines = createRowOutlineScanner();
  const merged = createMergedRangeScanner();
  feed((chunk) => {
    outlines.write(chunk);
    merged.write(chunk);
  }, xml, cuts);
  return { levels: outlines.levels(), ranges: merged.ranges() };
}

describe('tag scans over chunks', () => {
  const xml = buildSheetXml();
  const expectedLevels = new Map([7, 14, 21, 28, 35].map((r) => [r, (r % 3) + 1]));
  const expectedRanges = [
    { top: 2, bottom: 5, left: 0, right: 0 },
    { top: 7, bottom: 9, left: 1, right: 2 },
    { top: 10, bottom: 10, left: 3, right: 3 },
  ];

  it('finds the same outline levels and merged ranges wherever the chunks are cut', () => {
    for (const size of [1, 2, 3, 5, 8, 11, 13, 17, 64, 257, xml.length]) {
      for (const offset of [0, 1, Math.floor(size / 2)]) {
        const cuts: number[] = [];
        for (let at = offset || size; at < xml.length; at += size) cuts.push(at);
        const { levels, ranges } = scanInChunks(xml, cuts);
        expect(levels, `chunks of ${size} from ${offset}`).toEqual(expectedLevels);
        expect(ranges, `chunks of ${size} from ${offset}`).toEqual(expectedRanges);
      }
    }
  });
});

/** The outline levels and merged ranges of `xml`, fed to both scans in chunks of each of `sizes`. */
function scanEverywhere(xml: string, sizes: readonly number[] = [1, 2, 3, 7, 16, xml.length]): { levels: Map<number, number>; ranges: unknown[] }[] {
  const results: { levels: Map<number, number>; ranges: unknown[] }[] = [];
  for (const size of sizes) {
    const cuts: number[] = [];
    for (let at = size; at < xml.length; at += size) cuts.push(at);
    results.push(scanInChunks(xml, cuts));
  }
  return results;
}

describe('row tags read as the sheet scanner reads them', () => {
  it('reads r and outlineLevel by name (either quotes, spaces around =, character references), numbers rows without r after the one before, and takes a `>` in a value as text', () => {
    const rows = [
      `<row r="2" myOutlineLevel="3" spans="1:2"><c r="A2"/></row>`, // no level of its own
      `<row r='3' outlineLevel = '2' note="a>b"></row>`,
      `<row note="see r='9' outlineLevel='4'" r="4" outlineLevel="1"/>`,
      `<row r="&#53;" outlineLevel="&#50;"></row>`,
      `<row outlineLevel="3"></row>`, // row 6: no r, after row 5
      `<row><c><v>1</v></c></row>`, // row 7
      `<row outlineLevel="1" foo="x>y"/>`, // row 8
    ];
    const xml = `<worksheet><sheetData>${rows.join('')}</sheetData><mergeCells><mergeCell fooref="Z1:Z9" ref='A2:B3' note="c>d"/><mergeCell ref="&#67;4:D5"/></mergeCells></worksheet>`;
    const expectedLevels = new Map([
      [3, 2],
      [4, 1],
      [5, 2],
      [6, 3],
      [8, 1],
    ]);
    const expectedRanges = [
      { top: 2, bottom: 3, left: 0, right: 1 },
      { top: 4, bottom: 5, left: 2, right: 3 },
    ];
    for (const result of scanEverywhere(xml)) {
      expect(result.levels).toEqual(expectedLevels);
      expect(result.ranges).toEqual(expectedRanges);
    }
  });

  it('reads a level as an unsigned byte (leading zeros, a plus, spaces), not a value past 255, and numbers rows as the sheet scanner does', () => {
    const rows = [
      `<row r="2" outlineLevel="0001"/>`,
      `<row r="3" outlineLevel=" +2 "/>`,
      `<row r="4" outlineLevel="256"/>`, // no level, not 255
      `<row r="5" outlineLevel="999"/>`,
      `<row r="6" outlineLevel="255"/>`,
      `<row r="0" outlineLevel="3"/>`, // r not a row number: row 7, after row 6
      `<row r="1.5" outlineLevel="4"/>`, // row 8
      `<row r="009" outlineLevel="5"/>`,
    ];
    const xml = `<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`;
    const expectedLevels = new Map([
      [2, 1],
      [3, 2],
      [6, 255],
      [7, 3],
      [8, 4],
      [9, 5],
    ]);
    for (const result of scanEverywhere(xml)) expect(result.levels).toEqual(expectedLevels);
  });
});

describe('markup that is no tag', () => {
  it('reads no row or merged range inside a comment, CDATA section or processing instruction, and lets none run on past its end, wherever the chunks are cut', () => {
    const xml =
      `<?xml version="1.0"?><worksheet><!-- an old <row r="2" outlineLevel="5"> and <mergeCell ref="A1:A9"/> --><sheetData>` +
      `<row r="2" outlineLevel="1"><c r="A2" t="inlineStr"><is><t><![CDATA[<row r="3" outlineLevel="6"><mergeCell ref="B1:B9"/>]]></t></is></c></row>` +
      `<!-- <row x=' --><row r="3" outlineLevel="2"/><?note don't <row r="4" outlineLevel="7"> ?>` +
      `<!-- <row r="5"> --><row outlineLevel="3"/>` + // row 4: the commented row 5 does not count
      `</sheetData><mergeCells><!-- <mergeCell ref='C1:C9'/> --><mergeCell ref="D1:D2"/></mergeCells></worksheet>`;
    const sizes: number[] = [];
    for (let size = 1; size <= xml.length; size = size < 24 ? size + 1 : size * 2) sizes.push(size);
    const results = scanEverywhere(xml, sizes);
    for (const result of results) {
      expect(result.levels).toEqual(new Map([
        [2, 1],
        [3, 2],
        [4, 3],
      ]));
      expect(result.ranges).toEqual([{ top: 1, bottom: 2, left: 3, right: 3 }]);
    }
  });
});

describe('the outline scan’s one walk over a row tag', () => {
  it('reads a level written before r, after a value naming it, or in a tag ending in />, and skips r-less tags without a level', () => {
    const rows = [
      `<row outlineLevel="2" spans="1:2" r="10"/>`,
      `<row note="outlineLevel='7'" r="11"/>`, // the name only inside a value: no level
      `<row note="outlineLevel" r="12" x:y='1' outlineLevel='3' />`,
      `<row spans="1:2"><c><v>1</v></c></row>`, // row 13
      `<x:row outlineLevel="1"/>`, // row 14
    ];
    const outlines = createRowOutlineScanner();
    outlines.write(Buffer.from(`<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`, 'latin1'));
    expect(outlines.levels()).toEqual(new Map([
      [10, 2],
      [12, 3],
      [14, 1],
    ]));
  });
});

describe('parseOutlineLevel', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['1', 1],
    ['0001', 1],
    ['+7', 7],
    [' 3\t', 3],
    ['255', 255],
    ['00255', 255],
    ['256', 0],
    ['99999999999999999999', 0],
    ['-1', 0],
    ['1.0', 0],
    ['x', 0],
  ])('reads %j as level %d', (value, level) => {
    expect(parseOutlineLevel(value)).toBe(level);
  });
});

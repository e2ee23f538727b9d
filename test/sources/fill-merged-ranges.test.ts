import { describe, expect, it } from 'vitest';
import { createMergedRangeFill, pickFillMergedColumns, type MergedCellKind } from '../../src/sources/fill-merged-ranges.js';
import type { CellRange } from '../../src/sources/types.js';

const TEXT: MergedCellKind<string> = { checkBlank: (text) => (text ?? '').trim() === '', copyFilled: (text) => `${text}*` };

/** Feeds rows (0-based columns) to the fill in order, as both readers do: start, then fill. */
function fillRows(ranges: CellRange[], columns: number[], headerRow: number, rows: Map<number, string[]>): Map<number, string[]> {
  const fill = createMergedRangeFill(ranges, columns, headerRow, TEXT);
  for (const [row, values] of rows) {
    if (fill?.startsAt(row)) fill.start(row, values);
    fill?.fillerOf(row)?.(values);
  }
  return rows;
}

describe('createMergedRangeFill', () => {
  it('copies the top-left value into the blank cells of the filled columns the range covers, the top-left cell left as it is', () => {
    const rows = new Map([
      [2, ['shirt', 'S', '']],
      [3, ['', 'M', ' ']],
      [4, ['kept', 'L', '']],
      [5, ['', 'XL', '']],
    ]);
    fillRows([{ top: 2, left: 0, bottom: 4, right: 0 }], [0, 2], 1, rows);
    expect([...rows.values()]).toEqual([
      ['shirt', 'S', ''],
      ['shirt*', 'M', ' '],
      ['kept', 'L', ''],
      ['', 'XL', ''],
    ]);
  });

  it('fills only the columns asked for, inside the range, and passes over a range with a blank top-left', () => {
    const rows = new Map([
      [3, ['a', '', '']],
      [4, ['', '', '']],
      [5, [' ', '', '']],
      [6, ['', '', '']],
    ]);
    fillRows(
      [
        { top: 3, left: 0, bottom: 4, right: 2 },
        { top: 5, left: 0, bottom: 6, right: 0 },
      ],
      [0, 1],
      2,
      rows,
    );
    expect([...rows.values()]).toEqual([
      ['a', 'a*', ''],
      ['a*', 'a*', ''],
      [' ', '', ''],
      ['', '', ''],
    ]);
  });

  it('is undefined when no range below the header touches a filled column', () => {
    const ranges = [
      { top: 1, left: 0, bottom: 3, right: 0 },
      { top: 4, left: 2, bottom: 6, right: 3 },
    ];
    expect(createMergedRangeFill(ranges, [0, 1], 1, TEXT)).toBeUndefined();
    expect(createMergedRangeFill(ranges, [3], 1, TEXT)).toBeDefined();
  });
});

describe('pickFillMergedColumns', () => {
  const header = [
    { index: 0, letter: 'A', name: 'Модель' },
    { index: 2, letter: 'C', name: ' Бренд ' },
    { index: 3, letter: 'D', name: 'Цвет' },
    { index: 5, letter: 'F', name: 'бренд' },
  ];

  it('picks the header columns the names match, by normalised name, at their sheet positions (hidden columns are not in the header)', () => {
    expect(pickFillMergedColumns(header, ['БРЕНД', 'модель', 'Нет такой'])).toEqual([0, 2, 5]);
    expect(pickFillMergedColumns(header, ['_status'])).toEqual([]);
  });

  it('picks none without names', () => {
    expect(pickFillMergedColumns(header, undefined)).toEqual([]);
    expect(pickFillMergedColumns(header, [])).toEqual([]);
  });
});

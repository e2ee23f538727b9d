import { describe, expect, it } from 'vitest';
import { createGroupRowTracker, type TrackedRowKind } from '../../src/report/xlsx-patch/track-group-rows.js';

/** Feeds rows `[row, level, kind, text?]` and returns, for each data row, the groups in effect as `level:text`. */
function follow(outline: boolean, rows: [number, number, TrackedRowKind, string?][], outsideOnly: readonly number[] = []): Record<number, string[]> {
  const tracker = createGroupRowTracker({ outline });
  const seen: Record<number, string[]> = {};
  for (const [row, level, kind, text] of rows) {
    tracker.add(row, level, kind, text === undefined ? undefined : { row, fields: [text], text, level: 0 }, () => !outsideOnly.includes(row));
    if (kind === 'data') seen[row] = tracker.current().map((group) => `${group.level}:${group.text}`);
  }
  return seen;
}

describe('createGroupRowTracker', () => {
  it('follows nested outline groups as the reader does (docs/input-files.md example)', () => {
    expect(
      follow(true, [
        [2, 0, 'group', 'Зоотовары'],
        [3, 1, 'group', 'Корма для кошек'],
        [4, 2, 'data'],
        [5, 2, 'data'],
        [6, 1, 'group', 'Игрушки'],
        [7, 2, 'data'],
        [8, 0, 'group', 'Бытовая химия'],
        [9, 1, 'data'],
      ]),
    ).toEqual({
      4: ['1:Зоотовары', '2:Корма для кошек'],
      5: ['1:Зоотовары', '2:Корма для кошек'],
      7: ['1:Зоотовары', '2:Игрушки'],
      9: ['1:Бытовая химия'],
    });
  });

  it('closes the groups deeper than a row of goods, and starts merged or single-cell groups after the open outline groups', () => {
    expect(
      follow(true, [
        [2, 0, 'group', 'Одежда'],
        [3, 1, 'group', 'Футболки'],
        [4, 1, 'data'],
        [5, 0, 'data'],
        [6, 0, 'group', 'Обувь'],
        [7, 1, 'group', 'Кроссовки'],
        [8, 1, 'data'],
      ]),
    ).toEqual({ 4: ['1:Одежда', '2:Футболки'], 5: [], 8: ['1:Обувь', '2:Кроссовки'] });
  });

  it('makes section rows without outline siblings: the next replaces the last; a row not stored after a group has level 0', () => {
    expect(
      follow(true, [
        [4, 0, 'group', 'Чай'],
        [5, 0, 'data'],
        [6, 0, 'blank'],
        [7, 0, 'group', 'Кофе'],
        [9, 1, 'data'],
      ]),
    ).toEqual({ 5: ['1:Чай'], 9: ['1:Кофе'] });
  });

  it('lets a data row with no value in the table (only right of it) pass without closing groups, as the reader does', () => {
    const rows: [number, number, TrackedRowKind, string?][] = [
      [2, 0, 'group', 'Одежда'],
      [3, 1, 'group', 'Футболки'],
      [4, 0, 'data'],
      [5, 2, 'data'],
    ];
    expect(follow(true, rows, [4])).toEqual({ 4: ['1:Одежда', '2:Футболки'], 5: ['1:Одежда', '2:Футболки'] });
    expect(follow(true, rows)).toEqual({ 4: [], 5: [] });
  });

  it('ignores outline levels when the reader does not look at them', () => {
    expect(
      follow(false, [
        [2, 0, 'group', 'Зоотовары'],
        [3, 1, 'group', 'Корма'],
        [4, 2, 'data'],
        [5, 0, 'data'],
      ]),
    ).toEqual({ 4: ['1:Корма'], 5: ['1:Корма'] });
  });
});

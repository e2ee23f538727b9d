import { describe, expect, it } from 'vitest';
import { createGroupRowTracker, type TrackedRowKind } from '../../src/report/xlsx-patch/track-group-rows.js';

/** Feeds rows `[row, level, kind, text?]` and returns, for each data row, the texts of the groups in effect. */
function follow(outline: boolean, rows: [number, number, TrackedRowKind, string?][]): Record<number, string[]> {
  const tracker = createGroupRowTracker({ outline });
  const seen: Record<number, string[]> = {};
  for (const [row, level, kind, text] of rows) {
    tracker.add(row, level, kind, text === undefined ? undefined : { row, fields: [text] });
    if (kind === 'data') seen[row] = tracker.current().map((group) => group.fields[0] ?? '');
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
    ).toEqual({ 4: ['Зоотовары', 'Корма для кошек'], 5: ['Зоотовары', 'Корма для кошек'], 7: ['Зоотовары', 'Игрушки'], 9: ['Бытовая химия'] });
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
    ).toEqual({ 4: ['Одежда', 'Футболки'], 5: [], 8: ['Обувь', 'Кроссовки'] });
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
    ).toEqual({ 5: ['Чай'], 9: ['Кофе'] });
  });

  it('ignores outline levels when the reader does not look at them', () => {
    expect(
      follow(false, [
        [2, 0, 'group', 'Зоотовары'],
        [3, 1, 'group', 'Корма'],
        [4, 2, 'data'],
        [5, 0, 'data'],
      ]),
    ).toEqual({ 4: ['Корма'], 5: ['Корма'] });
  });
});

/**
 * `splitPathLevels`, the one splitter of a path into levels (group cells, `normalizePath`): a spaced separator, `>`, `|`, `›`, `»`
 * split; a `/` between letters or digits is inside one name. Traps: a folder list, a model's memory, a tyre size, `д/ванной`.
 */
import { describe, expect, it } from 'vitest';
import { normalizePath, splitPathLevels } from '../../src/mapping/normalize-name.js';

describe('splitPathLevels', () => {
  it('splits at a spaced / or \\, and at >, |, ›, » anywhere', () => {
    expect(splitPathLevels('Одежда / Детская одежда')).toEqual(['Одежда', 'Детская одежда']);
    expect(splitPathLevels('Одежда/ Детская \\ Футболки')).toEqual(['Одежда', 'Детская', 'Футболки']);
    expect(splitPathLevels('Корма>Для кошек|Сухие › Мелкие » Акция')).toEqual(['Корма', 'Для кошек', 'Сухие', 'Мелкие', 'Акция']);
    expect(splitPathLevels(' / Одежда / ')).toEqual(['Одежда']);
  });

  it('keeps a / between two letters or digits inside one level (trap)', () => {
    expect(splitPathLevels('Сковороды/кастрюли')).toEqual(['Сковороды/кастрюли']);
    expect(splitPathLevels('Смартфоны 4/64')).toEqual(['Смартфоны 4/64']);
    expect(splitPathLevels('Шины 175/70 R13 / Летние')).toEqual(['Шины 175/70 R13', 'Летние']);
    expect(splitPathLevels('Смесители д/ванной')).toEqual(['Смесители д/ванной']);
  });

  it('leaves the key of an unspaced path as it was: its levels joined with / read the same', () => {
    expect(normalizePath('Одежда/Мужская одежда/Футболки')).toBe(normalizePath('Одежда / Мужская одежда / Футболки'));
  });
});

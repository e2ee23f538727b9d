/**
 * `lookup: category` with `groups:` on the builders' small directory (men's and children's T-shirts): the row's groups are read
 * beside the name, a seller's type answer still comes first but a row its group places confidently elsewhere keeps that leaf
 * (`findPickOverAnswer`), and the step names the group columns the header lacks. Traps: no `groups:`, an empty cell.
 */
import { describe, expect, it } from 'vitest';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { compileCategoryLookup } from '../../../src/stages/derive/lookup-category.js';
import { compileStep } from '../../../src/stages/derive/transform-rules.js';
import { findLookupGroups } from '../../../src/stages/derive/read-group-path.js';
import type { SourceCell } from '../../../src/sources/types.js';
import { makeDirectories, makeMapping } from '../../helpers/builders.js';
import type { ColumnRef } from '../../../src/mapping/mapping-schema.js';

const index = createDirectoryIndex(makeDirectories());
const header = ['Наименование', 'Группа'].map((name, at) => ({ index: at, letter: String.fromCharCode(65 + at), name }));
const MEN = 'Одежда / Мужская одежда / Футболки';
const KIDS = 'Одежда / Детская одежда / Футболки';

function lookup(groups: ColumnRef[] | undefined, edit: Parameters<typeof makeMapping>[0] = () => {}) {
  const step = compileStep(groups === undefined ? { lookup: 'category' } : { lookup: 'category', groups }, { mapping: makeMapping(edit), index, compileCategoryLookup, header });
  return {
    step,
    apply(name: string, group: string): { value: string | undefined; data: Record<string, unknown>[] } {
      const cells: (SourceCell | undefined)[] = [{ kind: 'string', text: name, value: name }, group === '' ? undefined : { kind: 'string', text: group, value: group }];
      const data: Record<string, unknown>[] = [];
      return { value: step.apply(name, (_code, _severity, found) => data.push(found), cells), data };
    },
  };
}

describe('lookup: category reads the groups beside the name', () => {
  it('classifies with the group; an empty group cell, or no groups:, reads the name alone', () => {
    const { apply } = lookup(['Группа']);
    expect(apply('Футболка хлопковая белая', 'Мужская одежда').value).toBe(MEN);
    expect(apply('Футболка хлопковая белая', 'Детская одежда').value).toBe(KIDS);
    const empty = apply('Футболка хлопковая белая', '');
    expect(empty.value).toBeUndefined();
    expect(empty.data[0]?.groups).toBeUndefined();
    expect(lookup(undefined).apply('Футболка хлопковая белая', 'Мужская одежда').value).toBeUndefined();
  });

  it("the seller's type answer comes first, but a row its group places confidently elsewhere keeps that leaf", () => {
    const { apply } = lookup(['Группа'], (m) => (m.categories = { 'футболка хлопковая': KIDS }));
    expect(apply('Футболка хлопковая белая', 'Мужская одежда').value).toBe(MEN);
    expect(apply('Футболка хлопковая белая', 'Новинки').value).toBe('футболка хлопковая');
    expect(apply('Футболка хлопковая белая', '').value).toBe('футболка хлопковая');
  });

  it("a row left unsure under an answered group takes the group's answer where the reading leaves room; the issue of an unanswered one says its groups", () => {
    const { apply } = lookup(['Группа'], (m) => (m.categories = { Лето: MEN, Футболки: MEN }));
    // No leaf read in the name or its groups: the answer of the nearest group (a level of the cell) places it, as the leaf's path.
    expect(apply('Lacoste L1212', 'Новинки / Лето').value).toBe(MEN);
    // Trap: a reading whose doubt names another leaf (whose T-shirts) stays a question, naming the group's answer.
    const doubted = apply('Футболка хлопковая белая', 'Одежда / Футболки');
    expect(doubted.value).toBeUndefined();
    expect(doubted.data[0]?.nearest).toContain('your answer for "Футболки"');
    // A key naming a section, not one leaf, answers no group (as the review reads it): the row is no answer's.
    expect(lookup(['Группа'], (m) => (m.categories = { Лето: 'Одежда' })).apply('Lacoste L1212', 'Новинки / Лето').value).toBeUndefined();
    const open = lookup(['Группа']).apply('Футболка хлопковая белая', 'Новинки / Лето');
    expect(open.value).toBeUndefined();
    expect(open.data[0]?.groups).toBe('Новинки / Лето');
  });

  it('reads a group column by its letter, as `from` is resolved', () => {
    expect(lookup([{ letter: 'b' }]).apply('Футболка хлопковая белая', 'Мужская одежда').value).toBe(MEN);
  });

  it('names the group columns the header lacks, once, when compiled', () => {
    expect(lookup(['Группа', 'Раздел', { letter: 'Z' }]).step.missingColumns).toEqual(['Раздел', 'Z']);
    expect(lookup(['Группа']).step.missingColumns).toBeUndefined();
  });
});

describe('findLookupGroups: the review reads the groups of the step that feeds columns.category', () => {
  it('takes the step whose derived column is columns.category, else the first with groups', () => {
    const derive = (name: string, groups: string[]) => ({ name, from: 'Наименование', onFail: 'skip' as const, steps: [{ lookup: 'category' as const, groups }] });
    const mapping = makeMapping((m) => {
      m.derive = [derive('Кат2', ['Раздел']), derive('Категория', ['Группа'])];
      m.columns.category = 'Категория';
    });
    expect(findLookupGroups(mapping)).toEqual(['Группа']);
    // Trap: a category column no step feeds reads the first step's groups, as before.
    expect(findLookupGroups({ ...mapping, columns: { ...mapping.columns, category: 'Тип' } })).toEqual(['Раздел']);
  });
});

/** The profile inferred by data (issue 37 deliver 8): pure rules over first pages, and the file they make. */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { inferServiceProfile } from '../../src/api/infer-service-profile.js';
import type { RawDirectoryAnswer } from '../../src/api/infer-service-profile.js';
import { renderServiceProfile } from '../../src/api/render-service-profile.js';

const answer = (name: RawDirectoryAnswer['name'], body: unknown, asked = 100): RawDirectoryAnswer => ({ name, body, asked });
const settingsOf = (answers: RawDirectoryAnswer[]) => Object.fromEntries(inferServiceProfile(answers).settings.map((s) => [s.key, s.value]));

const categories = [
  { uid: 1, up: null, label: { ru: 'Одежда', kk: 'Киім' }, final: false, rank: 3 },
  { uid: 2, up: 1, label: { ru: 'Футболки', kk: 'Футболкалар' }, final: true, rank: 1 },
  { uid: 3, up: 1, label: { ru: 'Брюки', kk: 'Шалбар' }, final: true, rank: 1 },
];
const attributes = [
  { uid: 10, slugName: 'color', label: 'Цвет', links: [{ node: 2, must: true }, { node: 3, must: false }] },
  { uid: 11, slugName: 'size', label: 'Размер', links: [{ node: 2, must: false }] },
];
const values = [
  { uid: 100, slugName: 'red', label: 'Красный', owner: 10 },
  { uid: 101, slugName: 'm', label: 'M', owner: 11 },
];

describe('inferServiceProfile', () => {
  it('finds ids by uniqueness, the parent by reference, the leaf flag, names in Cyrillic and the links by value, whatever their names', () => {
    const inferred = settingsOf([answer('categories', { payload: { entries: categories } }), answer('attributes', attributes), answer('values', values)]);
    expect(inferred).toMatchObject({
      'list.records': ['entries'],
      'category.id': ['uid'],
      'category.parentId': ['up'],
      'category.isLeaf': ['final'],
      'category.name': ['label'],
      'attribute.id': ['uid'],
      'attribute.code': ['slugName'],
      'attribute.name': ['label'],
      'attribute.categories': ['links'],
      'link.categoryId': ['node'],
      'link.isRequired': ['must'],
      'value.attributeId': ['owner'],
    });
    // `rank` is an integer field, but not distinct and no id of the list: neither id nor parent.
    expect(Object.values(inferred).flat()).not.toContain('rank');
  });

  it('reads a tree by its children field, and a capped page size from a page shorter than asked that announces more', () => {
    const tree = [{ key: 1, title: 'Одежда', kids: [{ key: 2, title: 'Футболки', kids: [] }, { key: 3, title: 'Брюки', kids: [] }] }];
    const inferred = settingsOf([answer('categories', { items: tree, nextCursor: 'abc' })]);
    expect(inferred).toMatchObject({ 'category.children': ['kids'], 'category.id': ['key'], 'category.name': ['title'], 'pageSizes.categories': 1 });
  });

  it('leaves an ambiguous id unsettled rather than guessing', () => {
    const profile = inferServiceProfile([answer('brands', [{ a: 1, b: 5, name: 'Nike' }, { a: 2, b: 6, name: 'Puma' }])]);
    expect(profile.settings.find((s) => s.key === 'brand.id')).toBeUndefined();
    expect(profile.unsettled.join('\n')).toMatch(/brands: the id field \(several integer fields are distinct: a, b\)/);
  });

  it('renders a settings file with the reason beside every inferred line', () => {
    const profile = inferServiceProfile([answer('categories', { entries: categories }), answer('attributes', attributes), answer('values', values)]);
    const text = renderServiceProfile(profile, ['header']);
    const lines = text.split('\n').filter((line) => /^\s{4}\S/.test(line));
    expect(lines.length).toBe(new Set(profile.settings.map((s) => s.key)).size);
    expect(lines.every((line) => / {3}# \S/.test(line))).toBe(true);
    const parsed = parseYaml(text) as { service: { fields: Record<string, string[]> } };
    expect(parsed.service.fields['category.parentId']).toEqual(['up']);
  });
});

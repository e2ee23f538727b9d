/** What `mapping init` proposes from group rows and from text inside the names (issue 19, item 6). */
import { describe, expect, it } from 'vitest';
import { proposeGroupCategory, proposeNameDerivations } from '../../src/assistant/build-mapping-draft-derivations.js';
import { createDirectoryIndex } from '../../src/mapping/directory-index.js';
import { makeDirectories } from '../helpers/builders.js';

function makeIndex(withVolume: boolean): ReturnType<typeof createDirectoryIndex> {
  const directories = makeDirectories();
  if (withVolume) {
    directories.attributes.push({ id: 90, code: 'volume_ml', name: { rus: 'Объём, мл', kaz: 'Көлемі, мл' }, type: 'number', isMultiple: false, isSkuDefining: false, categories: [] });
  }
  return createDirectoryIndex(directories);
}

describe('proposeGroupCategory', () => {
  it('takes the deepest level that has texts, and nothing without group rows', () => {
    expect(proposeGroupCategory(new Map([[1, ['Напитки']], [2, ['Соки', 'Вода']]]))).toEqual({ column: '_group2', level: 2, texts: ['Соки', 'Вода'] });
    expect(proposeGroupCategory(new Map([[1, ['Напитки']], [2, []]]))?.column).toBe('_group1');
    expect(proposeGroupCategory(undefined)).toBeUndefined();
    expect(proposeGroupCategory(new Map())).toBeUndefined();
  });
});

describe('proposeNameDerivations', () => {
  const names = ['Смартфон Samsung Galaxy A06 0,5 л', 'Чехол Samsung 250 мл', 'Кабель USB-C', 'Зарядка без бренда'];

  it('proposes the brand lookup and the volume regex when enough names show them', () => {
    const proposals = proposeNameDerivations('Наименование', names, makeIndex(true), { brandFromColumn: false, fedAttributes: new Set() });
    expect(proposals.map((p) => [p.name, p.feeds, p.evidence])).toEqual([
      ['Бренд из названия', { kind: 'field', field: 'brand' }, '2 of 4 names name a directory brand'],
      ['Объём из названия', { kind: 'attribute', code: 'volume_ml' }, '2 of 4 names hold a volume (мл, л)'],
    ]);
    expect(proposals[1]?.steps).toEqual([{ regex: '(\\d+(?:[.,]\\d+)?\\s*(?:мл|л)(?!\\p{L}))' }, { unit: 'мл' }]);
  });

  it('proposes nothing a column already gives, nothing the directory lacks, and nothing on thin evidence', () => {
    expect(proposeNameDerivations('Наименование', names, makeIndex(false), { brandFromColumn: true, fedAttributes: new Set() })).toEqual([]);
    expect(proposeNameDerivations('Наименование', names, makeIndex(true), { brandFromColumn: true, fedAttributes: new Set(['volume_ml']) })).toEqual([]);
    const many = [names[0] ?? '', ...Array.from({ length: 20 }, (_, i) => `Кабель ${i}`)];
    expect(proposeNameDerivations('Наименование', many, makeIndex(true), { brandFromColumn: false, fedAttributes: new Set() })).toEqual([]);
  });
});

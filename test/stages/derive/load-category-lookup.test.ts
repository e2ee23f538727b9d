/**
 * Issue 39: the product classifier of `lookup: category` is loaded by the pipeline only for a
 * mapping that uses the step (a derived column, or a group-row column falling back on the name);
 * the row mapper the pipeline builds uses what was loaded. Which modules a dry run of a mapping
 * without the step loads is checked by test/cli/startup-modules.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildRowMapper } from '../../../src/stages/build-row-mapper.js';
import { loadCategoryLookup } from '../../../src/stages/derive/load-category-lookup.js';
import { makeDirectories, makeInfo, makeMapping, makeProductRow } from '../../helpers/builders.js';

const directories = makeDirectories();
const index = createDirectoryIndex(directories);

const derivedCategory = makeMapping((m) => {
  m.columns = { ...m.columns, category: 'Категория из названия' };
  m.categories = {};
  m.derive = [{ name: 'Категория из названия', from: 'Наименование', steps: [{ lookup: 'category' }] }];
});

describe('loading the classifier of lookup: category', () => {
  it('loads nothing for a mapping without the step, a plain group column included', async () => {
    expect(await loadCategoryLookup(makeMapping())).toBeUndefined();
    expect(await loadCategoryLookup(makeMapping((m) => (m.columns = { ...m.columns, category: { fromGroups: 'nearest' } })))).toBeUndefined();
    expect(await loadCategoryLookup(makeMapping((m) => (m.derive = [{ name: 'Бренд из названия', from: 'Наименование', steps: [{ lookup: 'brand' }] }])))).toBeUndefined();
  });

  it('loads it for a derived lookup: category and for a group column that falls back on the name', async () => {
    expect(await loadCategoryLookup(derivedCategory)).toBeTypeOf('function');
    expect(await loadCategoryLookup(makeMapping((m) => (m.columns = { ...m.columns, category: { fromGroups: 'nearest', otherwise: 'name' } })))).toBeTypeOf('function');
  });

  it('the row mapper built with what was loaded finds the leaf; built without it, it refuses to compile the step', async () => {
    const info = makeInfo();
    const mapper = buildRowMapper(derivedCategory, directories, info, { index, compileCategoryLookup: await loadCategoryLookup(derivedCategory) });
    expect(mapper(makeProductRow(info, 5, { Наименование: 'Джинсы мужские синие' })).record?.product.categoryId).toBe(112);
    expect(() => buildRowMapper(derivedCategory, directories, info, { index })).toThrow(/lookup: category compiled without the classifier/);
  });
});

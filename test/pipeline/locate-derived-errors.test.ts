/** A service error on a field fed by a derived column is placed at the cell the value was taken from. */
import { describe, expect, it } from 'vitest';
import type { ProductDraft } from '../../src/core/types.js';
import { locateServiceErrors } from '../../src/pipeline/locate-service-errors.js';
import { makeInfo, makeMapping } from '../helpers/builders.js';

const draft = { productKey: 'A1', rows: [{ file: 'catalog.xlsx', row: 5 }], skuRows: [{ file: 'catalog.xlsx', row: 5 }], skuKeys: ['A1'], item: {} } as unknown as ProductDraft;

describe('locateServiceErrors with derived columns', () => {
  const mapping = makeMapping((input) => {
    input.columns.brand = 'Бренд из названия';
    input.columns.category = '_group2';
    input.derive = [
      { name: 'Бренд сырой', from: 'Наименование', steps: [{ lookup: 'brand' }] },
      { name: 'Бренд из названия', from: 'Бренд сырой', steps: [{ map: { Самсунг: 'Samsung' } }] },
    ] as never;
  });
  const header = makeInfo().header;

  it('follows a derived column, through another derived one, to the source cell', () => {
    const [issue] = locateServiceErrors('rejected', [{ field: 'brandId', code: 'BRAND_NOT_FOUND', message: 'brand 9 does not exist' }], draft, { mapping, header });
    const name = header.find((column) => column.name === 'Наименование');
    expect(issue).toMatchObject({ row: 5, column: name?.letter, header: 'Наименование', code: 'service_BRAND_NOT_FOUND' });
  });

  it('leaves an error on a field fed by a group row on the row: a group text has no cell', () => {
    const [issue] = locateServiceErrors('rejected', [{ field: 'categoryId', code: 'CATEGORY_NOT_LEAF', message: 'not a leaf' }], draft, { mapping, header });
    expect(issue?.row).toBe(5);
    expect(issue?.column).toBeUndefined();
  });
});

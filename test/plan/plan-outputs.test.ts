import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { PlannedProduct } from '../../src/plan/plan-types.js';
import { createPlanCsvWriter } from '../../src/plan/create-plan-csv-writer.js';
import { renderPlanSummary, renderPlannedProduct } from '../../src/plan/render-plan.js';

const draft = { productKey: 'K', rows: [{ file: 'f.csv', row: 2 }], skuKeys: ['B1'], skuRows: [{ file: 'f.csv', row: 2 }], item: {} as never };

const planned: PlannedProduct[] = [
  { productKey: 'NEW', action: 'create', productId: null, changes: [], blanked: [], draft },
  {
    productKey: 'K',
    action: 'update',
    productId: 7,
    changes: [{ field: 'skus[B1].price', old: 10, new: 12.5, skuIndex: 0 }, { field: 'name.rus', old: '=SUM(A1)', new: 'Новое' }],
    blanked: [
      { field: 'description.kaz', held: 'Жақсы', kept: true },
      { field: 'attributes.material', held: ['material_cotton', 'material_linen'], kept: false, reason: 'blank: clear' },
    ],
    draft,
  },
];

describe('plan outputs', () => {
  it('renders the summary and each product with old → new and the blank cases', () => {
    expect(renderPlanSummary({ create: 1, update: 1, unchanged: 0, missing: 0, blankKept: 1, blankCleared: 1 })).toBe(
      "plan: 1 to create, 1 to update, 0 unchanged (not sent); 1 empty field keeps the service's value; 1 empty field will be cleared",
    );
    expect(renderPlannedProduct(planned[1] as PlannedProduct)).toEqual([
      'update K (7)',
      '  skus[B1].price: 10 → 12.5',
      '  name.rus: "=SUM(A1)" → "Новое"',
      '  description.kaz: empty in the file, kept as "Жақсы"',
      '  attributes.material: empty in the file, ["material_cotton", "material_linen"] will be cleared (blank: clear)',
    ]);
  });

  it('writes plan.csv with one line per field, formula-like text neutralised', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plan-csv-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const path = join(dir, 'plan.csv');
    const writer = await createPlanCsvWriter(path);
    for (const product of planned) await writer.write(product);
    await writer.close();
    expect((await readFile(path, 'utf8')).split('\r\n')).toEqual([
      '\uFEFFproduct_key,product_id,action,field,old,new,note',
      'NEW,,create,,,,',
      'K,7,update,skus[B1].price,10,12.5,',
      "K,7,update,name.rus,'=SUM(A1),Новое,",
      'K,7,update,description.kaz,Жақсы,Жақсы,empty in the file: kept',
      'K,7,update,attributes.material,"material_cotton, material_linen",,empty in the file: cleared (blank: clear)',
      '',
    ]);
  });
});

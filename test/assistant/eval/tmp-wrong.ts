import { generatePriceList } from './generate-price-list.js';
import { createReferenceData } from '../../../src/sandbox/reference-data.js';
import { buildSandboxDirectories } from '../measure-matching.js';
import { createDirectoryIndex, buildCategoryPath } from '../../../src/mapping/directory-index.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
const list = generatePriceList({ rows: 2000, seed: 33, directory: createReferenceData(1) });
const dirs = buildSandboxDirectories('marketplace');
const index = createDirectoryIndex(dirs);
const cl = getClassifierIndex(dirs, index);
const path = (id: number | null | undefined) => { const c = id == null ? undefined : index.categoryById.get(id); return c ? buildCategoryPath(c, index.categoryById) : String(id); };
const byType = new Map<string, { n: number; ex: string; got: string; right: string; alts: string }>();
let wrong = 0, conf = 0, right = 0;
for (const row of list.rows) {
  const name = row.cells.Наименование;
  const r = classifyProduct(cl, { name });
  if (!r.confident) continue;
  conf++;
  if (r.leafId === row.leafId) { right++; continue; }
  wrong++;
  const key = readProductTypeKey(name) + ' | ' + r.path;
  const e = byType.get(key) ?? { n: 0, ex: name, got: path(r.leafId), right: path(row.leafId), alts: r.alternatives.slice(0, 3).map((a) => `${a.path} ${a.score}`).join('; ') };
  e.n++; byType.set(key, e);
}
console.log(`confident ${conf}, right ${right}, wrong ${wrong}`);
for (const [k, e] of [...byType].sort((a, b) => b[1].n - a[1].n)) console.log(`${e.n}\t${k}\n\tex: ${e.ex}\n\tright: ${e.right}\n\talts: ${e.alts}`);

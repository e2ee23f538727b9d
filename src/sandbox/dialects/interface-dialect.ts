/**
 * The interface's dialect: the sandbox as it always spoke. Pages `{items, pageNumber, pageSize,
 * totalCount, totalPages}`; leaf categories flat with `path` and `isLeaf`; attributes with
 * `type`, `isSkuDefining`, `categories[{categoryId, isRequired}]`; jobs `Queued`/`Processing`/
 * `Done`, products `Success`/`Failed`; errors `{status, errorCode, errorMessage, errors}`.
 */
import { buildLeafRecords, selectValues, slicePage } from './dialect-kit.js';
import type { SandboxDialect } from './dialect-types.js';

/** The interface dialect. */
export const interfaceDialect: SandboxDialect = {
  name: 'interface',
  summary: "today's choices: wrapped pages under items with totals, camelCase, Queued/Processing/Done, Success/Failed",
  maxPageSize: 100,
  directory(name, index, paging, query) {
    const all =
      name === 'categories' ? buildLeafRecords(index) : name === 'attributes' ? index.data.attributes : name === 'brands' ? index.data.brands : selectValues(index, query);
    const page = slicePage<unknown>(all, paging);
    return { items: page.items, pageNumber: paging.pageNumber, pageSize: paging.pageSize, totalCount: page.totalCount, totalPages: page.totalPages };
  },
  importAccepted: (a) => ({ jobId: a.jobId, receivedItems: a.receivedItems, queuedAt: a.queuedAt, infoUrl: `${a.infoPath}?jobId=${a.jobId}` }),
  readJobId: (text) => (/^\d{1,15}$/.test(text) ? Number(text) : undefined),
  job: (view) => view,
  list: (page) => page,
  details: (products) => ({ products }),
  error: (body) => ({ body }),
};

/**
 * The interface's dialect: the sandbox as it always spoke. Pages `{items, pageNumber, pageSize,
 * totalCount, totalPages}`; leaf categories flat with `path` and `isLeaf`; attributes with
 * `type`, `isSkuDefining`, `categories[{categoryId, isRequired}]`; jobs `Queued`/`Processing`/
 * `Done`, products `Success`/`Failed`; errors `{status, errorCode, errorMessage, errors}`.
 */
import { selectInterfaceRecords, writeNumberedListPage, writeNumberedPage } from './dialect-kit.js';
import type { SandboxDialect } from './dialect-types.js';

/** The interface dialect. */
export const interfaceDialect: SandboxDialect = {
  name: 'interface',
  summary: "today's choices: wrapped pages under items with totals, camelCase, Queued/Processing/Done, Success/Failed",
  maxPageSize: 100,
  directory: (name, index, paging, query) => writeNumberedPage(selectInterfaceRecords(name, index, query), paging),
  importAccepted: (a) => ({ jobId: a.jobId, receivedItems: a.receivedItems, queuedAt: a.queuedAt, infoUrl: `${a.infoPath}?jobId=${a.jobId}` }),
  readJobId: (text) => (/^\d{1,15}$/.test(text) ? Number(text) : undefined),
  job: (view) => view,
  list: writeNumberedListPage,
  details: (products) => ({ products }),
  error: (body) => ({ body }),
};

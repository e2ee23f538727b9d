/**
 * The dialect shaped by the live service's public documentation and its common neighbours:
 * every page wrapped as `{data, meta: {pageNumber, pageSize, totalCount, totalPages}}` with the
 * page size capped at 20 whatever is asked; categories flat with parent ids and no `path` or
 * `isLeaf` (parents listed too: leaves are those no category names as parent); attributes with
 * `valueType` (`Dictionary`/`Text`/`Number`/`Boolean`), `isVariant`, and `categoryIds` plus an
 * attribute-level `isRequired` where that says it all; jobs `Created` → `InProgress` →
 * `Completed`, every product listed as `InProgress` while the job runs, then `Imported` or
 * `Rejected`.
 */
import type { Attribute } from '../../domain/index.js';
import type { JobView } from '../create-sandbox-store.js';
import { selectValues, slicePage } from './dialect-kit.js';
import type { SandboxDialect } from './dialect-types.js';

const VALUE_TYPES = { dictionary: 'Dictionary', text: 'Text', number: 'Number', boolean: 'Boolean' } as const;

function writeAttribute(attribute: Attribute): Record<string, unknown> {
  const required = new Set(attribute.categories.map((c) => c.isRequired));
  const links =
    required.size <= 1
      ? { categoryIds: attribute.categories.map((c) => c.categoryId), isRequired: required.has(true) }
      : { categories: attribute.categories.map((c) => ({ categoryId: c.categoryId, isRequired: c.isRequired })) };
  return { id: attribute.id, code: attribute.code, name: attribute.name, valueType: VALUE_TYPES[attribute.type], isMultiple: attribute.isMultiple, isVariant: attribute.isSkuDefining, ...links };
}

function writeJob(view: JobView): Record<string, unknown> {
  const running = view.status !== 'Done';
  return {
    jobId: view.jobId,
    status: view.status === 'Queued' ? 'Created' : running ? 'InProgress' : 'Completed',
    createdAt: view.queuedAt,
    completedAt: view.finishedAt,
    // While the job runs every product is listed, each still InProgress: not a result yet.
    products: running
      ? Array.from({ length: view.receivedItems }, (_, index) => ({ index, status: 'InProgress' }))
      : view.products.map((p) => ({ ...p, status: p.status === 'Success' ? 'Imported' : p.status === 'Failed' ? 'Rejected' : p.status })),
  };
}

/** The documented dialect. */
export const documentedDialect: SandboxDialect = {
  name: 'documented',
  summary: 'docs-shaped: {data, meta} pages capped at 20, parents listed flat, valueType/isVariant/categoryIds, Created/InProgress/Completed, products InProgress then Imported/Rejected',
  maxPageSize: 20,
  directory(name, index, paging, query) {
    const all: unknown[] =
      name === 'categories'
        ? index.data.categories.map(({ id, parentId, name: n }) => ({ id, parentId, name: n }))
        : name === 'attributes'
          ? index.data.attributes.map(writeAttribute)
          : name === 'brands'
            ? index.data.brands.map(({ id, name: n }) => ({ id, name: n }))
            : selectValues(index, query).map(({ id, code, attributeCode, name: n }) => ({ id, code, attributeCode, name: n }));
    const page = slicePage(all, paging);
    return { data: page.items, meta: { pageNumber: paging.pageNumber, pageSize: paging.pageSize, totalCount: page.totalCount, totalPages: page.totalPages } };
  },
  importAccepted: (a) => ({ jobId: a.jobId, receivedItems: a.receivedItems, queuedAt: a.queuedAt, infoUrl: `${a.infoPath}?jobId=${a.jobId}` }),
  readJobId: (text) => (/^\d{1,15}$/.test(text) ? Number(text) : undefined),
  job: writeJob,
  list: (page) => ({ data: page.products, meta: { pageNumber: page.pageNumber, pageSize: page.pageSize, totalCount: page.totalCount, totalPages: page.totalPages } }),
  details: (products) => ({ data: products }),
  error: (body) => ({ body }),
};

/**
 * The tree dialect: categories as one nested tree (`children`, no `isLeaf`, no path), each
 * category listing its own attributes (`attributes[{attributeId, required}]`, the attribute
 * directory then says nothing of categories); snake_case keys; attributes `kind`
 * `enum`/`string`/`integer`/`bool` and `is_variation`; paging under `meta` as `{total, page,
 * per_page}`; job ids above 2^53 (as bare JSON numbers); jobs `queued` → `in_progress` →
 * `completed`, products `success`/`error`.
 */
import type { Attribute } from '../../domain/index.js';
import type { ReferenceCategory } from '../reference-data.js';
import type { ReferenceIndex } from '../create-reference-index.js';
import { markBigNumber, renameKeys, selectValues, slicePage, toSnakeCase } from './dialect-kit.js';
import type { DialectPaging, SandboxDialect } from './dialect-types.js';

/** Job ids are offset by 2^60, so every one is above 2^53. */
const JOB_ID_BASE = 1n << 60n;
const KINDS = { dictionary: 'enum', text: 'string', number: 'integer', boolean: 'bool' } as const;

const snake = (value: unknown): unknown => renameKeys(value, toSnakeCase);
const externalJobId = (id: number): string => (JOB_ID_BASE + BigInt(id)).toString();

function buildTree(index: ReferenceIndex): Record<string, unknown>[] {
  const children = new Map<number | null, ReferenceCategory[]>();
  for (const category of index.data.categories) {
    const list = children.get(category.parentId) ?? [];
    list.push(category);
    children.set(category.parentId, list);
  }
  const links = index.categoryAttributes;
  const write = (category: ReferenceCategory): Record<string, unknown> => {
    const own = links.get(category.id);
    return {
      id: category.id,
      name: category.name,
      ...(own ? { attributes: [...own].map(([code, required]) => ({ attributeId: index.attributesByCode.get(code)?.id ?? 0, required })) } : {}),
      children: (children.get(category.id) ?? []).map(write),
    };
  };
  return (children.get(null) ?? []).map(write);
}

function writeAttribute(attribute: Attribute): Record<string, unknown> {
  return { id: attribute.id, code: attribute.code, name: attribute.name, kind: KINDS[attribute.type], isMultiple: attribute.isMultiple, isVariation: attribute.isSkuDefining };
}

function page(items: readonly unknown[], paging: DialectPaging): Record<string, unknown> {
  const slice = slicePage(items, paging);
  return { items: snake(slice.items), meta: { total: slice.totalCount, page: paging.pageNumber, per_page: paging.pageSize } };
}

/** The tree dialect. */
export const treeDialect: SandboxDialect = {
  name: 'tree',
  summary: 'category tree with per-category attribute links, snake_case, kind enum/string/integer/bool, paging under meta, job ids above 2^53, queued/in_progress/completed',
  maxPageSize: 100,
  directory(name, index, paging, query) {
    if (name === 'categories') return page(buildTree(index), paging);
    if (name === 'attributes') return page(index.data.attributes.map(writeAttribute), paging);
    if (name === 'brands') return page(index.data.brands, paging);
    return page(selectValues(index, query), paging);
  },
  importAccepted: (a) => {
    const id = externalJobId(a.jobId);
    return { job_id: markBigNumber(id), received_items: a.receivedItems, queued_at: a.queuedAt, info_url: `${a.infoPath}?jobId=${id}` };
  },
  readJobId(text) {
    if (!/^\d+$/.test(text)) return undefined;
    const id = BigInt(text) - JOB_ID_BASE;
    return id > 0n && id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : undefined;
  },
  job: (view) => ({
    job_id: markBigNumber(externalJobId(view.jobId)),
    state: view.status === 'Queued' ? 'queued' : view.status === 'Processing' ? 'in_progress' : 'completed',
    results: snake(view.products.map((p) => ({ ...p, status: p.status === 'Success' ? 'success' : p.status === 'Failed' ? 'error' : p.status }))),
  }),
  list: (p) => ({ items: snake(p.products), meta: { total: p.totalCount, page: p.pageNumber, per_page: p.pageSize } }),
  details: (products) => ({ items: snake(products) }),
  error: (body) => ({ body: snake(body) }),
};

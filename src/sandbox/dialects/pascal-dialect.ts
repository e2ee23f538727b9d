/**
 * The bare dialect of a .NET-style service: every list a bare JSON array with no paging fields
 * (the client pages until an empty page); every key in PascalCase; leaf categories with a
 * `FullPath` text and `IsLeaf`; attribute `Type` as `List`/`String`/`Decimal`/`Bool`; values tied
 * to their attribute by `AttributeId` only; jobs `Pending` → `Running` → `Finished` under
 * `Items`, products `Succeeded`/`Failed` with `Errors[{Field, Message}]`; errors as RFC 7807
 * problem details.
 */
import type { Attribute } from '../../domain/index.js';
import { renameKeys, selectValues, slicePage, toPascalCase } from './dialect-kit.js';
import type { SandboxDialect } from './dialect-types.js';

const TYPES = { dictionary: 'List', text: 'String', number: 'Decimal', boolean: 'Bool' } as const;

const pascal = (value: unknown): unknown => renameKeys(value, toPascalCase);

function writeAttribute(attribute: Attribute): Record<string, unknown> {
  return {
    id: attribute.id,
    code: attribute.code,
    name: attribute.name,
    type: TYPES[attribute.type],
    isMultiple: attribute.isMultiple,
    isSkuDefining: attribute.isSkuDefining,
    categories: attribute.categories,
  };
}

/** The PascalCase dialect. */
export const pascalDialect: SandboxDialect = {
  name: 'pascal',
  summary: 'bare arrays without paging fields, PascalCase keys, FullPath text, Type List/String/Decimal/Bool, values by AttributeId, Pending/Running/Finished with Items, RFC 7807 errors',
  maxPageSize: 100,
  directory(name, index, paging, query) {
    const all: unknown[] =
      name === 'categories'
        ? index.leaves.map(({ id, parentId, name: n, path }) => ({ id, parentId, name: n, fullPath: path?.rus ?? n.rus, isLeaf: true }))
        : name === 'attributes'
          ? index.data.attributes.map(writeAttribute)
          : name === 'brands'
            ? index.data.brands
            : selectValues(index, query).map(({ id, code, attributeId, name: n }) => ({ id, code, attributeId, name: n }));
    return pascal(slicePage(all, paging).items);
  },
  importAccepted: (a) => pascal({ jobId: a.jobId, receivedItems: a.receivedItems, queuedAt: a.queuedAt, infoUrl: `${a.infoPath}?jobId=${a.jobId}` }),
  readJobId: (text) => (/^\d{1,15}$/.test(text) ? Number(text) : undefined),
  job: (view) =>
    pascal({
      jobId: view.jobId,
      status: view.status === 'Queued' ? 'Pending' : view.status === 'Processing' ? 'Running' : 'Finished',
      items: view.products.map((p) => ({
        ...p,
        status: p.status === 'Success' ? 'Succeeded' : p.status,
        errors: (p.errors ?? []).map((e) => ({ field: e.field, message: e.description ?? e.message ?? e.code })),
      })),
    }),
  list: (page) => pascal(page.products),
  details: (products) => pascal(products),
  error: (body) => ({
    contentType: 'application/problem+json',
    body: {
      type: `https://httpstatuses.io/${body.status}`,
      title: body.errorMessage,
      status: body.status,
      detail: body.errorCode,
      errors: Object.fromEntries(Object.entries(body.errors).map(([field, list]) => [toPascalCase(field), list.map((e) => e.description)])),
    },
  }),
};

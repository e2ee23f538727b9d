/**
 * Puts the service's per-product errors on the cells they concern: `skus[1].price` goes to the
 * price cell of the product's second SKU row, `categoryId` to the category cell of its first row,
 * `attributes[color]` to the colour column. A field fed by a derived column (`derive:`) goes to the
 * cell it was taken from (the brand found in the name → the name cell), through derived columns
 * taken from derived ones. A `_group…` column has no cell: such an error stays on the row.
 * Errors without a known field stay on the product's rows.
 */
import { createIssue } from '../core/issue.js';
import type { Issue, IssueData } from '../core/issue.js';
import type { ProductDraft, RowRef } from '../core/types.js';
import { listPhotoColumns } from '../mapping/list-mapped-columns.js';
import type { ColumnRef, Mapping } from '../mapping/mapping-schema.js';
import { normalizeHeader } from '../mapping/normalize-name.js';
import type { SourceColumn } from '../sources/types.js';
import type { ResultError } from '../state/types.js';

/** Turns a product's service errors into issues located on rows and columns. */
export function locateServiceErrors(
  status: 'rejected' | 'unknown',
  errors: readonly ResultError[],
  draft: ProductDraft,
  ctx: { mapping: Mapping; header: readonly SourceColumn[] },
): Issue[] {
  const list: readonly (ResultError | undefined)[] = errors.length ? errors : [undefined];
  return list.map((error) => {
    const { ref, column } = locate(error?.field ?? '', draft, ctx);
    return createIssue({
      code: status === 'unknown' ? 'outcome_unknown' : error?.code ? `service_${error.code}` : 'service_rejected',
      severity: 'error',
      stage: 'job',
      data: describeServiceError(status, error),
      file: ref.file,
      ...(ref.sheet !== undefined ? { sheet: ref.sheet } : {}),
      row: ref.row,
      ...(column ? { column: column.letter, header: column.name } : {}),
      ...(error?.field ? { path: error.field } : {}),
      productKey: draft.productKey,
    });
  });
}

/**
 * The data of a service error's message: the service's own words (`serviceMessage`, quoted as the
 * service wrote them) and the field it names; an outcome that could not be established says why.
 */
function describeServiceError(status: 'rejected' | 'unknown', error: ResultError | undefined): IssueData {
  if (status === 'unknown') return error === undefined ? { variant: 'none' } : { detail: error.message };
  if (error === undefined) return { variant: 'none' };
  return error.field ? { variant: 'field', servicePath: error.field, serviceMessage: error.message } : { serviceMessage: error.message };
}

function locate(field: string, draft: ProductDraft, ctx: { mapping: Mapping; header: readonly SourceColumn[] }): { ref: RowRef; column: SourceColumn | undefined } {
  const first = draft.rows[0] ?? { file: '', row: 0 };
  const columns = ctx.mapping.columns;
  const find = (ref: ColumnRef | undefined): SourceColumn | undefined => (ref === undefined ? undefined : findSourceColumn(ref, ctx.mapping, ctx.header));
  const sku = /^skus\[(\d+)\]\.?(.*)$/i.exec(field);
  if (sku) {
    const ref = draft.skuRows[Number(sku[1])] ?? first;
    const rest = (sku[2] ?? '').toLowerCase();
    const column = rest.startsWith('price')
      ? find(columns.price)
      : rest.startsWith('barcode')
        ? find(columns.barcode)
        : rest.startsWith('photos')
          ? find(listPhotoColumns(ctx.mapping)[Number(/\[(\d+)\]/.exec(rest)?.[1] ?? 0)] ?? listPhotoColumns(ctx.mapping)[0])
          : rest.startsWith('attributevaluecodes')
            ? find(ctx.mapping.attributes.find((a) => a.level === 'sku')?.column)
            : rest.startsWith('skuid')
              ? find(columns.skuId)
              : undefined;
    return { ref, column };
  }
  const attribute = /^attributes\[([^\]]+)\]/i.exec(field);
  if (attribute) {
    const key = attribute[1] ?? '';
    const byCode = ctx.mapping.attributes.find((a) => a.code === key) ?? ctx.mapping.attributes[Number(key)];
    return { ref: first, column: find(byCode?.column) };
  }
  const lower = field.toLowerCase();
  const product: Record<string, ColumnRef | undefined> = {
    categoryid: columns.category,
    brandid: columns.brand,
    shopid: columns.shopId,
    vat: columns.vat,
    islocalmade: columns.isLocalMade,
    productid: columns.productId,
    'name.rus': columns.name?.rus,
    'name.kaz': columns.name?.kaz,
    name: columns.name?.rus,
    'description.rus': columns.description?.rus,
    'description.kaz': columns.description?.kaz,
    description: columns.description?.rus,
  };
  return { ref: first, column: find(product[lower]) };
}

/** Finds a mapped column in the header, or for a derived column the column it is taken from. */
function findSourceColumn(ref: ColumnRef, mapping: Pick<Mapping, 'derive'>, header: readonly SourceColumn[]): SourceColumn | undefined {
  let current: ColumnRef = ref;
  // Each step follows a derived column to its source; a chain is at most as long as `derive:`.
  for (let step = 0; step <= mapping.derive.length; step++) {
    const found = findColumn(current, header);
    if (found !== undefined) return found;
    if (typeof current === 'object' && 'letter' in current) return undefined;
    const name = normalizeHeader(typeof current === 'string' ? current : current.header);
    const derived = mapping.derive.find((entry) => normalizeHeader(entry.name) === name);
    if (derived === undefined) return undefined;
    current = derived.from;
  }
  return undefined;
}

/** Finds a mapped column in the header. */
export function findColumn(ref: ColumnRef, header: readonly SourceColumn[]): SourceColumn | undefined {
  if (typeof ref === 'object' && 'letter' in ref) return header.find((c) => c.letter === ref.letter.toUpperCase());
  const name = normalizeHeader(typeof ref === 'string' ? ref : ref.header);
  return header.find((c) => normalizeHeader(c.name) === name);
}

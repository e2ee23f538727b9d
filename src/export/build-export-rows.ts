/**
 * One product of the live catalog as export rows, one per SKU, in the layout of
 * `export-columns.ts`. Pure: the details, the list item, the seller's keys and the directories in;
 * cells and issues out.
 */
import type { Directories, ProductDetail, ProductListItem } from '../domain/index.js';
import { createIssue } from '../core/issue.js';
import type { Issue } from '../core/issue.js';
import { buildCategoryPath } from '../mapping/directory-index.js';
import type { Category } from '../domain/index.js';
import { buildHeldItem } from '../plan/build-held-item.js';
import type { CodeLookups, HeldItem, HeldSku } from '../plan/build-held-item.js';
import { EXPORT_VALUE_SEPARATOR } from './export-columns.js';
import type { ExportColumn } from './export-columns.js';

/** A cell: text, a number, or empty. */
export type ExportCell = string | number | null;

/** Readable names for the `_` columns. */
export interface ExportNames {
  categoryPath(categoryId: number): string;
  brandName(brandId: number): string;
  attributeName(code: string): string;
  valueName(code: string): string;
}

/** The seller's keys of one product: from the local state where it knows them. */
export interface ExportKeys {
  productKey: string;
  /** Seller SKU key by skuId. */
  skuKeys: ReadonlyMap<number, string>;
}

/** Inputs of `buildExportRows`. */
interface ExportProductInput {
  detail: ProductDetail;
  /** The list item, for the statuses; absent when the list did not return the product. */
  listItem?: ProductListItem;
  keys: ExportKeys;
  /** Shop id when the details do not carry one (the interface's details have none). */
  shopId?: number;
}

/** Shared by every product of an export. */
export interface ExportRowContext {
  columns: readonly ExportColumn[];
  lookups: CodeLookups;
  names: ExportNames;
}

/** Builds the readable names from the directories. */
export function createExportNames(directories: Directories): ExportNames {
  const categoryById = new Map<number, Category>(directories.categories.map((category) => [category.id, category]));
  const brandById = new Map(directories.brands.map((brand) => [brand.id, brand.name]));
  const attributeByCode = new Map(directories.attributes.map((attribute) => [attribute.code, attribute.name.rus || attribute.code]));
  const valueByCode = new Map<string, string>();
  for (const value of directories.values) if (!valueByCode.has(value.code)) valueByCode.set(value.code, value.name.rus || value.code);
  const paths = new Map<number, string>();
  return {
    categoryPath(categoryId) {
      let path = paths.get(categoryId);
      if (path === undefined) {
        const category = categoryById.get(categoryId);
        path = category === undefined ? '' : buildCategoryPath(category, categoryById);
        paths.set(categoryId, path);
      }
      return path;
    },
    brandName: (brandId) => brandById.get(brandId) ?? '',
    attributeName: (code) => attributeByCode.get(code) ?? code,
    valueName: (code) => valueByCode.get(code) ?? code,
  };
}

/** The rows of one product (one per SKU; one row without SKU fields when it has no SKU) and what was odd about it. */
export function buildExportRows(input: ExportProductInput, ctx: ExportRowContext): { rows: ExportCell[][]; issues: Issue[] } {
  const held = buildHeldItem(input.detail, ctx.lookups);
  const issues: Issue[] = [];
  const productId = held.productId;
  const warn = (code: string, message: string, value?: string): void => {
    issues.push(createIssue({ code, severity: 'warning', stage: 'read', message, path: `products[${productId}]`, value }));
  };
  if (held.unknownIds.length > 0) {
    warn('export_unknown_id', `product ${productId} uses ids the directories do not have (${held.unknownIds.join(', ')}); they are left out of the file`, held.unknownIds.join(', '));
  }
  if (held.skus.length === 0) warn('export_product_without_skus', `product ${productId} has no SKU; its row has no price or barcode and will not import as it is`);
  const skus: (HeldSku | undefined)[] = held.skus.length === 0 ? [undefined] : held.skus;
  const rows = skus.map((sku) => ctx.columns.map((column) => buildCell(column, held, sku, input, ctx.names)));
  return { rows, issues };
}

function buildCell(column: ExportColumn, held: HeldItem, sku: HeldSku | undefined, input: ExportProductInput, names: ExportNames): ExportCell {
  switch (column.kind) {
    case 'productKey':
      return input.keys.productKey;
    case 'skuKey':
      return sku === undefined ? null : (input.keys.skuKeys.get(sku.skuId) ?? sku.barcode ?? String(sku.skuId));
    case 'productId':
      return held.productId;
    case 'skuId':
      return sku?.skuId ?? null;
    case 'barcode':
      return sku?.barcode ?? null;
    case 'shopId':
      return held.shopId ?? input.shopId ?? readNumber(input.listItem, 'shopId') ?? null;
    case 'categoryId':
      return held.categoryId ?? input.listItem?.categoryId ?? null;
    case 'category': {
      const id = held.categoryId ?? input.listItem?.categoryId ?? undefined;
      return id === undefined ? null : names.categoryPath(id) || input.listItem?.categoryName?.rus || null;
    }
    case 'brandId':
      return held.brandId ?? null;
    case 'brand':
      return held.brandId === undefined ? null : names.brandName(held.brandId) || null;
    case 'name.rus':
      return held.name.rus ?? input.listItem?.productName?.rus ?? null;
    case 'name.kaz':
      return held.name.kaz ?? (input.listItem?.productName?.kaz || null);
    case 'description.rus':
      return held.description.rus ?? null;
    case 'description.kaz':
      return held.description.kaz ?? null;
    case 'vat':
      return held.vat ?? null;
    case 'isLocalMade':
      return held.isLocalMade === undefined ? null : String(held.isLocalMade);
    case 'price':
      return sku?.price ?? null;
    case 'photo': {
      const photos = sku?.photos ?? [];
      const position = (column.photo ?? 1) - 1;
      return column.last === true ? photos.slice(position).join(' ') || null : (photos[position] ?? null);
    }
    case 'attribute': {
      const code = column.attribute?.code ?? '';
      const values = (column.attribute?.isSkuDefining ? sku?.values.get(code) : held.attributes.get(code)) ?? held.attributes.get(code) ?? sku?.values.get(code);
      return values === undefined || values.length === 0 ? null : values.join(`${EXPORT_VALUE_SEPARATOR} `);
    }
    case 'attributes': {
      const parts: string[] = [];
      const add = (code: string, values: readonly string[]): void => {
        if (values.length > 0) parts.push(`${names.attributeName(code)}: ${values.map((value) => names.valueName(value)).join(', ')}`);
      };
      for (const [code, values] of held.attributes) add(code, values);
      if (sku !== undefined) for (const [code, values] of sku.values) add(code, values);
      return parts.join(' | ') || null;
    }
    case 'productStatus':
      return input.listItem?.productStatus ?? readString(input.detail, 'productStatus') ?? null;
    case 'moderationStatus':
      return input.listItem?.moderationStatus ?? readString(input.detail, 'moderationStatus') ?? null;
  }
}

function readNumber(record: object | undefined, key: string): number | undefined {
  const value = (record as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'number' ? value : undefined;
}

function readString(record: object | undefined, key: string): string | undefined {
  const value = (record as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : undefined;
}

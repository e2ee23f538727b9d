/**
 * Running one import job in the sandbox: each item is checked against the reference data and the
 * seller's products; an accepted item creates or changes a product (back on moderation), a refused
 * one becomes a failed result naming its errors.
 */
import { checkImportItem } from './check-import-item.js';
import type { CheckedItem, ImportItemError } from './check-import-item.js';
import type { ReferenceIndex } from './create-reference-index.js';
import { getSellerState } from './sandbox-store-state.js';
import type { SandboxStoreState, SellerState } from './sandbox-store-state.js';
import type { SandboxRequirableField, StoredJob, StoredProduct, StoredSku, WireJobProductResult as JobProductResult } from './types.js';

/** What running a job needs besides the state; built once per store. */
export interface JobRunContext {
  getIndex: () => ReferenceIndex;
  shopsByClient: ReadonlyMap<string, ReadonlySet<number>>;
  requiredFields: ReadonlySet<SandboxRequirableField>;
  moderationDelayMs: number;
}

/** Runs a job as of `at`: fills in its results, applies its accepted items, forgets its items. */
export function runSandboxJob(state: SandboxStoreState, job: StoredJob, at: Date, context: JobRunContext): void {
  const seller = getSellerState(state, job.clientId);
  const shopIds = context.shopsByClient.get(job.clientId) ?? new Set<number>();
  const ctx = {
    index: context.getIndex(),
    shopIds,
    findProduct: (id: number) => seller.products.get(id),
    findBarcode: (barcode: string) => seller.barcodes.get(barcode),
    requiredFields: context.requiredFields,
  };
  job.results = (job.items ?? []).map((raw, index) => {
    const check = checkImportItem(raw, ctx);
    if (!check.item) return buildFailedResult(raw, index, check.errors);
    const product = applyCheckedItem(state, { clientId: job.clientId, seller }, check.item, at, context.moderationDelayMs);
    return buildSuccessResult(index, product.productId, check.item);
  });
  job.items = null;
  job.finishedAt = at.toISOString();
  state.dirty = true;
}

// Applies a checked item; fills in the SKU ids it assigned, so the job result can report them.
function applyCheckedItem(
  state: SandboxStoreState,
  owner: { clientId: string; seller: SellerState },
  item: CheckedItem,
  at: Date,
  moderationDelayMs: number,
): StoredProduct {
  const { clientId, seller } = owner;
  const iso = at.toISOString();
  const existing = item.productId === null ? undefined : seller.products.get(item.productId);
  for (const sku of item.skus) if (sku.skuId === null) sku.skuId = state.counters.nextSkuId++;
  const skus = mergeSkus(existing, item);
  const content = pickItemContent(item, skus);
  if (existing && JSON.stringify(pickContent(existing)) === JSON.stringify(content)) return existing;

  const dueAt = new Date(at.getTime() + moderationDelayMs).toISOString();
  const productId = existing?.productId ?? state.counters.nextProductId++;
  const product = buildStoredProduct({ productId, clientId, content, dueAt, createdAt: existing?.createdAt ?? iso, updatedAt: iso });
  if (existing) for (const sku of existing.skus) seller.barcodes.delete(sku.barcode);
  for (const sku of skus) if (sku.barcode !== '') seller.barcodes.set(sku.barcode, { productId: product.productId, skuId: sku.skuId });
  seller.products.set(product.productId, product);
  state.moderationQueue.push({ clientId, productId: product.productId, dueAt });
  state.dirty = true;
  return product;
}

/** The SKUs after an import: SKUs missing from an update are kept as they are; submitted ones replace theirs in place. */
function mergeSkus(existing: StoredProduct | undefined, item: CheckedItem): StoredSku[] {
  const submitted = new Map(item.skus.map((s) => [s.skuId as number, s]));
  const toStored = (s: CheckedItem['skus'][number]): StoredSku => ({
    skuId: s.skuId as number,
    attributeValueCodes: s.attributeValueCodes,
    price: s.price,
    barcode: s.barcode,
    photos: s.photos,
  });
  if (!existing) return item.skus.map(toStored);
  return [
    ...existing.skus.map((s) => {
      const replacement = submitted.get(s.skuId);
      return replacement ? toStored(replacement) : s;
    }),
    ...item.skus.filter((s) => !existing.skus.some((e) => e.skuId === s.skuId)).map(toStored),
  ];
}

/** The result of a product the job applied. */
function buildSuccessResult(index: number, productId: number, item: CheckedItem): JobProductResult {
  return {
    index,
    productId,
    status: 'Success',
    skus: item.skus.map((sku, i) => ({ index: i, skuId: sku.skuId as number, ...(sku.barcode === '' ? {} : { barcode: sku.barcode }) })),
    errors: [],
  };
}

type ProductContent = Pick<StoredProduct, 'shopId' | 'categoryId' | 'brandId' | 'isLocalMade' | 'name' | 'description' | 'vat' | 'attributes' | 'skus'>;

/** What a checked item sets on a product, with its merged SKUs. */
function pickItemContent(item: CheckedItem, skus: StoredSku[]): ProductContent {
  return {
    shopId: item.shopId,
    categoryId: item.categoryId,
    brandId: item.brandId,
    isLocalMade: item.isLocalMade,
    name: item.name,
    description: item.description,
    vat: item.vat,
    attributes: item.attributes,
    skus,
  };
}

/** A product as stored after an accepted create or change: back on moderation until `dueAt`. */
function buildStoredProduct(parts: { productId: number; clientId: string; content: ProductContent; dueAt: string; createdAt: string; updatedAt: string }): StoredProduct {
  return {
    productId: parts.productId,
    clientId: parts.clientId,
    ...parts.content,
    productStatus: 'OnModeration',
    moderationStatus: 'Pending',
    rejectionReason: null,
    moderationDueAt: parts.dueAt,
    createdAt: parts.createdAt,
    updatedAt: parts.updatedAt,
  };
}

function pickContent(product: StoredProduct): Record<string, unknown> {
  return {
    shopId: product.shopId,
    categoryId: product.categoryId,
    brandId: product.brandId,
    isLocalMade: product.isLocalMade,
    name: product.name,
    description: product.description,
    vat: product.vat,
    attributes: product.attributes,
    skus: product.skus,
  };
}

function buildFailedResult(raw: unknown, index: number, errors: ImportItemError[]): JobProductResult {
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const productId = Number.isInteger(record['productId']) ? (record['productId'] as number) : null;
  const skus = Array.isArray(record['skus']) ? (record['skus'] as unknown[]) : [];
  return {
    index,
    productId,
    status: 'Failed',
    skus: skus.map((sku, i) => {
      const s = typeof sku === 'object' && sku !== null ? (sku as Record<string, unknown>) : {};
      return {
        index: i,
        skuId: Number.isInteger(s['skuId']) ? (s['skuId'] as number) : null,
        barcode: typeof s['barcode'] === 'string' ? s['barcode'] : null,
      };
    }),
    errors: errors.map((error) => ({ ...error })),
  };
}

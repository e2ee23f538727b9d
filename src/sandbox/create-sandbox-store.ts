/**
 * The sandbox's state: products per seller (with a barcode index per seller), import jobs, id
 * counters and moderation. Time-driven changes (job Queued → Processing → Done, moderation
 * decisions) are computed from the injected clock whenever the state is looked at, in queue order,
 * so no timers are needed and a fake clock drives everything.
 */
import type { WireJobProductResult as JobProductResult } from '../api/wire.js';
import { checkImportItem } from './check-import-item.js';
import type { CheckedItem, ImportItemError } from './check-import-item.js';
import type { ReferenceIndex } from './create-reference-index.js';
import { SANDBOX_REQUIRED_FIELDS } from './types.js';
import type { SandboxCredential, SandboxRequirableField, StoredProduct, StoredSku } from './types.js';

/** Job states. */
export type JobState = 'Queued' | 'Processing' | 'Done';

/** A stored import job. `items` is kept only until the job has run. */
export interface StoredJob {
  jobId: number;
  clientId: string;
  queuedAt: string;
  receivedItems: number;
  items: unknown[] | null;
  finishedAt: string | null;
  results: JobProductResult[] | null;
}

/** The job status as the info endpoint serves it. */
export interface JobView {
  jobId: number;
  status: JobState;
  queuedAt: string;
  finishedAt: string | null;
  receivedItems: number;
  successCount: number;
  failedCount: number;
  products: JobProductResult[];
}

/** Everything the state file holds. */
export interface StoreSnapshot {
  version: 1;
  counters: { nextProductId: number; nextSkuId: number; nextJobId: number };
  products: StoredProduct[];
  jobs: StoredJob[];
}

/** Options of the store. */
export interface StoreOptions {
  now: () => Date;
  jobDelayMs: number;
  moderationDelayMs: number;
  credentials: SandboxCredential[];
  getIndex: () => ReferenceIndex;
  /** Import fields refused when missing (default: the barcode). */
  requiredFields?: readonly SandboxRequirableField[] | undefined;
}

/** Words that make moderation reject a product (matched case-insensitively in either name). */
export const MODERATION_STOP_WORDS: readonly string[] = ['реплика', 'копия', 'подделка', 'replica', 'fake'];

/** The store's operations. */
export interface SandboxStore {
  enqueueJob(clientId: string, items: unknown[]): StoredJob;
  /** The job of this seller, brought up to date, or undefined. */
  viewJob(clientId: string, jobId: number): JobView | undefined;
  /** Runs due jobs and decides due moderation. */
  advance(): void;
  /** Runs every pending job now. */
  settleJobs(): void;
  /** Decides every pending moderation now. */
  settleModeration(): void;
  /** The seller's products (live objects, do not change them), brought up to date. */
  sellerProducts(clientId: string): StoredProduct[];
  /** One product of a seller, brought up to date. */
  findProduct(clientId: string, productId: number): StoredProduct | undefined;
  /** Every product of every seller, brought up to date. */
  allProducts(): StoredProduct[];
  /** True when something changed since the last `markSaved`. */
  isDirty(): boolean;
  markSaved(): void;
  toSnapshot(): StoreSnapshot;
}

interface SellerState {
  products: Map<number, StoredProduct>;
  barcodes: Map<string, { productId: number; skuId: number }>;
}

const FIRST_PRODUCT_ID = 1_000_001;
const FIRST_SKU_ID = 50_000_001;

/** Creates the store, optionally from a snapshot loaded from the state file. */
export function createSandboxStore(options: StoreOptions, snapshot?: StoreSnapshot): SandboxStore {
  const sellers = new Map<string, SellerState>();
  const jobs = new Map<number, StoredJob>();
  const pendingJobs: StoredJob[] = [];
  let moderationQueue: { clientId: string; productId: number; dueAt: string }[] = [];
  let moderationHead = 0;
  let counters = { nextProductId: FIRST_PRODUCT_ID, nextSkuId: FIRST_SKU_ID, nextJobId: 1 };
  let dirty = false;
  const shopsByClient = new Map(options.credentials.map((c) => [c.clientId, new Set(c.shopIds)]));

  function seller(clientId: string): SellerState {
    let state = sellers.get(clientId);
    if (!state) {
      state = { products: new Map(), barcodes: new Map() };
      sellers.set(clientId, state);
    }
    return state;
  }

  if (snapshot) {
    counters = { ...snapshot.counters };
    moderationQueue = restoreSnapshot(snapshot, seller, jobs, pendingJobs);
  }

  const requiredFields = new Set(options.requiredFields ?? SANDBOX_REQUIRED_FIELDS);

  function runJob(job: StoredJob, at: Date): void {
    const state = seller(job.clientId);
    const shopIds = shopsByClient.get(job.clientId) ?? new Set<number>();
    const ctx = {
      index: options.getIndex(),
      shopIds,
      findProduct: (id: number) => state.products.get(id),
      findBarcode: (barcode: string) => state.barcodes.get(barcode),
      requiredFields,
    };
    job.results = (job.items ?? []).map((raw, index) => {
      const check = checkImportItem(raw, ctx);
      if (!check.item) return buildFailedResult(raw, index, check.errors);
      const product = applyItem(job.clientId, state, check.item, at);
      return buildSuccessResult(index, product.productId, check.item);
    });
    job.items = null;
    job.finishedAt = at.toISOString();
    dirty = true;
  }

  // Applies a checked item; fills in the SKU ids it assigned, so the job result can report them.
  function applyItem(clientId: string, state: SellerState, item: CheckedItem, at: Date): StoredProduct {
    const iso = at.toISOString();
    const existing = item.productId === null ? undefined : state.products.get(item.productId);
    for (const sku of item.skus) if (sku.skuId === null) sku.skuId = counters.nextSkuId++;
    const skus = mergeSkus(existing, item);
    const content = pickItemContent(item, skus);
    if (existing && JSON.stringify(pickContent(existing)) === JSON.stringify(content)) return existing;

    const dueAt = new Date(at.getTime() + options.moderationDelayMs).toISOString();
    const productId = existing?.productId ?? counters.nextProductId++;
    const product = buildStoredProduct({ productId, clientId, content, dueAt, createdAt: existing?.createdAt ?? iso, updatedAt: iso });
    if (existing) for (const sku of existing.skus) state.barcodes.delete(sku.barcode);
    for (const sku of skus) if (sku.barcode !== '') state.barcodes.set(sku.barcode, { productId: product.productId, skuId: sku.skuId });
    state.products.set(product.productId, product);
    moderationQueue.push({ clientId, productId: product.productId, dueAt });
    dirty = true;
    return product;
  }

  function moderate(entry: { clientId: string; productId: number; dueAt: string }): void {
    const product = sellers.get(entry.clientId)?.products.get(entry.productId);
    // A later update re-queued the product with a new due time; this entry is stale.
    if (!product || product.moderationDueAt !== entry.dueAt) return;
    const text = `${product.name.rus} ${product.name.kaz}`.toLowerCase();
    const stopWord = MODERATION_STOP_WORDS.find((word) => text.includes(word));
    decideModeration(product, stopWord);
    dirty = true;
  }

  function advance(): void {
    const nowMs = options.now().getTime();
    while (pendingJobs.length > 0) {
      const job = pendingJobs[0] as StoredJob;
      const dueMs = Date.parse(job.queuedAt) + options.jobDelayMs;
      if (dueMs > nowMs) break;
      pendingJobs.shift();
      runJob(job, new Date(dueMs));
    }
    while (moderationHead < moderationQueue.length) {
      const entry = moderationQueue[moderationHead] as { clientId: string; productId: number; dueAt: string };
      if (Date.parse(entry.dueAt) > nowMs) break;
      moderate(entry);
      moderationHead++;
    }
    // Drop decided entries now and then rather than on every call: slicing a long queue per request is quadratic.
    if (moderationHead > 1024 && moderationHead * 2 > moderationQueue.length) {
      moderationQueue = moderationQueue.slice(moderationHead);
      moderationHead = 0;
    }
  }

  return {
    enqueueJob(clientId, items) {
      advance();
      const job: StoredJob = {
        jobId: counters.nextJobId++,
        clientId,
        queuedAt: options.now().toISOString(),
        receivedItems: items.length,
        items,
        finishedAt: null,
        results: null,
      };
      jobs.set(job.jobId, job);
      pendingJobs.push(job);
      dirty = true;
      return job;
    },
    viewJob(clientId, jobId) {
      advance();
      const job = jobs.get(jobId);
      if (!job || job.clientId !== clientId) return undefined;
      return buildJobView(job, options.now(), options.jobDelayMs);
    },
    advance,
    settleJobs() {
      advance();
      const at = options.now();
      while (pendingJobs.length > 0) runJob(pendingJobs.shift() as StoredJob, at);
    },
    settleModeration() {
      advance();
      for (const entry of moderationQueue.slice(moderationHead)) moderate(entry);
      moderationQueue = [];
      moderationHead = 0;
    },
    sellerProducts(clientId) {
      advance();
      return [...(sellers.get(clientId)?.products.values() ?? [])];
    },
    findProduct(clientId, productId) {
      advance();
      return sellers.get(clientId)?.products.get(productId);
    },
    allProducts() {
      advance();
      return [...sellers.values()].flatMap((s) => [...s.products.values()]);
    },
    isDirty: () => dirty,
    markSaved() {
      dirty = false;
    },
    toSnapshot() {
      return {
        version: 1,
        counters: { ...counters },
        products: [...sellers.values()].flatMap((s) => [...s.products.values()]),
        jobs: [...jobs.values()],
      };
    },
  };
}

/** Loads products and jobs of a snapshot into the store's maps; returns the moderation queue, in due order. */
function restoreSnapshot(
  snapshot: StoreSnapshot,
  seller: (clientId: string) => SellerState,
  jobs: Map<number, StoredJob>,
  pendingJobs: StoredJob[],
): { clientId: string; productId: number; dueAt: string }[] {
  const moderationQueue: { clientId: string; productId: number; dueAt: string }[] = [];
  for (const product of snapshot.products) {
    const state = seller(product.clientId);
    state.products.set(product.productId, product);
    for (const sku of product.skus) if (sku.barcode !== '') state.barcodes.set(sku.barcode, { productId: product.productId, skuId: sku.skuId });
    if (product.moderationDueAt !== null) moderationQueue.push({ clientId: product.clientId, productId: product.productId, dueAt: product.moderationDueAt });
  }
  moderationQueue.sort((a, b) => a.dueAt.localeCompare(b.dueAt));
  for (const job of snapshot.jobs) {
    jobs.set(job.jobId, job);
    if (job.results === null) pendingJobs.push(job);
  }
  pendingJobs.sort((a, b) => a.jobId - b.jobId);
  return moderationQueue;
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

/** Moderation's decision: rejected for a stop word in the name, else approved. */
function decideModeration(product: StoredProduct, stopWord: string | undefined): void {
  product.moderationDueAt = null;
  if (stopWord) {
    product.productStatus = 'Rejected';
    product.moderationStatus = 'Rejected';
    product.rejectionReason = `the name contains the stop word "${stopWord}"`;
  } else {
    product.productStatus = 'Active';
    product.moderationStatus = 'Approved';
  }
}

/** A job as the info endpoint shows it: Queued for the first half of its delay, then Processing, then Done. */
function buildJobView(job: StoredJob, now: Date, jobDelayMs: number): JobView {
  const results = job.results ?? [];
  let status: JobState = 'Done';
  if (job.results === null) {
    const elapsed = now.getTime() - Date.parse(job.queuedAt);
    status = elapsed >= jobDelayMs / 2 ? 'Processing' : 'Queued';
  }
  return {
    jobId: job.jobId,
    status,
    queuedAt: job.queuedAt,
    finishedAt: job.finishedAt,
    receivedItems: job.receivedItems,
    successCount: results.filter((r) => r.status === 'Success').length,
    failedCount: results.filter((r) => r.status === 'Failed').length,
    products: results,
  };
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

/**
 * The sandbox store's mutable state, in one object that the store's steps (running a job,
 * moderating a product, advancing the clock) are given explicitly: products and a barcode index
 * per seller, jobs, the queue of jobs not yet run, the moderation queue, id counters and the
 * dirty flag.
 */
import type { StoreSnapshot, StoredJob, StoredProduct } from './types.js';

/** A product waiting for moderation's decision at `dueAt`. */
export interface ModerationEntry {
  clientId: string;
  productId: number;
  dueAt: string;
}

/** One seller's products, and where each of its barcodes lives. */
export interface SellerState {
  products: Map<number, StoredProduct>;
  barcodes: Map<string, { productId: number; skuId: number }>;
}

/** Everything the store keeps; the steps change it in place. */
export interface SandboxStoreState {
  sellers: Map<string, SellerState>;
  jobs: Map<number, StoredJob>;
  /** Jobs not yet run, in queue order. */
  pendingJobs: StoredJob[];
  /** In due order; entries before `moderationHead` are decided. */
  moderationQueue: ModerationEntry[];
  moderationHead: number;
  counters: StoreSnapshot['counters'];
  /** True when something changed since the state was last saved. */
  dirty: boolean;
}

const FIRST_PRODUCT_ID = 1_000_001;
const FIRST_SKU_ID = 50_000_001;

/** An empty state, or the state a snapshot loaded from the state file describes. */
export function createSandboxStoreState(snapshot?: StoreSnapshot): SandboxStoreState {
  const state: SandboxStoreState = {
    sellers: new Map(),
    jobs: new Map(),
    pendingJobs: [],
    moderationQueue: [],
    moderationHead: 0,
    counters: { nextProductId: FIRST_PRODUCT_ID, nextSkuId: FIRST_SKU_ID, nextJobId: 1 },
    dirty: false,
  };
  if (snapshot) restoreSnapshot(state, snapshot);
  return state;
}

/** The seller's state, created empty on first use. */
export function getSellerState(state: SandboxStoreState, clientId: string): SellerState {
  let seller = state.sellers.get(clientId);
  if (!seller) {
    seller = { products: new Map(), barcodes: new Map() };
    state.sellers.set(clientId, seller);
  }
  return seller;
}

/** Loads products and jobs of a snapshot; rebuilds the moderation queue and the pending jobs, each in due order. */
function restoreSnapshot(state: SandboxStoreState, snapshot: StoreSnapshot): void {
  state.counters = { ...snapshot.counters };
  for (const product of snapshot.products) {
    const seller = getSellerState(state, product.clientId);
    seller.products.set(product.productId, product);
    for (const sku of product.skus) if (sku.barcode !== '') seller.barcodes.set(sku.barcode, { productId: product.productId, skuId: sku.skuId });
    if (product.moderationDueAt !== null) state.moderationQueue.push({ clientId: product.clientId, productId: product.productId, dueAt: product.moderationDueAt });
  }
  state.moderationQueue.sort((a, b) => a.dueAt.localeCompare(b.dueAt));
  for (const job of snapshot.jobs) {
    state.jobs.set(job.jobId, job);
    if (job.results === null) state.pendingJobs.push(job);
  }
  state.pendingJobs.sort((a, b) => a.jobId - b.jobId);
}

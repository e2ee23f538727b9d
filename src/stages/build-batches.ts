/** Splits drafts into import requests. */
import { SERVICE_LIMITS } from '../domain/index.js';
import type { ProductDraft } from '../core/types.js';

/**
 * Splits drafts into batches of at most `batchSize`, never more than the service's 30 per request
 * whatever is asked (the mapping rules warn about a larger `batchSize`). Order is kept. Pure.
 */
export function buildBatches(drafts: readonly ProductDraft[], batchSize: number = SERVICE_LIMITS.importBatch): ProductDraft[][] {
  const size = Number.isFinite(batchSize) && batchSize >= 1 ? Math.min(Math.floor(batchSize), SERVICE_LIMITS.importBatch) : SERVICE_LIMITS.importBatch;
  const batches: ProductDraft[][] = [];
  for (let start = 0; start < drafts.length; start += size) batches.push(drafts.slice(start, start + size));
  return batches;
}

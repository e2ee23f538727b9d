/** The one rule that cuts products into import requests. */
import { SERVICE_LIMITS } from '../domain/index.js';

/** The products per request for a `batchSize`: as asked, never more than the service's 30 (the mapping rules warn about a larger one). */
export function measureBatchSize(batchSize: number = SERVICE_LIMITS.importBatch): number {
  return Number.isFinite(batchSize) && batchSize >= 1 ? Math.min(Math.floor(batchSize), SERVICE_LIMITS.importBatch) : SERVICE_LIMITS.importBatch;
}

/**
 * The run's products per request: a batch size the settings file, the environment or a flag gave
 * wins; otherwise the mapping's `batchSize` (the seller's file may need smaller requests), else 30.
 */
export function chooseBatchSize(settingsBatchSize: number, givenInSettings: boolean, mappingBatchSize: number | undefined): number {
  return measureBatchSize(givenInSettings || mappingBatchSize === undefined ? settingsBatchSize : mappingBatchSize);
}

/**
 * Cuts `items` (drafts, or anything the caller sends one request of) into batches of
 * `measureBatchSize(batchSize)`, in order, as it walks them: the import cuts its spool with it
 * without holding the spool in memory. Library callers spread it (`[...buildBatches(drafts)]`) or
 * take what they need (`const [first] = buildBatches(drafts)`).
 */
export function* buildBatches<T>(items: Iterable<T>, batchSize?: number): Generator<T[], void, undefined> {
  const size = measureBatchSize(batchSize);
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

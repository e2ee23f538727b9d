/**
 * What requests of unknown fate carried, read from the journal: the exact bodies that were sent
 * (not the file as it is now), product by product, with the seller keys they were sent for. A
 * request is of unknown fate when it was marked `sending` and never answered, or answered in a way
 * that leaves its fate open (`unknown`); a product is, too, when its finished job gave no result
 * for it. A request whose job id is known is never settled here: its job is asked
 * (`collectOpenJobs`). Every unfinished import run of the account is looked at, however many runs
 * came after it.
 */
import type { ImportItem } from '../../domain/index.js';
import type { StateStore } from '../../state/index.js';

/** One product as a request of unknown fate sent it. */
export interface SentProduct {
  runId: string;
  batchIndex: number;
  productKey: string;
  /** The item exactly as sent. */
  item: ImportItem;
  /** The seller SKU keys of `item.skus`, in order (the barcodes when the run's spool no longer says; '' for a SKU sent without one). */
  skuKeys: string[];
}

/** The requests of unknown fate of the account and what they carried. */
export interface UnknownRequests {
  products: SentProduct[];
  /** The batches to close once settled. */
  batches: { runId: string; index: number }[];
  /** When each of them left (or was marked sending, when it never said), for the settle wait. */
  departures: DepartureStamp[];
}

/** When a request left, on the system's monotonic clock of the boot that sent it; `null` when not journaled. */
export type DepartureStamp = { bootId: string; ms: number } | null;

const UNCERTAIN = new Set(['sending', 'unknown']);

/** Collects the requests of unknown fate of `runId` and of every other unfinished import run. */
export function collectUnknownRequests(store: StateStore, runId: string): UnknownRequests {
  const found: UnknownRequests = { products: [], batches: [], departures: [] };
  for (const run of listUnfinishedImportRuns(store, runId)) {
    const unknownResults = new Set([...store.listProductResults(run.runId).values()].filter((r) => r.status === 'unknown').map((r) => `${r.batchIndex}:${r.productKey}`));
    for (const batch of store.listBatches(run.runId)) {
      const wholeBatch = UNCERTAIN.has(batch.status);
      // A finished job without a result for a product: only then is content asked for it.
      if (!wholeBatch && (batch.status !== 'done' || !batch.productKeys.some((key) => unknownResults.has(`${batch.index}:${key}`)))) continue;
      if (wholeBatch) {
        found.batches.push({ runId: run.runId, index: batch.index });
        // A finished job's missing results need no wait: the job ran.
        found.departures.push(batch.sentClock === null ? null : { bootId: batch.sentClock.bootId, ms: batch.departedClockMs ?? batch.sentClock.ms });
      }
      for (const sent of readSentProducts(store, run.runId, batch)) {
        if (wholeBatch || unknownResults.has(`${batch.index}:${sent.productKey}`)) found.products.push(sent);
      }
    }
  }
  return found;
}

/**
 * The products a journaled request carried, exactly as sent, in request order, with the seller
 * SKU keys they were sent for (the run's spool says; else the barcodes).
 */
export function readSentProducts(store: StateStore, runId: string, batch: { index: number; productKeys: readonly string[] }): SentProduct[] {
  const items = parseSentItems(store.getBatchRequestBody(runId, batch.index));
  return batch.productKeys.flatMap((productKey, position) => {
    const item = items[position];
    if (item === undefined) return [];
    const spooledKeys = store.getSpooledProduct(runId, productKey)?.draft?.skuKeys;
    const skuKeys = spooledKeys && spooledKeys.length === item.skus.length ? [...spooledKeys] : item.skus.map((sku) => sku.barcode ?? '');
    return [{ runId, batchIndex: batch.index, productKey, item, skuKeys }];
  });
}

/** This run first, then every other import run of the account that has not finished. */
export function listUnfinishedImportRuns(store: StateStore, runId: string): { runId: string }[] {
  const runs = store.listRuns({ limit: Number.MAX_SAFE_INTEGER });
  const others = runs.filter((run) => run.runId !== runId && run.status !== 'finished' && (run.command === 'import' || run.command === 'watch'));
  return [{ runId }, ...others];
}

/** The products of a journaled request body; none when it is missing or unreadable. */
function parseSentItems(body: string | undefined): ImportItem[] {
  if (body === undefined) return [];
  try {
    const parsed = JSON.parse(body) as { products?: unknown };
    return Array.isArray(parsed.products) ? (parsed.products as ImportItem[]) : [];
  } catch {
    return [];
  }
}

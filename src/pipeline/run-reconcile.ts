/**
 * `reconcile`: rebuilds the seller-key → marketplace-id memory from the service, for a seller whose
 * state directory was lost or who imported by other means. Every live product is read (list, then
 * details 30 at a time) and matched to the seller's keys by barcode, using a seller file and its
 * mapping to know which barcode belongs to which seller key.
 */
import type { Deps } from '../core/deps.js';
import { AbortedError, asStopWhenAborted } from '../core/errors.js';
import { createProductKeyIndex } from '../core/product-key-index.js';
import type { AcceptedProduct } from '../state/index.js';
import { scanLiveCatalog } from './import/find-live-skus.js';
import { createPreparedRun, prepareRun } from './prepare-run.js';
import type { PreparedRun, RunInputs } from './prepare-run.js';
import { readAndValidate } from './read-and-validate.js';
import { createRowOutcomeStore } from './row-outcome-store.js';
import { createSpoolSink } from './create-spool-sink.js';
import { readUnchangedSource } from './check-source-unchanged.js';

/** What reconcile found. */
export interface ReconcileResult {
  liveProducts: number;
  liveSkus: number;
  /** Seller products whose every SKU was found under one marketplace product. */
  matchedProducts: number;
  /** Seller products with some SKUs found and some not, or spread over several products. */
  partialProducts: string[];
  /** Seller products with no SKU on the service. */
  unmatchedProducts: number;
  /** Ids remembered before and after. */
  knownBefore: number;
  knownAfter: number;
}

/** Rebuilds the id memory from the live catalog. */
export async function runReconcile(options: RunInputs, deps: Deps): Promise<ReconcileResult> {
  const prep = await prepareRun(options, deps);
  try {
    const { store } = prep;
    const knownBefore = store.countKnownProducts();
    deps.onEvent({ type: 'stage:start', stage: 'read', detail: `${prep.displayPath}: seller keys and barcodes`, text: { key: 'stage.read.reconcile', data: { file: prep.displayPath } } });
    const runId = createPreparedRun(prep, options.mapping, { command: 'reconcile', options: { reconcile: true }, reportDir: '' });
    // A reconcile run is never resumed (imports resume only `import` and `watch` runs): its spool
    // serves this call only and goes whatever the end; a failure marks the run `failed` (stopped by
    // the user: `interrupted`) instead of leaving it `running`.
    try {
      return await reconcileRun(prep, runId, knownBefore, deps);
    } catch (thrown) {
      const error = asStopWhenAborted(thrown, deps.signal);
      store.setRunStatus(runId, error instanceof AbortedError ? 'interrupted' : 'failed');
      throw error;
    } finally {
      store.clearSpool(runId);
    }
  } finally {
    await prep.close();
  }
}

/** The reconcile run `runId` once created: read the file's keys, scan the service, replace the memory. */
async function reconcileRun(prep: PreparedRun, runId: string, knownBefore: number, deps: Deps): Promise<ReconcileResult> {
  const { store } = prep;
  const sink = createSpoolSink(store, runId);
  // Keys and barcodes of a file changed while it was read would pair one content's keys with
  // another's barcodes in the id memory: refused (SourceChangedError), the memory left as it was.
  // One index of the file's product keys for the outcome store and the reading stages, as in import:
  // each making its own would hold every key twice.
  const productKeys = createProductKeyIndex();
  await readUnchangedSource(prep, 'the id memory was left as it was', async () => {
    await readAndValidate({
      ...prep,
      sink,
      outcomes: createRowOutcomeStore({ productKeys }),
      productKeys,
      deps,
      readInWorker: prep.settings.readThread,
    });
    sink.flush();
  });

  deps.onEvent({ type: 'stage:start', stage: 'reconcile', detail: 'reading every product of the seller from the service', text: { key: 'stage.reconcile.start' } });
  const live = new Map<string, { productId: number; skuId: number }>();
  let liveSkus = 0;
  const liveProducts = await scanLiveCatalog(prep.service.client, (detail) => {
    for (const sku of detail.skus) {
      liveSkus += 1;
      if (sku.skuBarcode) live.set(sku.skuBarcode, { productId: detail.productId, skuId: sku.skuId });
    }
  });

  const entries: AcceptedProduct[] = [];
  const partial: string[] = [];
  let unmatched = 0;
  for (const spooled of store.iterateSpooledProducts(runId)) {
    const draft = spooled.draft;
    if (!draft) continue;
    // A SKU without a barcode cannot be matched by one: the product is then reported as partial.
    const hits = draft.item.skus.map((sku) => (sku.barcode === undefined ? undefined : live.get(sku.barcode)));
    const found = hits.filter((h): h is { productId: number; skuId: number } => h !== undefined);
    if (found.length === 0) {
      unmatched += 1;
      continue;
    }
    const productIds = new Set(found.map((h) => h.productId));
    if (productIds.size !== 1 || found.length !== hits.length) partial.push(draft.productKey);
    if (productIds.size !== 1) continue;
    entries.push({
      productKey: draft.productKey,
      productId: found[0]?.productId as number,
      skus: draft.item.skus.flatMap((sku, i) => {
        const hit = hits[i];
        return hit ? [{ skuKey: draft.skuKeys[i] ?? sku.barcode ?? '', skuId: hit.skuId, barcode: sku.barcode ?? '' }] : [];
      }),
      // The live content may differ from the file: no hash, so --changed-only sends it once.
      contentHash: null,
      runId: null,
    });
  }
  store.replaceIdMemory(entries);
  store.setRunStatus(runId, 'finished', { exitCode: 0 });
  return {
    liveProducts,
    liveSkus,
    matchedProducts: entries.length,
    partialProducts: partial,
    unmatchedProducts: unmatched,
    knownBefore,
    knownAfter: store.countKnownProducts(),
  };
}

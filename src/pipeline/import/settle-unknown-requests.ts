/**
 * Settling: before anything is sent again, every request of unknown fate (of this run and of the
 * account's other unfinished runs) is checked on the service by what it carried — the journaled
 * body, whatever the file says now. The products it created are remembered under the seller keys
 * they were sent for, so the plan sends the current file's content as updates of them: a barcode
 * corrected since the crash updates the SKU created with the old one, never a second product.
 * SKUs found on different service products are a conflict, reported and not sent. A new SKU sent
 * without a barcode (a service where it is optional) cannot be looked up: its product is not
 * settleable, reported and not sent in this run, never guessed from its other SKUs.
 */
import type { CatalogClient } from '../../api/create-catalog-client.js';
import { readBootClock } from '../../core/deps.js';
import type { BootClockReading, Deps } from '../../core/deps.js';
import type { AcceptedProduct, KnownSku, StateStore } from '../../state/index.js';
import { collectUnknownRequests } from './collect-unknown-requests.js';
import type { DepartureStamp, SentProduct } from './collect-unknown-requests.js';
import { findSentSkus } from './find-live-skus.js';
import type { LiveSku } from './find-live-skus.js';

/** What settling decided. */
export interface SettleResult {
  /** Products of unknown fate: when the plan finds their content on the service, the request did its work. */
  settledKeys: Set<string>;
  /** Products whose SKUs were found on several service products: not sent, reported. */
  conflicts: Map<string, string>;
  /** Products a request of unknown fate created, and which request (for the report). */
  createdBy: Map<string, string>;
}

/** Settles the account's requests of unknown fate (see the file comment). */
export async function settleUnknownRequests(ctx: { store: StateStore; client: CatalogClient; runId: string; deps: Deps; settleAfterMs: number }): Promise<SettleResult> {
  const { store, runId, deps } = ctx;
  const result: SettleResult = { settledKeys: new Set(), conflicts: new Map(), createdBy: new Map() };
  const unknown = collectUnknownRequests(store, runId);
  if (unknown.products.length === 0 && unknown.batches.length === 0) return result;
  for (const sent of unknown.products) result.settledKeys.add(sent.productKey);
  const settleable = unknown.products.filter((sent) => {
    const reason = describeUnsettleable(sent);
    if (reason !== null) result.conflicts.set(sent.productKey, reason);
    return reason === null;
  });
  const sought = settleable
    .map((sent) => ({ productId: sent.item.productId, name: sent.item.name?.rus ?? null, barcodes: sent.item.skus.flatMap((sku) => (sku.skuId === null && sku.barcode !== undefined ? [sku.barcode] : [])) }))
    .filter((product) => product.barcodes.length > 0);
  if (sought.length > 0) {
    const wait = measureSettleWait(unknown.departures, ctx.settleAfterMs, readBootClock(deps));
    if (wait > 0) {
      deps.onEvent({ type: 'log', level: 'info', message: `waiting ${Math.ceil(wait / 1000)} s for requests of unknown fate to be processed before checking them`, text: { key: 'log.settle_wait', data: { seconds: Math.ceil(wait / 1000) } } });
      await deps.sleep(wait, deps.signal);
    }
    deps.onEvent({ type: 'stage:start', stage: 'settle', detail: `asking the service which of ${sought.length} product(s) sent in requests of unknown fate exist`, text: { key: 'stage.settle.ask', data: { count: sought.length } } });
    // The state's known products stand for the catalog's size: the whole catalog is read at once when that is cheaper than searching.
    const earlier = store.loadSettleProgress();
    if (earlier.found.size + earlier.searched.size > 0) {
      deps.onEvent({ type: 'log', level: 'info', message: `continuing a settle stopped half-way: ${earlier.found.size} barcode(s) already found, ${earlier.searched.size} search(es) already made`, text: { key: 'log.settle_continue', data: { found: earlier.found.size, searched: earlier.searched.size } } });
    }
    const progress = {
      found: earlier.found,
      searched: earlier.searched,
      onFound: (found: readonly LiveSku[]) => store.recordSettleFound(found),
      onSearched: (term: string) => store.recordSettleSearched(term),
    };
    const lookup = await findSentSkus(ctx.client, sought, { catalogSize: store.countKnownProducts(), progress });
    const accepted: AcceptedProduct[] = [];
    for (const sent of settleable) {
      const settled = settleProduct(sent, lookup.found, store.getSpooledProduct(runId, sent.productKey)?.draft?.skuKeys);
      if (settled.conflict) result.conflicts.set(sent.productKey, settled.conflict);
      else if (settled.accepted) {
        accepted.push({ ...settled.accepted, runId });
        const attempt = sent.runId === runId ? 'an earlier attempt of this run' : `run ${sent.runId}`;
        result.createdBy.set(sent.productKey, `request ${sent.batchIndex + 1} of ${attempt}, whose answer was not recorded`);
      }
    }
    if (accepted.length) store.recordAccepted(accepted);
    const how = lookup.wholeCatalog ? 'the whole catalog was read' : 'only those products were read';
    const conflicted = result.conflicts.size ? `; ${result.conflicts.size} found split over several products, not sent` : '';
    deps.onEvent({
      type: 'log',
      level: 'info',
      message: `settled: ${accepted.length} of ${sought.length} product(s) already exist and will be updated, not created again (${how})${conflicted}`,
      text: { key: `log.settled_${lookup.wholeCatalog ? 'whole_catalog' : 'some'}${result.conflicts.size ? '_conflicts' : ''}`, data: { found: accepted.length, count: sought.length, conflicts: result.conflicts.size } },
    });
  }
  const error = `fate unknown; its products were checked on the service by run ${runId} and sent again in later requests`;
  for (const batch of unknown.batches) store.markBatchFailed(batch.runId, batch.index, { error, retryable: false });
  // Settled: what it found is in the id memory now, and the next settle asks afresh.
  store.clearSettleProgress();
  return result;
}

/**
 * How long to wait before settling requests that left at `departures`, a deadline kept across
 * runs, measured without the wall clock (which may have jumped between the crash and now):
 * - on the boot that sent a request, the system's monotonic clock tells how long ago it left;
 * - sent on another boot, it left before this boot began: at least the time since boot (the
 *   monotonic clock's reading) has passed;
 * - when either boot is not known (a system without a boot id, a request journaled by an older
 *   version), the whole `settleAfterMs`.
 * Never more than `settleAfterMs`, never less than nothing; the longest wait of all the requests.
 * The wait itself is a duration (`deps.sleep`), which no clock change moves.
 */
export function measureSettleWait(departures: readonly DepartureStamp[], settleAfterMs: number, now: BootClockReading | undefined): number {
  let wait = 0;
  for (const departure of departures) {
    let elapsed = 0;
    if (departure !== null && now !== undefined) elapsed = departure.bootId === now.bootId ? now.ms - departure.ms : now.ms;
    wait = Math.max(wait, Math.min(settleAfterMs, Math.max(0, settleAfterMs - elapsed)));
  }
  return wait;
}

/**
 * One sent product against what the service holds: the ids to remember (under the keys it was
 * sent for, and under the current file's key of the SKU in the same place when that SKU's key
 * changed — a corrected barcode), or a conflict when its SKUs sit on different products.
 */
export function settleProduct(
  sent: Pick<SentProduct, 'productKey' | 'item' | 'skuKeys'>,
  found: ReadonlyMap<string, LiveSku>,
  currentSkuKeys: readonly string[] | undefined,
): { accepted?: Omit<AcceptedProduct, 'runId'>; conflict?: string } {
  const skus: (KnownSku & { productId: number })[] = [];
  sent.item.skus.forEach((sku, i) => {
    const barcode = sku.barcode ?? '';
    const skuKey = sent.skuKeys[i] ?? barcode;
    if (sku.skuId !== null && sent.item.productId !== null) skus.push({ skuKey, skuId: sku.skuId, barcode, productId: sent.item.productId });
    else if (barcode !== '') {
      const hit = found.get(barcode);
      if (hit) skus.push({ skuKey, skuId: hit.skuId, barcode, productId: hit.productId });
    }
  });
  const created = skus.filter((sku) => sku.barcode !== '' && sent.item.skus.some((s) => s.barcode === sku.barcode && s.skuId === null));
  if (created.length === 0) return {};
  const productIds = [...new Set(skus.map((sku) => sku.productId))];
  if (productIds.length > 1) {
    return {
      conflict: `its SKUs sent in an earlier request of unknown fate are on different products of the service (${productIds.join(', ')}); nothing was sent for it — merge them on the service or run \`catalog-import reconcile\``,
    };
  }
  const productId = productIds[0] as number;
  const remembered: KnownSku[] = skus.map(({ skuKey, skuId, barcode }) => ({ skuKey, skuId, barcode }));
  if (currentSkuKeys) {
    const sentKeys = new Set(sent.skuKeys);
    currentSkuKeys.forEach((currentKey, i) => {
      const sentKey = sent.skuKeys[i];
      if (sentKeys.has(currentKey) || sentKey === undefined || currentSkuKeys.includes(sentKey)) return;
      const sku = skus.find((s) => s.skuKey === sentKey);
      if (sku) remembered.push({ skuKey: currentKey, skuId: sku.skuId, barcode: sku.barcode });
    });
  }
  return { accepted: { productKey: sent.productKey, productId, skus: remembered, contentHash: null } };
}

/**
 * Why a product sent in a request of unknown fate cannot be settled, or null: a new SKU without a
 * barcode, which nothing on the service can be matched to by what the tool sent.
 */
export function describeUnsettleable(sent: Pick<SentProduct, 'item' | 'skuKeys'>): string | null {
  const unkeyed = sent.item.skus.flatMap((sku, i) => (sku.skuId === null && (sku.barcode ?? '') === '' ? [sent.skuKeys[i] || `skus[${i}]`] : []));
  if (unkeyed.length === 0) return null;
  return `it was sent in an earlier request of unknown fate with new SKU ${unkeyed.join(', ')} without a barcode, which cannot be looked up on the service; nothing was sent for it — check the catalog (\`catalog-import products\`) or run \`catalog-import reconcile\` before importing it again`;
}

/**
 * Refusals that mean "it already exists" heal themselves: a product the service rejected because
 * one of its barcodes (or keys) is taken is looked up by its barcodes. When the product found is
 * made of this product's SKUs only (a create that landed after it was settled, a product created
 * by a run whose state was lost), its ids are remembered and the product is planned again as an
 * update in the same run. Otherwise its rows say which product holds the barcode and suggest
 * `reconcile`.
 */
import type { CatalogClient } from '../../api/create-catalog-client.js';
import type { Deps } from '../../core/deps.js';
import type { AcceptedProduct, ProductResultRecord, StateStore } from '../../state/index.js';
import { findSentSkus } from './find-live-skus.js';

/** What healing decided. */
export interface HealResult {
  /** Products whose ids were found: plan and send them again as updates. */
  healed: Set<string>;
  /** Products whose barcode another product holds: what to tell the seller. */
  heldElsewhere: Map<string, string>;
}

/** Whether a job error says a barcode or key is already taken. */
function isDuplicateRefusal(error: ProductResultRecord['errors'][number]): boolean {
  const text = `${error.code ?? ''} ${error.field ?? ''} ${error.message}`;
  return /duplicate|already (used|exists|taken|registered)|not unique|unique constraint/i.test(text) && /barcode|sku|key|article/i.test(text);
}

/** Looks up the products of this run refused as duplicates (see the file comment). */
export async function healDuplicateRefusals(ctx: { store: StateStore; client: CatalogClient; runId: string; deps: Deps }): Promise<HealResult> {
  const { store, runId } = ctx;
  const result: HealResult = { healed: new Set(), heldElsewhere: new Map() };
  const refused = [...store.listProductResults(runId).values()].filter((r) => r.status === 'rejected' && r.errors.length > 0 && r.errors.every(isDuplicateRefusal));
  const drafts = refused.flatMap((r) => {
    const draft = store.getSpooledProduct(runId, r.productKey)?.draft;
    return draft && draft.item.productId === null ? [draft] : [];
  });
  if (drafts.length === 0) return result;
  ctx.deps.onEvent({ type: 'stage:start', stage: 'settle', detail: `${drafts.length} product(s) refused as duplicates: looking their barcodes up`, text: { key: 'stage.settle.duplicates', data: { count: drafts.length } } });
  const lookup = await findSentSkus(
    ctx.client,
    drafts.map((draft) => ({ productId: null, name: draft.item.name.rus, barcodes: draft.item.skus.flatMap((sku) => (sku.barcode === undefined ? [] : [sku.barcode])) })),
  );
  const holders = new Map((await ctx.client.getProductDetails([...new Set([...lookup.found.values()].map((sku) => sku.productId))])).map((detail) => [detail.productId, detail]));
  const accepted: AcceptedProduct[] = [];
  for (const draft of drafts) {
    // A SKU without a barcode cannot be looked up by one: the product is not settled here (never
    // guessed from its other SKUs), and the seller is told why.
    const unkeyed = draft.item.skus.flatMap((sku, i) => (sku.barcode === undefined ? [draft.skuKeys[i] ?? `skus[${i}]`] : []));
    if (unkeyed.length > 0) {
      result.heldElsewhere.set(
        draft.productKey,
        `SKU ${unkeyed.join(', ')} ${unkeyed.length === 1 ? 'has' : 'have'} no barcode, so the product holding ${unkeyed.length === 1 ? 'it' : 'them'} cannot be found by barcode; if that product is yours, run \`catalog-import reconcile\` so this file updates it`,
      );
      continue;
    }
    const barcodes = new Set(draft.item.skus.map((sku) => sku.barcode ?? ''));
    const hits = draft.item.skus.flatMap((sku, i) => {
      const barcode = sku.barcode ?? '';
      const hit = lookup.found.get(barcode);
      return hit ? [{ ...hit, skuKey: draft.skuKeys[i] ?? barcode }] : [];
    });
    const productIds = [...new Set(hits.map((hit) => hit.productId))];
    const holder = productIds.length === 1 ? holders.get(productIds[0] as number) : undefined;
    if (holder && holder.skus.every((sku) => barcodes.has(sku.skuBarcode ?? ''))) {
      accepted.push({ productKey: draft.productKey, productId: holder.productId, skus: hits.map(({ skuKey, skuId, barcode }) => ({ skuKey, skuId, barcode })), contentHash: null, runId });
      result.healed.add(draft.productKey);
      continue;
    }
    const where = hits.map((hit) => `barcode ${hit.barcode} is held by product ${hit.productId}`).join(', ');
    result.heldElsewhere.set(
      draft.productKey,
      `${where || 'the barcode was not found in the catalog'}${holder || productIds.length > 1 ? ', which holds other SKUs too' : ''}; if that product is yours, run \`catalog-import reconcile\` so this file updates it`,
    );
  }
  if (accepted.length) store.recordAccepted(accepted);
  ctx.deps.onEvent({ type: 'log', level: 'info', message: `duplicates: ${accepted.length} of ${drafts.length} refused product(s) already exist with this product's SKUs and are sent again as updates`, text: { key: 'log.duplicates_healed', data: { found: accepted.length, count: drafts.length } } });
  return result;
}

/**
 * Matches a job's per-product results to the products that were sent. Results are matched by
 * position (`index` when the service gives it, else order) and checked by productId and barcode
 * where the answer carries them; a result that does not agree is `unknown`, never guessed.
 */
import type { JobProductResult, JobStatus } from '../domain/index.js';
import type { ProductDraft } from '../core/types.js';

/** The outcome of one sent product. */
export interface ProductResult {
  position: number;
  productKey: string;
  status: 'accepted' | 'rejected' | 'unknown';
  productId: number | null;
  skus: { skuKey: string; skuId: number | null; barcode: string }[];
  errors: { field?: string; code?: string; message: string }[];
}

const SUCCESS = new Set(['success', 'succeeded', 'ok', 'accepted', 'created', 'updated', 'done', 'imported']);
const FAILURE = new Set(['failed', 'failure', 'error', 'rejected', 'invalid']);

/** Matches results of a finished (or timed-out) job to the drafts sent, in request order. */
export function matchJobResults(sent: readonly ProductDraft[], job: JobStatus | null): ProductResult[] {
  const byIndex = new Map<number, JobProductResult>();
  const results = job?.products ?? [];
  const haveIndexes = results.every((r) => typeof r.index === 'number');
  results.forEach((result, order) => byIndex.set(haveIndexes ? (result.index as number) : order, result));

  return sent.map((draft, position) => {
    const base: ProductResult = {
      position,
      productKey: draft.productKey,
      status: 'unknown',
      productId: draft.item.productId,
      skus: draft.item.skus.map((sku, i) => ({ skuKey: draft.skuKeys[i] ?? sku.barcode, skuId: sku.skuId, barcode: sku.barcode })),
      errors: [],
    };
    const result = byIndex.get(position);
    if (!result) return { ...base, errors: [{ message: job ? 'the job listed no result for this product' : 'the job status could not be read in time' }] };

    const errors = (result.errors ?? []).map((e) => ({
      ...(e.field ? { field: e.field } : {}),
      ...(e.code ? { code: e.code } : {}),
      message: e.description ?? e.message ?? e.code ?? 'rejected',
    }));
    const word = (result.status ?? '').toLowerCase();
    const failed = FAILURE.has(word) || (!SUCCESS.has(word) && errors.length > 0);
    if (failed) return { ...base, status: 'rejected', errors: errors.length ? errors : [{ message: `rejected (${result.status ?? 'no reason given'})` }] };
    if (!SUCCESS.has(word) && result.productId == null) {
      return { ...base, errors: [{ message: `unrecognised result status "${result.status ?? ''}"` }] };
    }

    // Checks: an update must come back with the id we sent; SKU results must carry our barcodes.
    if (draft.item.productId !== null && result.productId != null && result.productId !== draft.item.productId) {
      return { ...base, errors: [{ message: `result names product ${result.productId}, but ${draft.item.productId} was sent at this position` }] };
    }
    const productId = result.productId ?? draft.item.productId;
    const skuResults = result.skus ?? [];
    const skus = draft.item.skus.map((sku, i) => {
      const byBarcode = skuResults.find((s) => s.barcode != null && s.barcode === sku.barcode);
      const byPosition = skuResults.find((s) => s.index === i) ?? skuResults[i];
      const match = byBarcode ?? (byPosition && (byPosition.barcode == null || byPosition.barcode === sku.barcode) ? byPosition : undefined);
      return { skuKey: draft.skuKeys[i] ?? sku.barcode, skuId: match?.skuId ?? sku.skuId, barcode: sku.barcode };
    });
    if (productId == null || skus.some((s) => s.skuId == null)) {
      return { ...base, productId: productId ?? null, skus, errors: [{ message: 'accepted, but the result carries no product or SKU id' }] };
    }
    return { ...base, status: 'accepted', productId, skus, errors: [] };
  });
}

/**
 * Matches a job's per-product results to the products that were sent. Results are matched by
 * position (`index` when the service gives it, else order) and checked by productId and barcode
 * where the answer carries them. A product is accepted only on a known success word (its own, or
 * the job's when it has none) with the ids to prove it; an unknown or still-pending word, or a
 * result that does not agree, is `unknown` with the word quoted, never guessed.
 */
import type { JobProductResult, JobStatus, StatusMeaning } from '../domain/index.js';
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

type ResultErrors = ProductResult['errors'];

/** What the product's result means, its own word first, else a decisive job-level word. */
function resolveMeaning(result: JobProductResult, job: JobStatus): StatusMeaning {
  if (result.meaning !== 'absent') return result.meaning;
  return job.meaning === 'succeeded' || job.meaning === 'failed' ? job.meaning : 'absent';
}

function quote(word: string | null | undefined): string {
  return word === null || word === undefined ? 'no status word' : `"${word}"`;
}

/** Matches results of a finished (or timed-out) job to the drafts sent, in request order. */
export function matchJobResults(sent: readonly ProductDraft[], job: JobStatus | null): ProductResult[] {
  const byIndex = new Map<number, JobProductResult>();
  const results = job?.products ?? [];
  const haveIndexes = results.length > 0 && results.every((r) => typeof r.index === 'number');
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
    if (!result || job === null) {
      const why = job === null ? 'the job status could not be read in time' : `the job listed no result for this product (job status ${quote(job.status)})`;
      return { ...base, errors: [{ message: why }] };
    }

    const errors: ResultErrors = (result.errors ?? []).map((e) => ({
      ...(e.field ? { field: e.field } : {}),
      ...(e.code ? { code: e.code } : {}),
      message: e.description ?? e.message ?? e.code ?? 'rejected',
    }));
    const meaning = resolveMeaning(result, job);
    const withErrors = (message: string): ResultErrors => [{ message }, ...errors];
    switch (meaning) {
      case 'failed':
        return { ...base, status: 'rejected', errors: errors.length ? errors : [{ message: `rejected (${quote(result.status ?? job.status)})` }] };
      case 'absent':
        // No word anywhere decisive: errors listed for the product are the service's rejection.
        if (errors.length > 0) return { ...base, status: 'rejected', errors };
        return { ...base, errors: [{ message: `the result carries no status word and the job status ${quote(job.status)} does not settle it` }] };
      case 'pending':
        return { ...base, errors: withErrors(`still ${quote(result.status)} when following the job ended (job status ${quote(job.status)})`) };
      case 'partial':
        return { ...base, errors: withErrors(`status ${quote(result.status)} says only part of the product was taken`) };
      case 'unknown':
        return { ...base, errors: withErrors(`unrecognised result status ${quote(result.status)}; not taken as success (add it under service.statuses in the settings)`) };
      case 'succeeded':
        return checkAccepted(draft, result, base, errors);
    }
  });
}

/** A success word still needs ids that agree with what was sent. */
function checkAccepted(draft: ProductDraft, result: JobProductResult, base: ProductResult, errors: ResultErrors): ProductResult {
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
    return { ...base, productId: productId ?? null, skus, errors: [{ message: 'accepted, but the result carries no product or SKU id' }, ...errors] };
  }
  return { ...base, status: 'accepted', productId, skus, errors: [] };
}

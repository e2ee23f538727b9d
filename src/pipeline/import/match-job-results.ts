/**
 * Matches a job's per-product results to the products that were sent. Results are placed by
 * `index` when the service gives it; without one, by identity (productId, SKU barcodes), then a
 * lone leftover by elimination, then array order only where no identity contradicts the order.
 * A result is never put on a product whose productId or barcodes contradict it. A product is accepted only on a known success word (its own, or
 * the job's when it has none) with the ids to prove it; an unknown or still-pending word, or a
 * result that does not agree, is `unknown` with the word quoted, never guessed.
 */
import type { JobProductResult, JobStatus, StatusMeaning } from '../../domain/index.js';
import type { ProductDraft } from '../../core/types.js';
import type { ResultError, ResultSku } from '../../state/types.js';

/** The outcome of one sent product. */
export interface ProductResult {
  position: number;
  productKey: string;
  status: 'accepted' | 'rejected' | 'unknown';
  productId: number | null;
  skus: ResultSku[];
  errors: ResultError[];
}

/** What the product's result means, its own word first, else a decisive job-level word. */
function resolveMeaning(result: JobProductResult, job: JobStatus): StatusMeaning {
  if (result.meaning !== 'absent') return result.meaning;
  return job.meaning === 'succeeded' || job.meaning === 'failed' ? job.meaning : 'absent';
}

function quote(word: string | null | undefined): string {
  return word === null || word === undefined ? 'no status word' : `"${word}"`;
}

/** Where each sent product's result is, or why it has none. */
interface Placement {
  result?: JobProductResult;
  why?: string;
}

/** What a result says about which product it is: a product id, and barcodes of its SKUs. */
function resultBarcodes(result: JobProductResult): string[] {
  return (result.skus ?? []).flatMap((s) => (s.barcode == null || s.barcode === '' ? [] : [s.barcode]));
}

/** Why `result` cannot belong to `draft` (its product id or a barcode is another product's), or null. */
function findContradiction(draft: ProductDraft, result: JobProductResult): string | null {
  if (draft.item.productId !== null && result.productId != null && result.productId !== draft.item.productId) {
    return `the result names product ${result.productId}, but product ${draft.item.productId} was sent`;
  }
  const own = new Set(draft.item.skus.map((s) => s.barcode));
  const foreign = resultBarcodes(result).filter((b) => !own.has(b));
  if (foreign.length > 0) return `the result names barcode(s) ${foreign.join(', ')}, which this product does not have`;
  return null;
}

/** True when the result names this product positively (same product id, or shared barcodes) and nothing contradicts it. */
function identifies(draft: ProductDraft, result: JobProductResult): boolean {
  if (findContradiction(draft, result) !== null) return false;
  const sameId = draft.item.productId !== null && result.productId === draft.item.productId;
  return sameId || resultBarcodes(result).length > 0;
}

/** With indexes: each result at the position it names, unless its ids contradict the product there. */
function placeByIndex(sent: readonly ProductDraft[], results: readonly JobProductResult[]): Placement[] {
  const byIndex = new Map<number, JobProductResult>();
  for (const result of results) byIndex.set(result.index as number, result);
  return sent.map((draft, position) => {
    const result = byIndex.get(position);
    if (!result) return {};
    const contradiction = findContradiction(draft, result);
    return contradiction === null ? { result } : { why: `the result at position ${position} does not belong to this product: ${contradiction}` };
  });
}

/**
 * Without indexes: by identity first (product id, SKU barcodes), then a single leftover pair by
 * elimination, then array order, but only when no identity contradicts the order.
 */
function placeByIdentity(sent: readonly ProductDraft[], results: readonly JobProductResult[]): Placement[] {
  const placed = new Map<number, number>(); // draft position -> result order
  const usedResults = new Set<number>();
  const claims = sent.map(() => [] as number[]);
  let identitiesAgreeWithOrder = results.length === sent.length;
  results.forEach((result, order) => {
    const candidates = sent.flatMap((draft, position) => (identifies(draft, result) ? [position] : []));
    if (candidates.length === 1) claims[candidates[0] as number]?.push(order);
    if (candidates.some((position) => position !== order)) identitiesAgreeWithOrder = false;
  });
  claims.forEach((orders, position) => {
    if (orders.length !== 1) return;
    placed.set(position, orders[0] as number);
    usedResults.add(orders[0] as number);
  });

  const leftDrafts = () => sent.flatMap((_, position) => (placed.has(position) ? [] : [position]));
  const leftResults = () => results.flatMap((_, order) => (usedResults.has(order) ? [] : [order]));
  const place = (position: number, order: number): void => {
    placed.set(position, order);
    usedResults.add(order);
  };

  const [onlyDraft, ...moreDrafts] = leftDrafts();
  const [onlyResult, ...moreResults] = leftResults();
  if (onlyDraft !== undefined && onlyResult !== undefined && moreDrafts.length === 0 && moreResults.length === 0) {
    if (findContradiction(sent[onlyDraft] as ProductDraft, results[onlyResult] as JobProductResult) === null) place(onlyDraft, onlyResult);
  } else if (identitiesAgreeWithOrder) {
    for (const position of leftDrafts()) {
      if (usedResults.has(position)) continue;
      if (findContradiction(sent[position] as ProductDraft, results[position] as JobProductResult) === null) place(position, position);
    }
  }

  const unplaced = leftResults().length;
  return sent.map((_, position) => {
    const order = placed.get(position);
    if (order !== undefined) return { result: results[order] as JobProductResult };
    if (unplaced === 0) return {};
    return {
      why:
        `the job listed ${unplaced} result(s) without a position that could not be tied to this product ` +
        '(no product id or barcode of its own, and neither elimination nor the order of the list settles it)',
    };
  });
}

/** Places each result on the product it belongs to; never on one whose ids contradict it. */
function placeResults(sent: readonly ProductDraft[], results: readonly JobProductResult[]): Placement[] {
  if (results.length === 0) return sent.map(() => ({}));
  const haveIndexes = results.every((r) => typeof r.index === 'number');
  return haveIndexes ? placeByIndex(sent, results) : placeByIdentity(sent, results);
}

/** Matches results of a finished (or timed-out) job to the drafts sent, in request order. */
export function matchJobResults(sent: readonly ProductDraft[], job: JobStatus | null): ProductResult[] {
  const placements = placeResults(sent, job?.products ?? []);

  return sent.map((draft, position) => {
    const base: ProductResult = {
      position,
      productKey: draft.productKey,
      status: 'unknown',
      productId: draft.item.productId,
      skus: draft.item.skus.map((sku, i) => ({ skuKey: draft.skuKeys[i] ?? sku.barcode ?? '', skuId: sku.skuId, barcode: sku.barcode ?? '' })),
      errors: [],
    };
    const { result, why: unplaced } = placements[position] ?? {};
    if (unplaced !== undefined && job !== null) return { ...base, errors: [{ message: unplaced }] };
    if (!result || job === null) {
      const why = job === null ? 'the job status could not be read in time' : `the job listed no result for this product (job status ${quote(job.status)})`;
      return { ...base, errors: [{ message: why }] };
    }

    const errors: ResultError[] = (result.errors ?? []).map((e) => ({
      ...(e.field ? { field: e.field } : {}),
      ...(e.code ? { code: e.code } : {}),
      message: e.description ?? e.message ?? e.code ?? 'rejected',
    }));
    const meaning = resolveMeaning(result, job);
    const withErrors = (message: string): ResultError[] => [{ message }, ...errors];
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
function checkAccepted(draft: ProductDraft, result: JobProductResult, base: ProductResult, errors: ResultError[]): ProductResult {
  if (draft.item.productId !== null && result.productId != null && result.productId !== draft.item.productId) {
    return { ...base, errors: [{ message: `result names product ${result.productId}, but ${draft.item.productId} was sent at this position` }] };
  }
  const productId = result.productId ?? draft.item.productId;
  const skuResults = result.skus ?? [];
  const skus = draft.item.skus.map((sku, i) => {
    const byBarcode = skuResults.find((s) => s.barcode != null && s.barcode === sku.barcode);
    const byPosition = skuResults.find((s) => s.index === i) ?? skuResults[i];
    const match = byBarcode ?? (byPosition && (byPosition.barcode == null || byPosition.barcode === sku.barcode) ? byPosition : undefined);
    return { skuKey: draft.skuKeys[i] ?? sku.barcode ?? '', skuId: match?.skuId ?? sku.skuId, barcode: sku.barcode ?? '' };
  });
  if (productId == null || skus.some((s) => s.skuId == null)) {
    return { ...base, productId: productId ?? null, skus, errors: [{ message: 'accepted, but the result carries no product or SKU id' }, ...errors] };
  }
  return { ...base, status: 'accepted', productId, skus, errors: [] };
}

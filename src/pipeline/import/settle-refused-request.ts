/**
 * A request the service refused whole (4xx): nothing of it was imported. When its errors name
 * products of it (see `placeRefusalErrors`), those products are `rejected` with the errors on
 * their cells, recorded in the journal like a job's results; the others were never judged, so they
 * are sent again in one request of their own, in the same run. That request is never split again
 * (one re-send per refused request, not a loop): if it is refused too, its named products are
 * rejected and the rest are left `not_sent` for the next run. A refusal that names no product of
 * the request refuses every product of it, with the service's reason quoted. A request the service
 * never took (429 or unreachable through every retry) judged nothing: its products are `not_sent`
 * and the next run sends them.
 */
import type { PipelineEvent } from '../../core/events.js';
import type { ProductDraft } from '../../core/types.js';
import type { JobProductOutcome, StateStore } from '../../state/index.js';
import { placeRefusalErrors } from './place-refusal-errors.js';
import type { SubmitOutcome, SubmitTask } from './submit-batches.js';

/** What a product of a refused request is left with when no job result speaks for it. */
export interface RequestFailure {
  message: string;
  fieldErrors: string;
  /** Taken (2xx) with an answer that could not be read, or sent and its answer lost (`code` `request_fate_unknown`): the product's fate is not known. */
  unsettled?: boolean;
  /** Never judged: refused together with another product's request, or never taken; the next run sends it. */
  notSent?: boolean;
  /** The issue code of a product not sent (default `not_sent_request_refused`). */
  code?: string;
  /** Products the refused request carried. */
  products?: number;
}

/** What the refused request's products carried, as sent. */
interface Sent {
  drafts: ProductDraft[];
  hashes: (string | null)[];
}

/** Settles a refused request (see the file comment); returns the remainder to send again, if any. */
export function settleRefusedRequest(
  outcome: Extract<SubmitOutcome, { status: 'failed' }>,
  ctx: {
    store: Pick<StateStore, 'recordJobResults' | 'markBatchFailed'>;
    runId: string;
    sent: Sent;
    /** Whether its remainder may be sent again (not itself a re-send, the run not stopping). */
    mayResend: boolean;
    planRemainder: (sent: Sent) => SubmitTask;
    requestFailures: Map<string, RequestFailure>;
    onEvent: (event: PipelineEvent) => void;
  },
): SubmitTask | undefined {
  const { store, runId, sent, requestFailures } = ctx;
  const { index } = outcome;
  const httpStatus = outcome.httpStatus !== undefined ? { httpStatus: outcome.httpStatus } : {};
  if (outcome.notTaken === true) {
    store.markBatchFailed(runId, index, { ...httpStatus, error: outcome.message, retryable: true });
    for (const draft of sent.drafts) {
      requestFailures.set(draft.productKey, {
        notSent: true,
        code: 'not_sent_not_taken',
        fieldErrors: '',
        message: `not sent: the service did not take its request (${outcome.message}); nothing of it was imported; run the same command again to send it`,
      });
    }
    return undefined;
  }
  const placed = placeRefusalErrors(outcome.fieldErrors, sent.drafts);
  if (placed.byPosition.size === 0) {
    store.markBatchFailed(runId, index, { ...httpStatus, error: outcome.message, retryable: false });
    const fieldErrors = outcome.fieldErrors.map((f) => `${f.field}: ${f.description ?? f.code ?? ''}`).join('; ');
    for (const draft of sent.drafts) requestFailures.set(draft.productKey, { message: outcome.message, fieldErrors, products: sent.drafts.length });
    return undefined;
  }

  const named: JobProductOutcome[] = [...placed.byPosition].map(([position, errors]) => ({
    position,
    productKey: (sent.drafts[position] as ProductDraft).productKey,
    status: 'rejected',
    productId: null,
    skus: [],
    errors,
  }));
  const names = named.map((r) => describeProduct(sent.drafts[r.position] as ProductDraft)).join(', ');
  const rest: Sent = { drafts: [], hashes: [] };
  sent.drafts.forEach((draft, position) => {
    if (placed.byPosition.has(position)) return;
    rest.drafts.push(draft);
    rest.hashes.push(sent.hashes[position] ?? null);
  });
  const remainder = rest.drafts.length > 0 && ctx.mayResend ? ctx.planRemainder(rest) : undefined;
  // The named products' rejections, like a job's results; the request stays `failed`, and
  // retryable while products of it are left for the next run.
  store.recordJobResults(runId, [{ index, results: named }]);
  const left = rest.drafts.length > 0 && remainder === undefined;
  const what = `refused because of ${names}${remainder ? `; its ${rest.drafts.length} other product(s) were sent again in request ${remainder.index}` : left ? `; its ${rest.drafts.length} other product(s) are left for the next run` : ''}`;
  store.markBatchFailed(runId, index, { ...httpStatus, error: `${outcome.message} (${what})`, retryable: left });
  const unplaced = placed.unplaced.map((f) => `${f.field || '(request)'}: ${f.description ?? f.code ?? ''}`).join('; ');
  ctx.onEvent({ type: 'log', level: 'warn', message: `request ${index} ${what}${unplaced ? `; errors naming no product: ${unplaced}` : ''}` });
  for (const draft of rest.drafts) {
    requestFailures.set(draft.productKey, {
      notSent: true,
      fieldErrors: unplaced,
      message: remainder
        ? `not imported: its request was refused because of ${names}, and the request sending it again without ${named.length > 1 ? 'them' : 'it'} did not go out (the run stopped); run the same command again to send it`
        : `not imported: it was in a request the service refused whole because of ${names} (nothing of that request was imported, and this product was not judged); run the same command again to send it`,
    });
  }
  return remainder;
}

/** `product PH-101 (row 5)`. */
function describeProduct(draft: ProductDraft): string {
  const row = draft.rows[0];
  return `product ${draft.productKey}${row ? ` (row ${row.row}${row.sheet !== undefined ? `, sheet ${row.sheet}` : ''})` : ''}`;
}

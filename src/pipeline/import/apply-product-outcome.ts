/**
 * Writes one product's outcome onto its source rows: accepted with the marketplace ids, unchanged,
 * rejected or unknown with the service's errors on the cells they concern, or not sent and why.
 */
import { createIssue } from '../../core/issue.js';
import type { Issue, IssueCode, IssueData, IssueStage, Severity } from '../../core/issue.js';
import type { RowRef } from '../../core/types.js';
import type { SourceColumn } from '../../sources/types.js';
import type { ProductResultRecord, SpooledDraft, StateStore } from '../../state/index.js';
import { locateServiceErrors } from '../locate-service-errors.js';
import type { PreparedRun } from '../prepare-run.js';
import type { RowOutcomeStore } from '../row-outcome-store.js';
import type { RequestFailure } from './settle-refused-request.js';
import type { RowStatus } from '../../report/report-types.js';

/** Writes one product's outcome onto its rows. */
export function applyProductOutcome(
  spooled: Pick<SpooledDraft, 'productKey' | 'draft'>,
  result: ReturnType<StateStore['listProductResults']> extends Map<string, infer R> ? R | undefined : never,
  ctx: { outcomes: RowOutcomeStore; prep: PreparedRun; header: SourceColumn[]; planOnly: boolean; settledKeys: ReadonlySet<string>; unchanged: Set<string>; requestFailures: ReadonlyMap<string, RequestFailure>; conflicts?: ReadonlyMap<string, string>;
    /** The job id of a batch of this run, for `_job_id`. */
    jobOf?: (batchIndex: number) => string | null;
    /** Products an earlier request of unknown fate created (found by settling): which request. */
    createdBy?: ReadonlyMap<string, string>;
    /** Products refused as duplicates whose barcode another product holds: what to tell the seller. */
    heldElsewhere?: ReadonlyMap<string, string>;
    /** Products in a job of another run that is still running: not sent, which job. */
    pendingElsewhere?: ReadonlyMap<string, string>;
    /** This run: a product whose ids it learnt (any attempt) was created or changed by it, never `unchanged`. */
    runId?: string;
    blocked: boolean; extraIssues: Issue[] },
): void {
  const rows = productRows(spooled, ctx.outcomes, ctx.extraIssues);
  const jobId = result ? (ctx.jobOf?.(result.batchIndex) ?? null) : null;
  if (result?.status === 'accepted') {
    writeAccepted(rows, result, jobId);
    return;
  }
  if (ctx.unchanged.has(spooled.productKey)) {
    writeUnchanged(rows, ctx);
    return;
  }
  if (result?.status === 'pending') {
    writePending(rows, result.errors[0]?.message ?? 'its job had not finished', jobId);
    return;
  }
  const pendingElsewhere = ctx.pendingElsewhere?.get(spooled.productKey);
  if (pendingElsewhere !== undefined) {
    writePending(rows, pendingElsewhere, null);
    return;
  }
  if (result?.status === 'rejected' || result?.status === 'unknown') {
    writeJudged(rows, result.status, result.errors, jobId, ctx);
    return;
  }
  const conflict = ctx.conflicts?.get(spooled.productKey);
  if (conflict !== undefined) {
    rows.writeAll('rejected', 'settle_conflict', 'error', { detail: conflict });
    return;
  }
  if (ctx.planOnly) return; // --plan: the rows stay `valid`; nothing was meant to be sent
  const failure = ctx.requestFailures.get(spooled.productKey);
  if (failure) {
    writeRequestFailure(rows, failure);
    return;
  }
  const { blocked } = ctx;
  rows.writeAll('not_sent', blocked ? 'not_sent_blocked' : 'not_sent_interrupted', blocked ? 'warning' : 'error', {});
}

/** One product's source rows, and how an outcome is written onto them. */
interface ProductRows {
  productKey: string;
  draft: SpooledDraft['draft'];
  outcomes: RowOutcomeStore;
  extraIssues: Issue[];
  /** The source row of one of the product's SKUs. */
  skuRowOf(skuKey: string): number | undefined;
  /** An issue of the outcome on one of the product's rows: in the run's issues and on the row. */
  addRowIssue(ref: RowRef, code: IssueCode, severity: Severity, stage: IssueStage, text: IssueData): void;
  /** The same status and the same submit-stage issue on every row of the product. */
  writeAll(status: RowStatus, code: IssueCode, severity: Severity, text: IssueData): void;
}

function productRows(spooled: Pick<SpooledDraft, 'productKey' | 'draft'>, outcomes: RowOutcomeStore, extraIssues: Issue[]): ProductRows {
  const { productKey, draft } = spooled;
  const addRowIssue: ProductRows['addRowIssue'] = (ref, code, severity, stage, text) => {
    const where = { file: ref.file, sheet: ref.sheet, row: ref.row, productKey };
    const issue = createIssue({ code, severity, stage, data: text, ...where });
    extraIssues.push(issue);
    outcomes.addIssue(ref.row, issue);
  };
  return {
    productKey,
    draft,
    outcomes,
    extraIssues,
    skuRowOf: (skuKey) => {
      const i = draft.skuKeys.indexOf(skuKey);
      return i >= 0 ? draft.skuRows[i]?.row : undefined;
    },
    addRowIssue,
    writeAll: (status, code, severity, text) => {
      for (const ref of draft.rows) {
        outcomes.setStatus(ref.row, status);
        addRowIssue(ref, code, severity, 'submit', text);
      }
    },
  };
}

/** Accepted in this run: the product's and each SKU's marketplace ids, and the job that took it. */
function writeAccepted(rows: ProductRows, result: ProductResultRecord, jobId: string | null): void {
  const { draft, outcomes } = rows;
  for (const ref of draft.skuRows) outcomes.setStatus(ref.row, 'accepted');
  for (const ref of draft.rows) outcomes.setIds(ref.row, { productId: result.productId, jobId });
  for (const sku of result.skus) {
    const row = rows.skuRowOf(sku.skuKey);
    if (row !== undefined) outcomes.setIds(row, { skuId: sku.skuId });
  }
}

/**
 * Nothing to send: unchanged since the service took it, or found on the service by settling (then
 * accepted, naming the earlier request whose answer was not recorded, or another run's job that finished late). The ids come from the state.
 */
function writeUnchanged(rows: ProductRows, ctx: { prep: PreparedRun; settledKeys: ReadonlySet<string>; createdBy?: ReadonlyMap<string, string>; runId?: string }): void {
  const { draft, outcomes, productKey } = rows;
  const ids = ctx.prep.store.getProductIds(productKey);
  // Ids this run learnt (an earlier attempt settled or healed it): this run created it, even when
  // the attempt that found it was stopped before reporting.
  const learntByThisRun = ctx.runId !== undefined && ids?.learntBy === ctx.runId;
  const status = ctx.settledKeys.has(productKey) || learntByThisRun ? 'accepted' : 'unchanged';
  const createdBy = status === 'accepted' ? (ctx.createdBy?.get(productKey) ?? 'a request an earlier attempt of this run sent or found') : undefined;
  for (const ref of draft.rows) {
    outcomes.setStatus(ref.row, status);
    if (ids) outcomes.setIds(ref.row, { productId: ids.productId });
    if (createdBy !== undefined) rows.addRowIssue(ref, 'accepted_by_earlier_request', 'warning', 'submit', { createdBy });
  }
  draft.skuRows.forEach((ref, i) => {
    const skuId = ids?.skus.get(draft.skuKeys[i] ?? '');
    if (skuId !== undefined) outcomes.setIds(ref.row, { skuId });
  });
}

/** Its job was still running when the run stopped following it: asked again by the next run, never sent again. */
function writePending(rows: ProductRows, message: string, jobId: string | null): void {
  rows.writeAll('pending', 'job_pending', 'warning', { detail: message });
  if (jobId !== null) for (const ref of rows.draft.rows) rows.outcomes.setIds(ref.row, { jobId });
}

/** Judged by the service's job (rejected, or of unknown fate): its errors placed on the cells they concern. */
function writeJudged(
  rows: ProductRows,
  status: 'rejected' | 'unknown',
  errors: ProductResultRecord['errors'],
  jobId: string | null,
  ctx: { prep: PreparedRun; header: SourceColumn[]; heldElsewhere?: ReadonlyMap<string, string> },
): void {
  const { draft, outcomes } = rows;
  const held = status === 'rejected' ? ctx.heldElsewhere?.get(rows.productKey) : undefined;
  for (const ref of draft.rows) {
    outcomes.setStatus(ref.row, status);
    if (jobId !== null) outcomes.setIds(ref.row, { jobId });
    if (held !== undefined) rows.addRowIssue(ref, 'duplicate_held_elsewhere', 'error', 'job', { detail: held });
  }
  const issues = locateServiceErrors(status, errors, draft, { mapping: ctx.prep.mapping, header: ctx.header });
  for (const issue of issues) {
    rows.extraIssues.push(issue);
    if (issue.row !== undefined) outcomes.addIssue(issue.row, issue);
  }
}

/** The product's request failed as a whole: its fate unknown, never judged, or refused without naming a product. */
function writeRequestFailure(rows: ProductRows, failure: RequestFailure): void {
  if (failure.unsettled === true && failure.code === 'request_fate_unknown') {
    rows.writeAll('unknown', 'request_fate_unknown', 'error', { detail: failure.message });
    return;
  }
  if (failure.unsettled === true) {
    rows.writeAll('unknown', 'request_unsettled', 'error', { detail: failure.message });
    return;
  }
  if (failure.notSent === true) {
    // Refused together with another product's request, or never taken: never judged, so never called rejected.
    rows.writeAll('not_sent', failure.code ?? 'not_sent_request_refused', 'error', { detail: failure.message });
    return;
  }
  const data = failure.products !== undefined ? { variant: 'unnamed', products: failure.products, serviceMessage: failure.message } : { serviceMessage: failure.message };
  rows.writeAll('rejected', 'request_rejected', 'error', data);
}

/**
 * Writes one product's outcome onto its source rows: accepted with the marketplace ids, unchanged,
 * rejected or unknown with the service's errors on the cells they concern, or not sent and why.
 */
import { createIssue } from '../core/issue.js';
import type { Issue, IssueCode, IssueStage, Severity } from '../core/issue.js';
import type { RowRef } from '../core/types.js';
import type { SourceColumn } from '../sources/types.js';
import type { SpooledDraft, StateStore } from '../state/index.js';
import { locateServiceErrors } from './locate-service-errors.js';
import type { PreparedRun } from './prepare-run.js';
import type { RowOutcomeStore } from './row-outcome-store.js';
import type { RequestFailure } from './settle-refused-request.js';

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
    blocked: boolean; extraIssues: Issue[] },
): void {
  const draft = spooled.draft;
  const { outcomes } = ctx;
  const skuRowOf = (skuKey: string): number | undefined => {
    const i = draft.skuKeys.indexOf(skuKey);
    return i >= 0 ? draft.skuRows[i]?.row : undefined;
  };
  // An issue of the outcome on one of the product's rows: in the run's issues and on the row.
  const addRowIssue = (ref: RowRef, code: IssueCode, severity: Severity, stage: IssueStage, message: string): void => {
    const issue = createIssue({ code, severity, stage, message, file: ref.file, sheet: ref.sheet, row: ref.row, productKey: spooled.productKey });
    ctx.extraIssues.push(issue);
    outcomes.addIssue(ref.row, issue);
  };
  const jobId = result ? (ctx.jobOf?.(result.batchIndex) ?? null) : null;
  if (result?.status === 'accepted') {
    for (const ref of draft.skuRows) outcomes.setStatus(ref.row, 'accepted');
    for (const ref of draft.rows) outcomes.setIds(ref.row, { productId: result.productId, jobId });
    for (const sku of result.skus) {
      const row = skuRowOf(sku.skuKey);
      if (row !== undefined) outcomes.setIds(row, { skuId: sku.skuId });
    }
    return;
  }
  if (ctx.unchanged.has(spooled.productKey)) {
    const ids = ctx.prep.store.getProductIds(spooled.productKey);
    const status = ctx.settledKeys.has(spooled.productKey) ? 'accepted' : 'unchanged';
    const createdBy = status === 'accepted' ? ctx.createdBy?.get(spooled.productKey) : undefined;
    for (const ref of draft.rows) {
      outcomes.setStatus(ref.row, status);
      if (ids) outcomes.setIds(ref.row, { productId: ids.productId });
      if (createdBy !== undefined) addRowIssue(ref, 'accepted_by_earlier_request', 'warning', 'submit', `accepted: created by ${createdBy}, whose answer was lost; its ids were found on the service, so nothing was sent again`);
    }
    draft.skuRows.forEach((ref, i) => {
      const skuId = ids?.skus.get(draft.skuKeys[i] ?? '');
      if (skuId !== undefined) outcomes.setIds(ref.row, { skuId });
    });
    return;
  }
  if (result?.status === 'rejected' || result?.status === 'unknown') {
    const held = result.status === 'rejected' ? ctx.heldElsewhere?.get(spooled.productKey) : undefined;
    for (const ref of draft.rows) {
      outcomes.setStatus(ref.row, result.status);
      if (jobId !== null) outcomes.setIds(ref.row, { jobId });
      if (held !== undefined) addRowIssue(ref, 'duplicate_held_elsewhere', 'error', 'job', held);
    }
    const issues = locateServiceErrors(result.status, result.errors, draft, { mapping: ctx.prep.mapping, header: ctx.header });
    for (const issue of issues) {
      ctx.extraIssues.push(issue);
      if (issue.row !== undefined) outcomes.addIssue(issue.row, issue);
    }
    return;
  }
  const conflict = ctx.conflicts?.get(spooled.productKey);
  if (conflict !== undefined) {
    for (const ref of draft.rows) {
      outcomes.setStatus(ref.row, 'rejected');
      addRowIssue(ref, 'settle_conflict', 'error', 'submit', conflict);
    }
    return;
  }
  if (ctx.planOnly) return; // --plan: the rows stay `valid`; nothing was meant to be sent
  const failure = ctx.requestFailures.get(spooled.productKey);
  if (failure?.unsettled === true) {
    for (const ref of draft.rows) {
      outcomes.setStatus(ref.row, 'unknown');
      const issue = createIssue({
        code: 'request_unsettled',
        severity: 'error',
        stage: 'submit',
        message: `sent, and the service answered, but its answer could not be read: ${failure.message}. Whether the product was taken is not known; the next run settles it against the catalog (no duplicate is sent)`,
        file: ref.file,
        ...(ref.sheet !== undefined ? { sheet: ref.sheet } : {}),
        row: ref.row,
        productKey: spooled.productKey,
      });
      ctx.extraIssues.push(issue);
      outcomes.addIssue(ref.row, issue);
    }
    return;
  }
  if (failure?.notSent === true) {
    // Refused together with another product's request, or never taken: never judged, so never called rejected.
    for (const ref of draft.rows) {
      outcomes.setStatus(ref.row, 'not_sent');
      addRowIssue(ref, failure.code ?? 'not_sent_request_refused', 'error', 'submit', failure.message);
    }
    return;
  }
  if (failure) {
    const whole = failure.products !== undefined ? ` of ${failure.products} product(s) without naming which product is at fault (nothing of it was imported)` : '';
    for (const ref of draft.rows) {
      outcomes.setStatus(ref.row, 'rejected');
      addRowIssue(ref, 'request_rejected', 'error', 'submit', `the service refused the whole request${whole}: ${failure.message}`);
    }
    return;
  }
  const { blocked } = ctx;
  const notSentMessage = blocked ? 'valid, but not sent because the import was blocked (see the summary)' : 'not sent: the run was interrupted or the request could not be settled; run the same command again to finish';
  for (const ref of draft.rows) {
    outcomes.setStatus(ref.row, 'not_sent');
    addRowIssue(ref, blocked ? 'not_sent_blocked' : 'not_sent_interrupted', blocked ? 'warning' : 'error', 'submit', notSentMessage);
  }
}

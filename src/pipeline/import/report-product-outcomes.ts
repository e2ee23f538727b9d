/**
 * The end of an import before the report: every product's outcome written onto its rows from the
 * journal (accepted with ids and job, unchanged, rejected, unknown, not sent and why), and with
 * `--verify` the accepted products read back and compared, a chunk at a time.
 */
import type { Deps } from '../../core/deps.js';
import type { Issue } from '../../core/issue.js';
import { createCodeLookups } from '../../plan/build-held-item.js';
import type { SourceColumn } from '../../sources/types.js';
import { applyProductOutcome } from './apply-product-outcome.js';
import { PLAN_CHUNK } from './plan-import.js';
import type { PreparedRun } from '../prepare-run.js';
import type { RowOutcomeStore } from '../row-outcome-store.js';
import type { RowStatus } from '../../report/report-types.js';
import type { CatalogClient } from '../../api/create-catalog-client.js';
import { createIssue } from '../../core/issue.js';
import type { ProductDraft, RowRef } from '../../core/types.js';
import type { Mapping } from '../../mapping/mapping-schema.js';
import { fetchHeldProducts } from '../../plan/fetch-held-products.js';
import { planProduct } from '../../plan/build-import-plan.js';
import type { CodeLookups } from '../../plan/build-held-item.js';
import { renderPlanValue } from '../../plan/render-plan.js';

type OutcomeContext = Parameters<typeof applyProductOutcome>[2];

/** How bad a row status is, to keep the worst when several products share a row. */
const STATUS_RANK: Record<RowStatus, number> = { accepted: 0, unchanged: 0, valid: 1, not_sent: 2, invalid: 3, pending: 4, unknown: 4, rejected: 5 };

/** Writes every product's outcome onto its rows (see the file comment). */
export async function reportProductOutcomes(ctx: {
  prep: PreparedRun;
  runId: string;
  header: SourceColumn[];
  outcomes: RowOutcomeStore;
  extraIssues: Issue[];
  outcome: Omit<OutcomeContext, 'outcomes' | 'prep' | 'header' | 'extraIssues' | 'jobOf'>;
  deps: Deps;
}): Promise<void> {
  const { prep, runId, outcomes, extraIssues } = ctx;
  const { store, settings } = prep;
  const finalResults = store.listProductResults(runId);
  const jobIds = new Map(store.listBatches(runId).map((batch) => [batch.index, batch.jobId]));
  const jobOf = (batchIndex: number): string | null => jobIds.get(batchIndex) ?? null;
  const toVerify: ProductDraft[] = [];
  const lookups = createCodeLookups(prep.directories);
  const verifyChunk = async (): Promise<void> => {
    for (const issue of await verifyProducts(prep.service.client, toVerify.splice(0), { mapping: prep.mapping, lookups })) {
      extraIssues.push(issue);
      if (issue.row !== undefined) outcomes.addIssue(issue.row, issue);
    }
  };
  if (settings.verify) ctx.deps.onEvent({ type: 'stage:start', stage: 'verify', detail: 'reading the accepted products back', text: { key: 'stage.verify.start' } });
  // A row can hold the SKUs of several products (`validation.barcode.several: each`): its status
  // is then the worst of theirs, so an accepted copy never hides a refused one.
  const statusInPass = new Map<number, RowStatus>();
  const rowOutcomes: RowOutcomeStore = {
    ...outcomes,
    setStatus(row, status) {
      // A row of a sent product that validation left invalid shares it with a copy that was not sent.
      const earlier = statusInPass.get(row) ?? (outcomes.outcomeOf(row, false)?.status === 'invalid' ? 'invalid' : undefined);
      const kept = earlier !== undefined && STATUS_RANK[earlier] > STATUS_RANK[status] ? earlier : status;
      statusInPass.set(row, kept);
      outcomes.setStatus(row, kept);
    },
  };
  for (const spooled of store.iterateSpooledDrafts(runId)) {
    const result = finalResults.get(spooled.productKey);
    applyProductOutcome(spooled, result, { ...ctx.outcome, outcomes: rowOutcomes, prep, header: ctx.header, extraIssues, jobOf });
    if (settings.verify && result?.status === 'accepted' && result.productId !== null) {
      const skuIds = new Map(result.skus.map((sku) => [sku.skuKey, sku.skuId]));
      const draft = spooled.draft;
      toVerify.push({
        ...draft,
        item: { ...draft.item, productId: result.productId, skus: draft.item.skus.map((sku, i) => ({ ...sku, skuId: skuIds.get(draft.skuKeys[i] ?? '') ?? sku.skuId })) },
      });
      if (toVerify.length >= PLAN_CHUNK) await verifyChunk();
    }
  }
  if (toVerify.length) await verifyChunk();
}

/**
 * Read-back (`--verify`): compares drafts (with the ids the service gave) with what the service holds
 * now, field by field. It is the plan run again: a product whose plan is not `unchanged` did not end
 * up as sent.
 */
export async function verifyProducts(
  client: Pick<CatalogClient, 'getProductDetails'>,
  drafts: readonly ProductDraft[],
  ctx: { mapping: Pick<Mapping, 'blank'>; lookups: CodeLookups },
): Promise<Issue[]> {
  const held = await fetchHeldProducts(client, drafts.map((d) => d.item.productId));
  const issues: Issue[] = [];
  for (const draft of drafts) {
    const planned = planProduct(draft, held, ctx.mapping, ctx.lookups);
    const at = (skuIndex: number | undefined, message: string, path: string): void => {
      const ref: RowRef | undefined = (skuIndex !== undefined ? draft.skuRows[skuIndex] : undefined) ?? draft.rows[0];
      issues.push(
        createIssue({
          code: 'verify_mismatch',
          severity: 'warning',
          stage: 'verify',
          data: { detail: message },
          path,
          file: ref?.file,
          sheet: ref?.sheet,
          row: ref?.row,
          productKey: draft.productKey,
        }),
      );
    };
    if (planned.heldMissing) {
      at(undefined, `product ${draft.item.productId} is not there`, 'productId');
      continue;
    }
    for (const change of planned.changes) {
      at(change.skuIndex, `${change.field} is ${renderPlanValue(change.old)}, sent ${renderPlanValue(change.new)}`, change.field);
    }
  }
  return issues;
}

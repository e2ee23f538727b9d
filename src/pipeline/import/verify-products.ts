/**
 * Read-back (`--verify`): after the jobs finish, reads the accepted products through details and
 * reports every field where what the service holds differs from what was meant to be sent. It is
 * the plan run again: a product whose plan is not `unchanged` did not end up as sent.
 */
import type { CatalogClient } from '../../api/create-catalog-client.js';
import { createIssue } from '../../core/issue.js';
import type { Issue } from '../../core/issue.js';
import type { ProductDraft, RowRef } from '../../core/types.js';
import type { Mapping } from '../../mapping/mapping-schema.js';
import { fetchHeldProducts } from '../../plan/fetch-held-products.js';
import { planProduct } from '../../plan/build-import-plan.js';
import type { CodeLookups } from '../../plan/build-held-item.js';
import { renderPlanValue } from '../../plan/render-plan.js';

/** Compares drafts (with the ids the service gave) with what the service holds now. */
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

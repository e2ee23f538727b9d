/**
 * The plan's findings as issues on the product's rows, so that the run report and the annotated
 * copy show them where the seller looks: a kept or cleared empty field, a productId the service
 * does not know.
 */
import { createIssue } from '../core/issue.js';
import type { Issue, IssueData } from '../core/issue.js';
import type { RowRef } from '../core/types.js';
import type { PlannedProduct } from './plan-types.js';
import { renderPlanValue } from './render-plan.js';

/** Codes of the plan's issues. */
export const PLAN_ISSUE_CODES = ['blank_field_kept', 'blank_field_cleared', 'product_not_on_service'] as const;

/** One of `PLAN_ISSUE_CODES`. */
export type PlanIssueCode = (typeof PLAN_ISSUE_CODES)[number];

/** Issues of one planned product (none for most). */
export function buildPlanIssues(planned: PlannedProduct): Issue[] {
  const { draft } = planned;
  const at = (skuIndex: number | undefined): RowRef | undefined => (skuIndex === undefined ? undefined : draft.skuRows[skuIndex]) ?? draft.rows[0];
  const issue = (code: PlanIssueCode, data: IssueData, ref: RowRef | undefined, value?: string): Issue =>
    createIssue({
      code,
      severity: 'warning',
      stage: 'plan',
      data,
      file: ref?.file,
      sheet: ref?.sheet,
      row: ref?.row,
      value,
      productKey: planned.productKey,
    });
  const issues: Issue[] = [];
  if (planned.heldMissing) {
    issues.push(issue('product_not_on_service', {}, at(undefined), String(planned.productId)));
  }
  for (const blank of planned.blanked) {
    const held = renderPlanValue(blank.held);
    issues.push(
      blank.kept
        ? issue('blank_field_kept', { payloadField: blank.field }, at(blank.skuIndex), held)
        : issue('blank_field_cleared', { payloadField: blank.field, setting: blank.reason ?? 'blank: clear' }, at(blank.skuIndex), held),
    );
  }
  return issues;
}

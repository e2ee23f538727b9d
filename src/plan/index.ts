/** The import plan: what each product would do to the live catalog, before anything is sent. */
export { applyBlankPolicy } from './apply-blank-policy.js';
export type { BlankPolicyResult } from './apply-blank-policy.js';
export { UNKNOWN_ATTRIBUTE_PREFIX, buildHeldItem, createCodeLookups, findHeldSku } from './build-held-item.js';
export type { CodeLookups, HeldItem, HeldSku } from './build-held-item.js';
export { buildImportPlan, createPlanCounts, planProduct } from './build-import-plan.js';
export type { ImportPlanInputs } from './build-import-plan.js';
export { PLAN_ISSUE_CODES, buildPlanIssues } from './build-plan-issues.js';
export type { PlanIssueCode } from './build-plan-issues.js';
export { buildProductChanges } from './build-product-changes.js';
export { createPlanCsvWriter } from './create-plan-csv-writer.js';
export type { PlanCsvWriter } from './create-plan-csv-writer.js';
export { fetchHeldProducts } from './fetch-held-products.js';
export type { BlankedField, FieldChange, ImportPlan, PlanAction, PlanCounts, PlannedProduct } from './plan-types.js';
export { renderPlanSummary, renderPlanValue, renderPlannedProduct } from './render-plan.js';

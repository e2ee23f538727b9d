/**
 * The plan as text: a one-line summary for the start of every import, and one line per change for
 * `--plan`. Pure; the CLI prints.
 */
import type { FieldChange, PlanCounts, PlannedProduct } from './plan-types.js';
import { cutToLength } from '../core/cut-for-message.js';

/** `plan: 2 to create, 3 to update, 95 unchanged (not sent); 1 empty field keeps the service's value`. */
export function renderPlanSummary(counts: PlanCounts): string {
  const parts = [`${counts.create} to create`, `${counts.update} to update`, `${counts.unchanged} unchanged (not sent)`];
  let text = `plan: ${parts.join(', ')}`;
  if (counts.missing > 0) text += `; ${counts.missing} with a productId the service does not know`;
  if (counts.blankKept > 0) text += `; ${counts.blankKept} empty field${counts.blankKept === 1 ? '' : 's'} keep${counts.blankKept === 1 ? 's' : ''} the service's value`;
  if (counts.blankCleared > 0) text += `; ${counts.blankCleared} empty field${counts.blankCleared === 1 ? '' : 's'} will be cleared`;
  return text;
}

/** Lines of one product: `update SM-A1 (1000003)` then `  skus[SM-A1-BLK].price: 99990 → 89990`, and kept or cleared blank fields. */
export function renderPlannedProduct(planned: PlannedProduct): string[] {
  const id = planned.productId === null ? '' : ` (${planned.productId})`;
  const lines = [`${planned.action} ${planned.productKey}${id}${planned.heldMissing ? ': not on the service' : ''}`];
  for (const change of planned.changes) lines.push(`  ${renderChange(change)}`);
  for (const blank of planned.blanked) {
    lines.push(
      blank.kept
        ? `  ${blank.field}: empty in the file, kept as ${renderPlanValue(blank.held)}`
        : `  ${blank.field}: empty in the file, ${renderPlanValue(blank.held)} will be cleared${blank.reason ? ` (${blank.reason})` : ''}`,
    );
  }
  return lines;
}

/** `field: old → new`. */
function renderChange(change: FieldChange): string {
  return `${change.field}: ${renderPlanValue(change.old)} → ${renderPlanValue(change.new)}`;
}

/** A plan value as short text: strings quoted, lists joined, absent as `(none)`, long text cut. */
export function renderPlanValue(value: unknown, max = 80): string {
  if (value === null || value === undefined) return '(none)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : `[${value.map((v) => renderPlanValue(v, max)).join(', ')}]`;
  if (typeof value === 'string') return JSON.stringify(cutToLength(value, max));
  return String(value);
}

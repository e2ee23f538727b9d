/**
 * The plan before sending: for each product to send (ids already filled from the sheet and the
 * local state), what the service holds for it decides the action. No productId: `create`. A
 * productId: the blank policy is applied first, then the outgoing item is compared field by
 * field with the held one; no difference means `unchanged`, and the import does not send it.
 * Pure: the held products are fetched by the caller (`fetchHeldProducts`).
 */
import type { Directories, ProductDetail } from '../domain/index.js';
import type { ProductDraft } from '../core/types.js';
import type { Mapping } from '../mapping/mapping-schema.js';
import { applyBlankPolicy } from './apply-blank-policy.js';
import { buildHeldItem, createCodeLookups } from './build-held-item.js';
import type { CodeLookups } from './build-held-item.js';
import { buildProductChanges } from './build-product-changes.js';
import type { ImportPlan, PlanCounts, PlannedProduct } from './plan-types.js';

/** Inputs of `buildImportPlan`. */
export interface ImportPlanInputs {
  /** The drafts to send, with `productId`/`skuId` filled from the sheet and the local state. */
  drafts: Iterable<ProductDraft>;
  /** What the service holds, by productId (see `fetchHeldProducts`). */
  held: ReadonlyMap<number, ProductDetail>;
  /** The directories, to turn held ids into codes. */
  directories: Pick<Directories, 'attributes' | 'values'>;
  /** The mapping: its `blank` policy decides whether an empty field keeps the held value. */
  mapping: Pick<Mapping, 'blank'>;
  /** Prebuilt lookups, to share them across the chunks of a large file. */
  lookups?: CodeLookups;
  /** Running counts the plan adds to (a plan built chunk by chunk); new when not given. */
  counts?: PlanCounts;
}

/** Plans every draft; see the module comment. */
export function buildImportPlan(inputs: ImportPlanInputs): ImportPlan {
  const lookups = inputs.lookups ?? createCodeLookups(inputs.directories);
  const products: PlannedProduct[] = [];
  const counts = inputs.counts ?? createPlanCounts();
  for (const draft of inputs.drafts) {
    const planned = planProduct(draft, inputs.held, inputs.mapping, lookups);
    addToPlanCounts(counts, planned);
    products.push(planned);
  }
  return { products, counts };
}

/** Plans one draft. */
export function planProduct(draft: ProductDraft, held: ReadonlyMap<number, ProductDetail>, mapping: Pick<Mapping, 'blank'>, lookups: CodeLookups): PlannedProduct {
  const productId = draft.item.productId;
  if (productId === null) return { productKey: draft.productKey, action: 'create', productId: null, changes: [], blanked: [], draft };
  const detail = held.get(productId);
  if (detail === undefined) {
    return { productKey: draft.productKey, action: 'update', productId, changes: [], blanked: [], heldMissing: true, draft };
  }
  const heldItem = buildHeldItem(detail, lookups);
  const { draft: outgoing, blanked } = applyBlankPolicy(draft, heldItem, mapping, lookups);
  const notCompared: string[] = [];
  const changes = buildProductChanges(outgoing.item, heldItem, outgoing.skuKeys, lookups, notCompared);
  return {
    productKey: draft.productKey,
    action: changes.length === 0 ? 'unchanged' : 'update',
    productId,
    changes,
    blanked,
    ...(notCompared.length > 0 ? { notCompared } : {}),
    draft: outgoing,
  };
}

/** Zero counts. */
export function createPlanCounts(): PlanCounts {
  return { create: 0, update: 0, unchanged: 0, missing: 0, blankKept: 0, blankCleared: 0 };
}

function addToPlanCounts(counts: PlanCounts, planned: PlannedProduct): void {
  counts[planned.action] += 1;
  if (planned.heldMissing) counts.missing += 1;
  for (const blank of planned.blanked) {
    if (blank.kept) counts.blankKept += 1;
    else counts.blankCleared += 1;
  }
}

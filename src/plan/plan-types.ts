/**
 * Types of the import plan: what each product of a file would do to the live catalog (create,
 * update, nothing), which fields change from what to what, and which fields the file leaves empty
 * where the service holds a value.
 */
import type { ProductDraft } from '../core/types.js';

/** What sending a product would do. */
export type PlanAction = 'create' | 'update' | 'unchanged';

/**
 * One field that changes. `field` is a dotted path in import terms, with SKUs named by the
 * seller's SKU key: `price` of SKU `SM-A1-BLK` is `skus[SM-A1-BLK].price`, an attribute is
 * `attributes.color`. `old` and `new` are JSON values in import terms (codes, not ids); `null`
 * means absent.
 */
export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
  /** Index into `draft.item.skus` when the field belongs to one SKU. */
  skuIndex?: number;
}

/**
 * A field the file leaves empty while the service holds a value. Under the mapping's `blank`
 * policy `keep` (the default) the held value is sent again (`kept: true`); under `clear`, or when
 * the held value cannot be sent back (an attribute no longer allowed in the product's category, a
 * value missing from the directories), the import clears it (`kept: false`, with `reason`).
 */
export interface BlankedField {
  field: string;
  /** The held value, in import terms. */
  held: unknown;
  kept: boolean;
  /** Why a held value is not kept. */
  reason?: string;
  /** Index into `draft.item.skus` when the field belongs to one SKU. */
  skuIndex?: number;
}

/** The plan for one product. */
export interface PlannedProduct {
  productKey: string;
  action: PlanAction;
  /** Marketplace product id, null for a create. */
  productId: number | null;
  /** Empty for `unchanged`; for `create`, empty too (every field is new). */
  changes: FieldChange[];
  blanked: BlankedField[];
  /** Fields of the file the service's details do not carry: not compared, never a change. */
  notCompared?: string[];
  /** The product has a productId the service does not know (the import will be refused for it). */
  heldMissing?: true;
  /** The draft to send: the input draft with held values filled in for kept blank fields. */
  draft: ProductDraft;
}

/** Products per action, and blank fields kept or cleared. */
export interface PlanCounts {
  create: number;
  update: number;
  unchanged: number;
  /** Products whose productId the service does not know. */
  missing: number;
  /** Blank fields whose held value is sent again. */
  blankKept: number;
  /** Blank fields the import clears. */
  blankCleared: number;
}

/** The plan of a set of products. */
export interface ImportPlan {
  products: PlannedProduct[];
  counts: PlanCounts;
}

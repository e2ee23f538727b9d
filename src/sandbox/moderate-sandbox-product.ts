/**
 * The sandbox's moderation: a product created or changed is decided once its due time has come,
 * rejected for a stop word in either name, else approved.
 */
import type { ModerationEntry, SandboxStoreState } from './sandbox-store-state.js';
import type { StoredProduct } from './types.js';

/** Words that make moderation reject a product (matched case-insensitively in either name). */
const MODERATION_STOP_WORDS: readonly string[] = ['реплика', 'копия', 'подделка', 'replica', 'fake'];

/** Decides the product a moderation entry names, unless a later change has re-queued it. */
export function moderateSandboxProduct(state: SandboxStoreState, entry: ModerationEntry): void {
  const product = state.sellers.get(entry.clientId)?.products.get(entry.productId);
  // A later update re-queued the product with a new due time; this entry is stale.
  if (!product || product.moderationDueAt !== entry.dueAt) return;
  const text = `${product.name.rus} ${product.name.kaz}`.toLowerCase();
  const stopWord = MODERATION_STOP_WORDS.find((word) => text.includes(word));
  decideModeration(product, stopWord);
  state.dirty = true;
}

/** Moderation's decision: rejected for a stop word in the name, else approved. */
function decideModeration(product: StoredProduct, stopWord: string | undefined): void {
  product.moderationDueAt = null;
  if (stopWord) {
    product.productStatus = 'Rejected';
    product.moderationStatus = 'Rejected';
    product.rejectionReason = `the name contains the stop word "${stopWord}"`;
  } else {
    product.productStatus = 'Active';
    product.moderationStatus = 'Approved';
  }
}

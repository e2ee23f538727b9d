/**
 * The products one import request carried, as sent, held from the request's building until its
 * job's results are recorded. A product that went out as spooled is held as the spool's text and
 * parsed only when its draft is asked for (the job's results matched to it, after the poll): the
 * drafts of the ~50 requests taken ahead, in flight or polled are then not objects living through
 * their round trips, which the garbage collector copied from scavenge to scavenge.
 */
import type { ProductDraft } from '../../core/types.js';
import { readSpooledDraft } from '../../state/index.js';

/** The products of one request, in request order. */
export interface SentProducts {
  readonly keys: readonly string[];
  /** Content hashes where the spool's hash holds for the product as sent (else null or absent: hashed when recorded). */
  readonly hashes: readonly (string | null)[];
  /** The drafts as sent, parsed once on the first call where they are held as the spool's text. */
  drafts(): ProductDraft[];
}

/** Holds a request's products: drafts as objects, or a spool text (`readSpooledDraft`) each. */
export function holdSentProducts(products: readonly (ProductDraft | string)[], keys: readonly string[], hashes: readonly (string | null)[] = []): SentProducts {
  let drafts: ProductDraft[] | undefined;
  return {
    keys,
    hashes,
    drafts: () => (drafts ??= products.map((product) => (typeof product === 'string' ? readSpooledDraft(product) : product))),
  };
}

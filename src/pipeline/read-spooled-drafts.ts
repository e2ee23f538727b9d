/** The drafts of products in a run's spool. */
import { ConfigError } from '../core/errors.js';
import type { ProductDraft } from '../core/types.js';
import type { StateStore } from '../state/index.js';

/** The spooled drafts of `keys`, in their order; a key without a draft stops the run (the spool no longer matches the journal). */
export function readSpooledDrafts(store: Pick<StateStore, 'getSpooledProduct'>, runId: string, keys: readonly string[]): ProductDraft[] {
  return keys.map((key) => {
    const spooled = store.getSpooledProduct(runId, key);
    if (!spooled?.draft) throw new ConfigError(`the run's spool lacks product ${key}; start a new run with --fresh`);
    return spooled.draft;
  });
}

/**
 * The requests of an import, built lazily in plan order, each with its body serialized once and
 * its plan for the journal (written with its `sending` mark, one commit per wave). The plan keeps the spool's order, so the drafts
 * are read by walking the spool a page at a time rather than by one lookup per product.
 */
import { ConfigError } from '../../core/errors.js';
import type { ProductDraft } from '../../core/types.js';
import { hashRequest } from '../../state/content-hash.js';
import type { StateStore } from '../../state/index.js';
import { buildBatches } from '../../stages/build-batches.js';
import type { SubmitTask } from './submit-batches.js';

type Entry = { productKey: string; draft: ProductDraft; contentHash: string | null };

const NO_IDS: ReturnType<StateStore['getProductIdsMany']> = new Map();

/** Yields the import requests for `keys` (in spool order), cut by `buildBatches`. */
export function buildImportTasks(ctx: {
  store: StateStore;
  runId: string;
  batchSize: number;
  /** The products to send, in plan (= spool) order. */
  keys: readonly string[];
  /** Drafts the blank policy changed; the others are rebuilt from the spool with the ids the state knows. */
  outgoing: ReadonlyMap<string, ProductDraft>;
  /** Told of each request built: the drafts as sent and their content hashes (null: hashed when recorded). */
  onTask: (index: number, sent: { drafts: ProductDraft[]; hashes: (string | null)[] }) => void;
  /** The journal index of the next request (shared with requests built elsewhere in the run, e.g. a refused request's remainder). */
  allocateIndex?: () => number;
  /**
   * Whether the state may know ids for a product (the plan read them): a request none of whose
   * products has any is built without asking the state again (a first import asks nothing).
   */
  mayHaveIds?: (productKey: string) => boolean;
}): Generator<SubmitTask> {
  const { store, runId, keys } = ctx;
  let nextIndex = ctx.allocateIndex ? 0 : findNextBatchIndex(store, runId);
  const allocate = ctx.allocateIndex ?? ((): number => nextIndex++);
  const wanted = new Set(keys);
  const build = (slice: Entry[]): SubmitTask => {
    const productKeys = slice.map((entry) => entry.productKey);
    const known = ctx.mayHaveIds === undefined || productKeys.some(ctx.mayHaveIds) ? store.getProductIdsMany(productKeys) : NO_IDS;
    const drafts: ProductDraft[] = [];
    const hashes: (string | null)[] = [];
    for (const entry of slice) {
      const changed = ctx.outgoing.get(entry.productKey);
      drafts.push(changed ?? withKnownIds(entry.draft, known.get(entry.productKey)));
      hashes.push(changed ? null : entry.contentHash);
    }
    const task = buildImportTask(allocate(), drafts);
    ctx.onTask(task.index, { drafts, hashes });
    return task;
  };
  return (function* () {
    let position = 0;
    const planned = (function* (): Generator<Entry> {
      for (const spooled of store.iterateSpooledDrafts(runId)) {
        if (!wanted.has(spooled.productKey)) continue;
        if (spooled.productKey !== keys[position]) {
          throw new ConfigError(`the run's spool changed since the plan (product ${spooled.productKey}); start a new run with --fresh`);
        }
        position += 1;
        yield { productKey: spooled.productKey, draft: spooled.draft, contentHash: spooled.contentHash };
      }
    })();
    for (const slice of buildBatches(planned, ctx.batchSize)) yield build(slice);
    if (position !== keys.length) throw new ConfigError(`the run's spool lacks ${keys.length - position} product(s) of the plan; start a new run with --fresh`);
  })();
}

/** The journal index after the run's last request. */
export function findNextBatchIndex(store: Pick<StateStore, 'listBatches'>, runId: string): number {
  return store.listBatches(runId).reduce((max, b) => Math.max(max, b.index + 1), 0);
}

/**
 * One request of `drafts` (as sent) under journal index `index`, its body serialized once. Its
 * plan is written to the journal with its `sending` mark, in the commit of its wave.
 */
export function buildImportTask(index: number, drafts: readonly ProductDraft[]): SubmitTask {
  const items = drafts.map((d) => d.item);
  const body = JSON.stringify({ products: items });
  return { index, items, body, plan: { index, productKeys: drafts.map((d) => d.productKey), requestHash: hashRequest(body) } };
}

/** The draft with the marketplace ids the state remembers for its keys (ids given in the sheet win). */
export function withKnownIds(draft: ProductDraft, ids: { productId: number; skus: Map<string, number> } | undefined): ProductDraft {
  if (!ids) return draft;
  return {
    ...draft,
    item: {
      ...draft.item,
      productId: draft.item.productId ?? ids.productId,
      skus: draft.item.skus.map((sku, i) => ({ ...sku, skuId: sku.skuId ?? ids.skus.get(draft.skuKeys[i] ?? '') ?? null })),
    },
  };
}

/**
 * The import's plan: every product of the spool not finally settled, with the ids the state knows,
 * compared with what the service holds for it (details of the known ids, a chunk of products at a
 * time). Unchanged products are not sent; an empty field over a held value keeps the held value
 * unless the mapping says `clear`.
 */
import { ConfigError } from '../../core/errors.js';
import type { ProductDraft } from '../../core/types.js';
import { buildImportPlan, createPlanCounts } from '../../plan/build-import-plan.js';
import { createCodeLookups } from '../../plan/build-held-item.js';
import { fetchHeldProducts } from '../../plan/fetch-held-products.js';
import type { PlanCounts, PlannedProduct } from '../../plan/plan-types.js';
import { withKnownIds } from './build-import-tasks.js';
import type { JournalRun } from '../prepare-run.js';
import type { StateStore } from '../../state/index.js';

/** Products planned per round of details requests. */
export const PLAN_CHUNK = 120;

/** What the plan leaves to sending. */
export interface ImportPlan {
  counts: PlanCounts;
  /** Keys to send, in plan (= spool) order. */
  sendKeys: string[];
  /** Products the state knew ids for when they were planned: only their requests look ids up again. */
  keysWithIds: Set<string>;
}

/** The spooled drafts of `keys`, in their order; a key without a draft stops the run (the spool no longer matches the journal). */
function readSpooledDrafts(store: Pick<StateStore, 'getSpooledProduct'>, runId: string, keys: readonly string[]): ProductDraft[] {
  return keys.map((key) => {
    const spooled = store.getSpooledProduct(runId, key);
    if (!spooled?.draft) throw new ConfigError(`the run's spool lacks product ${key}; start a new run with --fresh`);
    return spooled.draft;
  });
}

/**
 * Plans the run's products; `only` restricts it to those (a second round in the same run).
 * Unchanged products go to `unchanged`, every planned product to `onPlanned`, and drafts the blank
 * policy changed to `outgoing` (the others are rebuilt from the spool when sent).
 */
export async function planImport(
  ctx: { prep: JournalRun; runId: string; /** Products never sent in this run: split over several service products, or in another run's job still running. */ conflicts: { has(key: string): boolean } },
  sink: { unchanged: Set<string>; onPlanned: (planned: PlannedProduct) => Promise<void>; outgoing: Map<string, ProductDraft> },
  only?: ReadonlySet<string>,
): Promise<ImportPlan> {
  const { prep, runId } = ctx;
  const { store, settings } = prep;
  const results = store.listProductResults(runId);
  const keys: string[] = [];
  // `changedOnly` compares each product's hash with the one last sent: kept from this walk, not read back again.
  const contentHashes = settings.changedOnly ? new Map<string, string | null>() : undefined;
  for (const spooled of store.iterateSpooledProducts(runId)) {
    if (!spooled.draft) continue;
    const result = results.get(spooled.productKey);
    // A second round (`only`) plans products the first one finished: those whose refusal healed.
    if (only ? !only.has(spooled.productKey) : result && result.status !== 'unknown') continue;
    if (ctx.conflicts.has(spooled.productKey)) continue;
    keys.push(spooled.productKey);
    contentHashes?.set(spooled.productKey, spooled.contentHash);
  }
  // Ids the state knows (also those learnt moments ago by settling).
  const known = store.getProductIdsMany(keys);
  const counts = createPlanCounts();
  const lookups = createCodeLookups(prep.directories);
  const sendKeys: string[] = [];
  const candidates: string[] = [];
  for (const key of keys) {
    const ids = known.get(key);
    if (ids?.contentHash && contentHashes?.get(key) === ids.contentHash) {
      sink.unchanged.add(key);
      counts.unchanged += 1;
      continue;
    }
    candidates.push(key);
  }
  for (let start = 0; start < candidates.length; start += PLAN_CHUNK) {
    const drafts = readSpooledDrafts(store, runId, candidates.slice(start, start + PLAN_CHUNK)).map((draft) => withKnownIds(draft, known.get(draft.productKey)));
    const held = await fetchHeldProducts(prep.service.client, drafts.map((d) => d.item.productId));
    for (const planned of buildImportPlan({ drafts, held, directories: prep.directories, mapping: prep.mapping, lookups, counts }).products) {
      await sink.onPlanned(planned);
      if (planned.action === 'unchanged') {
        sink.unchanged.add(planned.productKey);
        continue;
      }
      sendKeys.push(planned.productKey);
      // Only drafts the blank policy changed are kept; the others are rebuilt from the spool.
      if (planned.blanked.length > 0) sink.outgoing.set(planned.productKey, planned.draft);
    }
  }
  return { counts, sendKeys, keysWithIds: new Set(known.keys()) };
}

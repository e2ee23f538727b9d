/**
 * The sandbox's time-driven changes, computed from the clock whenever the state is looked at:
 * jobs whose delay has passed are run and moderation whose due time has come is decided, each in
 * queue order, so no timers are needed and a fake clock drives everything. Moderation rejects a
 * product for a stop word in either name, else approves it.
 */
import { runSandboxJob } from './run-sandbox-job.js';
import type { JobRunContext } from './run-sandbox-job.js';
import type { ModerationEntry, SandboxStoreState } from './sandbox-store-state.js';
import type { StoredJob } from './types.js';

/** Runs the jobs due by `nowMs` (each as of its due time) and decides the moderation due by then. */
export function advanceSandboxState(state: SandboxStoreState, nowMs: number, jobDelayMs: number, context: JobRunContext): void {
  while (state.pendingJobs.length > 0) {
    const job = state.pendingJobs[0] as StoredJob;
    const dueMs = Date.parse(job.queuedAt) + jobDelayMs;
    if (dueMs > nowMs) break;
    state.pendingJobs.shift();
    runSandboxJob(state, job, new Date(dueMs), context);
  }
  while (state.moderationHead < state.moderationQueue.length) {
    const entry = state.moderationQueue[state.moderationHead] as ModerationEntry;
    if (Date.parse(entry.dueAt) > nowMs) break;
    moderateSandboxProduct(state, entry);
    state.moderationHead++;
  }
  // Drop decided entries now and then rather than on every call: slicing a long queue per request is quadratic.
  if (state.moderationHead > 1024 && state.moderationHead * 2 > state.moderationQueue.length) {
    state.moderationQueue = state.moderationQueue.slice(state.moderationHead);
    state.moderationHead = 0;
  }
}

/** Runs every pending job now, as of `at`. */
export function settleSandboxJobs(state: SandboxStoreState, at: Date, context: JobRunContext): void {
  while (state.pendingJobs.length > 0) runSandboxJob(state, state.pendingJobs.shift() as StoredJob, at, context);
}

/** Decides every pending moderation now. */
export function settleSandboxModeration(state: SandboxStoreState): void {
  for (const entry of state.moderationQueue.slice(state.moderationHead)) moderateSandboxProduct(state, entry);
  state.moderationQueue = [];
  state.moderationHead = 0;
}

/** Words that make moderation reject a product (matched case-insensitively in either name). */
const MODERATION_STOP_WORDS: readonly string[] = ['реплика', 'копия', 'подделка', 'replica', 'fake'];

/** Decides the product a moderation entry names, unless a later change has re-queued it. */
function moderateSandboxProduct(state: SandboxStoreState, entry: ModerationEntry): void {
  const product = state.sellers.get(entry.clientId)?.products.get(entry.productId);
  // A later update re-queued the product with a new due time; this entry is stale.
  if (!product || product.moderationDueAt !== entry.dueAt) return;
  const text = `${product.name.rus} ${product.name.kaz}`.toLowerCase();
  const stopWord = MODERATION_STOP_WORDS.find((word) => text.includes(word));
  product.moderationDueAt = null;
  if (stopWord) {
    product.productStatus = 'Rejected';
    product.moderationStatus = 'Rejected';
    product.rejectionReason = `the name contains the stop word "${stopWord}"`;
  } else {
    product.productStatus = 'Active';
    product.moderationStatus = 'Approved';
  }
  state.dirty = true;
}

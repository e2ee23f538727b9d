/**
 * The sandbox's state: products per seller (with a barcode index per seller), import jobs, id
 * counters and moderation, behind the operations the routes use. Every operation first brings the
 * state up to the injected clock (`advance-sandbox-state.ts`); running a job and moderating a
 * product are steps of their own (`run-sandbox-job.ts`, and moderation in `advance-sandbox-state.ts`),
 * given the state object (`sandbox-store-state.ts`).
 */
import { advanceSandboxState, settleSandboxJobs, settleSandboxModeration } from './advance-sandbox-state.js';
import type { ReferenceIndex } from './create-reference-index.js';
import type { JobRunContext } from './run-sandbox-job.js';
import { createSandboxStoreState } from './sandbox-store-state.js';
import { SANDBOX_REQUIRED_FIELDS } from './types.js';
import type { SandboxCredential, SandboxRequirableField, StoreSnapshot, StoredJob, StoredProduct, WireJobProductResult as JobProductResult } from './types.js';


/** Job states. */
type JobState = 'Queued' | 'Processing' | 'Done';

/** The job status as the info endpoint serves it. */
export interface JobView {
  jobId: number;
  status: JobState;
  queuedAt: string;
  finishedAt: string | null;
  receivedItems: number;
  successCount: number;
  failedCount: number;
  products: JobProductResult[];
}

/** Options of the store. */
interface StoreOptions {
  now: () => Date;
  jobDelayMs: number;
  moderationDelayMs: number;
  credentials: SandboxCredential[];
  getIndex: () => ReferenceIndex;
  /** Import fields refused when missing (default: the barcode). */
  requiredFields?: readonly SandboxRequirableField[] | undefined;
}

/** The store's operations. */
export interface SandboxStore {
  enqueueJob(clientId: string, items: unknown[]): StoredJob;
  /** The job of this seller, brought up to date, or undefined. */
  viewJob(clientId: string, jobId: number): JobView | undefined;
  /** Runs due jobs and decides due moderation (nothing while paused). */
  advance(): void;
  /**
   * Holds the state still (no job runs, no moderation is decided) until the returned function is
   * called: a state file written a part at a time then holds no job Done whose products it lacks.
   */
  pause(): () => void;
  /** Runs every pending job now. */
  settleJobs(): void;
  /** Decides every pending moderation now. */
  settleModeration(): void;
  /** The seller's products (live objects, do not change them), brought up to date. */
  sellerProducts(clientId: string): StoredProduct[];
  /** One product of a seller, brought up to date. */
  findProduct(clientId: string, productId: number): StoredProduct | undefined;
  /** Every product of every seller, brought up to date. */
  allProducts(): StoredProduct[];
  /** True when something changed since the last `markSaved`. */
  isDirty(): boolean;
  markSaved(): void;
  toSnapshot(): StoreSnapshot;
  /** The id counters as of now. */
  readCounters(): StoreSnapshot['counters'];
}

/** Creates the store, optionally from a snapshot loaded from the state file. */
export function createSandboxStore(options: StoreOptions, snapshot?: StoreSnapshot): SandboxStore {
  const state = createSandboxStoreState(snapshot);
  const context: JobRunContext = {
    getIndex: options.getIndex,
    shopsByClient: new Map(options.credentials.map((c) => [c.clientId, new Set(c.shopIds)])),
    requiredFields: new Set(options.requiredFields ?? SANDBOX_REQUIRED_FIELDS),
    moderationDelayMs: options.moderationDelayMs,
  };
  let pauses = 0;
  const advance = (): void => {
    // A job that ran now would make products after the paused writer took its list of them.
    if (pauses === 0) advanceSandboxState(state, options.now().getTime(), options.jobDelayMs, context);
  };
  const everyProduct = (): StoredProduct[] => [...state.sellers.values()].flatMap((s) => [...s.products.values()]);

  return {
    enqueueJob(clientId, items) {
      advance();
      const job: StoredJob = {
        jobId: state.counters.nextJobId++,
        clientId,
        queuedAt: options.now().toISOString(),
        receivedItems: items.length,
        items,
        finishedAt: null,
        results: null,
      };
      state.jobs.set(job.jobId, job);
      state.pendingJobs.push(job);
      state.dirty = true;
      return job;
    },
    viewJob(clientId, jobId) {
      advance();
      const job = state.jobs.get(jobId);
      if (!job || job.clientId !== clientId) return undefined;
      return buildJobView(job, options.now(), options.jobDelayMs);
    },
    advance,
    pause() {
      pauses++;
      let released = false;
      return () => {
        if (!released) pauses--;
        released = true;
      };
    },
    settleJobs() {
      advance();
      settleSandboxJobs(state, options.now(), context);
    },
    settleModeration() {
      advance();
      settleSandboxModeration(state);
    },
    sellerProducts(clientId) {
      advance();
      return [...(state.sellers.get(clientId)?.products.values() ?? [])];
    },
    findProduct(clientId, productId) {
      advance();
      return state.sellers.get(clientId)?.products.get(productId);
    },
    allProducts() {
      advance();
      return everyProduct();
    },
    isDirty: () => state.dirty,
    markSaved() {
      state.dirty = false;
    },
    toSnapshot() {
      return { version: 1, counters: { ...state.counters }, products: everyProduct(), jobs: [...state.jobs.values()] };
    },
    readCounters: () => ({ ...state.counters }),
  };
}

/** A job as the info endpoint shows it: Queued for the first half of its delay, then Processing, then Done. */
function buildJobView(job: StoredJob, now: Date, jobDelayMs: number): JobView {
  const results = job.results ?? [];
  let status: JobState = 'Done';
  if (job.results === null) {
    const elapsed = now.getTime() - Date.parse(job.queuedAt);
    status = elapsed >= jobDelayMs / 2 ? 'Processing' : 'Queued';
  }
  return {
    jobId: job.jobId,
    status,
    queuedAt: job.queuedAt,
    finishedAt: job.finishedAt,
    receivedItems: job.receivedItems,
    successCount: results.filter((r) => r.status === 'Success').length,
    failedCount: results.filter((r) => r.status === 'Failed').length,
    products: results,
  };
}

/**
 * Types of the sandbox: its options, its handle, scripted faults, and what it stores. The public
 * ones are re-exported from `start-sandbox.ts`, which other modules import.
 */
import type { SandboxDialect, SandboxDialectSpec } from './dialects/dialect-types.js';
import type { ImportItem, ImportSku, JobProductResult, PathName } from '../domain/index.js';
import type { ReferenceData } from './reference-data.js';

/**
 * A job's result for one product as the sandbox writes it, in the shape of the interface
 * (`shared/seed/seller-catalog-api.md`): the client's `JobProductResult` before it reads what the
 * status means. The client reads answers by meaning (`read-job-status.ts`), never with this type.
 */
export type WireJobProductResult = Omit<JobProductResult, 'meaning'>;

/** A seller's API key and the shops it may import into. */
export interface SandboxCredential {
  clientId: string;
  clientSecret: string;
  shopIds: number[];
}

/** A scripted fault, for tests. Rules are consumed in order: the first matching rule with `times` left applies. */
export interface FaultRule {
  /** Request path prefix to match (default: any). */
  path?: string;
  /** HTTP method to match (default: any). */
  method?: string;
  /** How many matching requests it applies to. */
  times: number;
  /** What happens to a matching request. */
  action: FaultAction;
}

/**
 * What a scripted fault does. `dropAfterHandling` is a sandbox extension: the request is handled
 * (an import is queued) and then the connection is destroyed, as when a response is lost.
 */
type FaultAction =
  | { status: 429; retryAfterSeconds?: number }
  | { status: 500 | 502 | 503 | 504 }
  | { drop: true }
  | { dropAfterHandling: true }
  | { delayMs: number }
  | { status: 400 | 401 | 403 | 404; body?: unknown }
  // A scripted answer: a service that says something the client does not expect (an unknown status word).
  | { status: 200; body: unknown };

/** Fault knobs; all can be changed at runtime with `setFaults`. */
export interface SandboxFaults {
  /** Added to every response (default 0). */
  latencyMs: number;
  /** Token bucket; over it the sandbox answers 429 with `Retry-After` (whole seconds ≥ 1). */
  rateLimit: { requests: number; perSeconds: number } | null;
  /** 0..1, share of requests answered 503 at random (seeded PRNG). */
  failureRate: number;
  /** 0..1, share of requests whose connection is dropped at random. */
  dropRate: number;
  /** The next N job-status requests answer 503. */
  jobStatusFailures: number;
  /** Scripted faults, consumed in order. */
  script: FaultRule[];
}

/** An import field whose being required is a choice of the service. */
export type SandboxRequirableField = 'barcode' | 'description' | 'photos';

/** Fields the sandbox requires unless told otherwise. */
export const SANDBOX_REQUIRED_FIELDS: readonly SandboxRequirableField[] = ['barcode'];

/** Options of `startSandbox`. */
export interface SandboxOptions {
  /**
   * Which dialect to speak (docs/sandbox.md#dialects): one of the four, or structural ones joined
   * by `+` (`cursor+translations`); default `interface`. An unknown name rejects with `ConfigError`.
   * A test may also hand a dialect of its own (a `SandboxDialect`, e.g. one composed and renamed),
   * to play a service whose spelling the client has no alias for.
   */
  dialect?: SandboxDialectSpec | SandboxDialect;
  /** Default 0 (a free port); the CLI uses 8080. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Sellers; default `sandbox-seller`/`sandbox-secret-1` (shop 1001) and `sandbox-seller-2`/`sandbox-secret-2` (shop 2001). */
  credentials?: SandboxCredential[];
  /** Token lifetime, default 3600. */
  tokenTtlSeconds?: number;
  /** Time from queued to done for an import job, default 300 (processing starts half-way). */
  jobDelayMs?: number;
  /** Time moderation takes to decide after a product is created or changed, default 2000. */
  moderationDelayMs?: number;
  /** JSON file holding products, jobs and id counters; loaded at start if present, written atomically. */
  stateFile?: string | null;
  /** Seed of the PRNG for random faults, default 1. */
  seed?: number;
  /** Initial fault knobs. */
  faults?: Partial<SandboxFaults>;
  /** Clock for token expiry, queue times, job and moderation transitions, rate limiting (default: real clock). */
  now?: () => Date;
  /** Path overrides, to imitate a service whose paths differ from the interface's defaults. */
  paths?: Partial<Record<PathName, string>>;
  /**
   * Import fields the sandbox refuses a product without, among barcode, description (Russian) and
   * photos; default `['barcode']`. `[]` imitates a service where the barcode is optional.
   */
  requiredFields?: readonly SandboxRequirableField[] | undefined;
  /** How often the state file is written while running, in ms (default 1000); it is always written on close. */
  persistIntervalMs?: number;
}

/** A running sandbox. */
export interface SandboxHandle {
  /** Base URL without trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  credentials: SandboxCredential[];
  /** Stops the server, closes open sockets, writes the state file. */
  close(): Promise<void>;
  /** Changes fault knobs (merged into the current ones; `script` replaces the current script). */
  setFaults(faults: Partial<SandboxFaults>): void;
  /** Every token issued so far becomes expired. */
  expireTokens(): void;
  /** Request counters since start or the last `resetStats`. */
  stats(): SandboxStats;
  resetStats(): void;
  /** The live reference data. Change it through `mutateReference` so that lookups are rebuilt. */
  reference: ReferenceData;
  /** Changes the directories at runtime. */
  mutateReference(fn: (data: ReferenceData) => void): void;
  /** A copy of the stored products (default: of all sellers), with moderation brought up to date. */
  products(clientId?: string): StoredProduct[];
  /** Finishes every pending job now (without waiting for `jobDelayMs`), or as soon as a state-file write under way ends. */
  settleJobs(): Promise<void>;
  /** Decides moderation of every pending product now (sandbox extension). */
  settleModeration(): void;
}

/** Request counters. */
export interface SandboxStats {
  /** Every request received, faulty answers included. */
  requests: number;
  /** Requests per route name (`token`, `categories`, …, `import`, `importInfo`, `list`, `details`, `unknown`). */
  byRoute: Record<string, number>;
  /** Most requests being handled at the same time. */
  maxInFlight: number;
  /** Import requests accepted (202). */
  importRequests: number;
  /** Products received in accepted import requests. */
  importedProducts: number;
}

/** `productStatus` values. */
type ProductStatus = 'OnModeration' | 'Active' | 'Rejected';
/** `moderationStatus` values. */
type ModerationStatus = 'Pending' | 'Approved' | 'Rejected';

/** A stored SKU, in import terms (codes, `barcode`, `mediaFile`). */
export interface StoredSku extends Omit<ImportSku, 'skuId' | 'barcode'> {
  skuId: number;
  barcode: string;
}

/** A stored product, in import terms, with its owner and statuses. */
export interface StoredProduct extends Omit<ImportItem, 'productId' | 'skus'> {
  productId: number;
  /** The seller that owns it. */
  clientId: string;
  skus: StoredSku[];
  productStatus: ProductStatus;
  moderationStatus: ModerationStatus;
  /** Why moderation rejected it, when it did. */
  rejectionReason: string | null;
  /** ISO time moderation will decide; null once decided. */
  moderationDueAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A stored import job. `items` is kept only until the job has run. */
export interface StoredJob {
  jobId: number;
  clientId: string;
  queuedAt: string;
  receivedItems: number;
  items: unknown[] | null;
  finishedAt: string | null;
  results: WireJobProductResult[] | null;
}

/** Everything the state file holds. */
export interface StoreSnapshot {
  version: 1;
  counters: { nextProductId: number; nextSkuId: number; nextJobId: number };
  products: StoredProduct[];
  jobs: StoredJob[];
}

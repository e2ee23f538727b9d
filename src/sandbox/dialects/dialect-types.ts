/**
 * A dialect of the sandbox: one set of choices for the parts the interface leaves silent (record
 * shapes and paging of the directories, job-status words, error bodies, the size of ids). The
 * sandbox's logic is the same in every dialect; only these writers differ. `docs/sandbox.md`
 * lists each dialect's choices.
 */
import type { DirectoryName } from '../../domain/index.js';
import type { SandboxErrorBody } from '../build-error-body.js';
import type { ReferenceIndex } from '../create-reference-index.js';
import type { JobView } from '../create-sandbox-store.js';

/** Names of the dialects. */
export const SANDBOX_DIALECT_NAMES = ['interface', 'documented', 'pascal', 'tree'] as const;

/** A dialect's name. */
export type SandboxDialectName = (typeof SANDBOX_DIALECT_NAMES)[number];

/** The page asked for, already capped to the dialect's largest page. */
export interface DialectPaging {
  pageNumber: number;
  pageSize: number;
}

/** What an import acceptance says, before the dialect writes it. */
export interface AcceptedImport {
  jobId: number;
  receivedItems: number;
  queuedAt: string;
  /** Absolute URL of the job-status path, without the query. */
  infoPath: string;
}

/** A product list page, before the dialect writes it. */
export interface ListPage {
  products: Record<string, unknown>[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  totalPages: number;
}

/** One dialect: a table of small writers. */
export interface SandboxDialect {
  name: SandboxDialectName;
  /** One line for `sandbox --help` and the docs. */
  summary: string;
  /** Largest page served; a larger page size asked for is silently capped to it. */
  maxPageSize: number;
  /** One page of a directory. */
  directory(name: DirectoryName, index: ReferenceIndex, paging: DialectPaging, query: URLSearchParams): unknown;
  /** The answer to an accepted import. */
  importAccepted(accepted: AcceptedImport): unknown;
  /** The sandbox's job id from the id the client sends back; undefined when it is not one of ours. */
  readJobId(text: string): number | undefined;
  /** A job status answer. */
  job(view: JobView): unknown;
  /** A product list page. */
  list(page: ListPage): unknown;
  /** A details answer. */
  details(products: Record<string, unknown>[]): unknown;
  /** An error answer. */
  error(body: SandboxErrorBody): { body: unknown; contentType?: string };
}

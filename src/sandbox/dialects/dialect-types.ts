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

/** Names of the dialects the client reads today; the tests of `test/dialects/` run every one. */
export const SANDBOX_DIALECT_NAMES = ['interface', 'documented', 'pascal', 'tree'] as const;

/** A dialect's name. */
export type SandboxDialectName = (typeof SANDBOX_DIALECT_NAMES)[number];

/**
 * Dialects that differ in structure, not spelling (issue 37), one concept each, built on the
 * interface dialect and composable with `+` (`cursor+translations`). Kept out of
 * `SANDBOX_DIALECT_NAMES` until the client reads them.
 */
export const STRUCTURAL_DIALECT_NAMES = ['cursor', 'translations', 'job-links', 'jsonapi', 'attribute-scope', 'partial-status'] as const;

/** A structural dialect's name. */
export type StructuralDialectName = (typeof STRUCTURAL_DIALECT_NAMES)[number];

/** A dialect as `startSandbox` takes it: a name, or structural names joined by `+`. */
export type SandboxDialectSpec = SandboxDialectName | StructuralDialectName | `${StructuralDialectName}+${string}`;

/**
 * Whether `text` names a dialect (one of the four, or structural names joined by `+`), checked
 * without loading any dialect: for a flag or a setting read before the sandbox starts.
 */
export function checkSandboxDialectSpec(text: string): text is SandboxDialectSpec {
  const spec = text.trim();
  if ((SANDBOX_DIALECT_NAMES as readonly string[]).includes(spec)) return true;
  const words = spec.split('+').map((word) => word.trim());
  return words.length > 0 && words.every((word) => (STRUCTURAL_DIALECT_NAMES as readonly string[]).includes(word));
}

/** What a dialect flag or setting may say, for its message. */
export const SANDBOX_DIALECT_SPEC_HINT = `one of ${SANDBOX_DIALECT_NAMES.join(', ')}, or of ${STRUCTURAL_DIALECT_NAMES.join(', ')} joined by +`;

/** Where a request came from, for the links a dialect writes. */
export interface DialectRequest {
  /** Absolute URL of the request's path, without the query. */
  url: string;
  query: URLSearchParams;
  body: unknown;
}

const DIALECT_ANSWER = Symbol('dialect answer');

/** An answer with headers (a `Link`, a `Location`) or a status of its own; a writer may return one instead of a bare body. */
export interface DialectAnswer {
  readonly [DIALECT_ANSWER]: true;
  status?: number;
  body: unknown;
  headers: Record<string, string>;
}

/** Wraps a body with headers and, optionally, a status. */
export function answerWith(body: unknown, headers: Record<string, string>, status?: number): DialectAnswer {
  return { [DIALECT_ANSWER]: true, body, headers, ...(status === undefined ? {} : { status }) };
}

/** True for a writer's result made by `answerWith`. */
export function isDialectAnswer(value: unknown): value is DialectAnswer {
  return typeof value === 'object' && value !== null && DIALECT_ANSWER in value;
}

/** The page asked for, already capped to the dialect's largest page. */
export interface DialectPaging {
  pageNumber: number;
  pageSize: number;
}

/** What an import acceptance says, before the dialect writes it. */
interface AcceptedImport {
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
  /** `limit` products of the whole filtered, sorted list from `offset` (for paging by cursor). */
  sliceAt(offset: number, limit: number): Record<string, unknown>[];
}

/** One dialect: a table of small writers. */
export interface SandboxDialect {
  /** The name it is chosen by (`cursor+translations` for a composed one). */
  name: string;
  /** One line for `sandbox --help` and the docs. */
  summary: string;
  /** Largest page served; a larger page size asked for is silently capped to it. */
  maxPageSize: number;
  /** One page of a directory (a body, or `answerWith` one and headers). */
  directory(name: DirectoryName, index: ReferenceIndex, paging: DialectPaging, query: URLSearchParams, request: DialectRequest): unknown;
  /** The answer to an accepted import (a body, or `answerWith` one and headers). */
  importAccepted(accepted: AcceptedImport): unknown;
  /** Where the job status is served instead of the configured path, which then answers 404. */
  jobPath?: string;
  /** An imported product as the job checks it, from the dialect's shape (e.g. translation lists back to `{rus, kaz}`). */
  readImportItem?(raw: unknown): unknown;
  /** The sandbox's job id from the id the client sends back; undefined when it is not one of ours. */
  readJobId(text: string): number | undefined;
  /** A job status answer. */
  job(view: JobView): unknown;
  /** A product list page (a body, or `answerWith` one and headers). */
  list(page: ListPage, request: DialectRequest): unknown;
  /** A details answer. */
  details(products: Record<string, unknown>[]): unknown;
  /** An error answer. */
  error(body: SandboxErrorBody): { body: unknown; contentType?: string };
}

/** How a structural dialect pages directories and the product list (the interface: page numbers). */
export interface DialectPager {
  /** Largest page served; a larger page size asked for is capped to it. */
  maxPageSize: number;
  /** One page of a directory's records; `scope` names the list walked (directory and filter). */
  directory(records: readonly unknown[], paging: DialectPaging, request: DialectRequest, scope: string): unknown;
  /** One page of the product list. */
  list(page: ListPage, request: DialectRequest): unknown;
}

/**
 * One structural concept, as the part of the interface dialect it rewrites. The parts do not
 * overlap, so any set of them composes (`compose-dialect.ts`).
 */
export interface DialectTrait {
  name: StructuralDialectName;
  /** One line for the docs. */
  summary: string;
  /** A directory's records in its own shape; undefined leaves the interface's. */
  records?(name: DirectoryName, index: ReferenceIndex, query: URLSearchParams): readonly unknown[] | undefined;
  /** Pages in its own way. */
  pager?: DialectPager;
  /** Rewrites every directory, list and details body after paging (texts in another shape). */
  rewriteBody?(body: unknown): unknown;
  /** Writers it replaces outright. */
  writers?: Partial<Pick<SandboxDialect, 'importAccepted' | 'jobPath' | 'readImportItem' | 'job' | 'error'>>;
}

/**
 * Run-stopping failures. Bad data is never thrown (it becomes an `Issue`); these classes are for
 * failures after which the run cannot go on: bad settings, an unreadable file, a service that
 * cannot be used, a bug. Each has a stable `code` that the CLI maps to an exit code.
 */
import type { Issue } from './issue.js';

/** Stable codes of run-stopping errors. */
export type PipelineErrorCode =
  | 'CONFIG_INVALID'
  | 'MAPPING_INVALID'
  | 'SOURCE_UNREADABLE'
  | 'SOURCE_CHANGED'
  | 'API_ERROR'
  | 'API_AUTH_REJECTED'
  | 'API_UNREACHABLE'
  | 'API_SCHEMA_MISMATCH'
  | 'STATE_ERROR'
  | 'LIMIT_EXCEEDED'
  | 'ABORTED'
  | 'INTERNAL';

/** Base class of every error the tool throws on purpose. */
export class PipelineError extends Error {
  override name: string = 'PipelineError';
  readonly code: PipelineErrorCode;

  constructor(code: PipelineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Settings could not be resolved (bad flag, bad environment value, unreadable settings file). */
export class ConfigError extends PipelineError {
  override name = 'ConfigError' as const;
  readonly issues: Issue[];
  constructor(message: string, issues: Issue[] = [], options?: { cause?: unknown }) {
    super('CONFIG_INVALID', message, options);
    this.issues = issues;
  }
}

/** The mapping file is missing, not YAML, or breaks the mapping schema or rules. */
export class MappingError extends PipelineError {
  override name = 'MappingError' as const;
  readonly issues: Issue[];
  constructor(message: string, issues: Issue[] = [], options?: { cause?: unknown }) {
    super('MAPPING_INVALID', message, options);
    this.issues = issues;
  }
}

/** The input file cannot be read at all (missing, unsupported format, corrupt, encrypted, empty, no header). */
export class SourceReadError extends PipelineError {
  override name = 'SourceReadError' as const;
  readonly file: string;
  readonly sheet: string | undefined;
  /** Set where a reader acts on why (`header_not_found`: the XLSX reader then tries the other sheets). */
  readonly reason: SourceReadReason | undefined;
  constructor(file: string, message: string, options?: { cause?: unknown; sheet?: string; reason?: SourceReadReason }) {
    super('SOURCE_UNREADABLE', message, options);
    this.file = file;
    this.sheet = options?.sheet;
    this.reason = options?.reason;
  }
}

/** Why a file could not be read, where a caller acts on it. */
export type SourceReadReason = 'header_not_found';

/**
 * The input file is not the one whose hash the run was given (`RunInputs.knownHash`): it was
 * written to or replaced since. Nothing was read or sent; hashing it again and deciding again is
 * the caller's (the watcher keeps the file for a later try).
 */
export class SourceChangedError extends PipelineError {
  override name = 'SourceChangedError' as const;
  readonly file: string;
  constructor(file: string, message: string, options?: { cause?: unknown }) {
    super('SOURCE_CHANGED', message, options);
    this.file = file;
  }
}

/** One field error as the service reports it in an error body. */
export interface ApiFieldError {
  field: string;
  code?: string;
  description?: string;
  /**
   * The entry's other plain values as the service wrote them (e.g. `index`, `barcode`, `sku`): a
   * refused request's error may name its product by them rather than by a field path.
   */
  details?: Record<string, string | number>;
}

/** The service answered with an error, or could not be reached after the retries. */
export class ApiError extends PipelineError {
  override name = 'ApiError' as const;
  /** `METHOD path` of the request, e.g. `POST /api/seller/v1/products/import`. */
  readonly endpoint: string;
  /** HTTP status, absent for network errors and time-outs. */
  readonly status: number | undefined;
  /** `errorCode` from the error body, when it had one. */
  readonly errorCode: string | undefined;
  /** Field errors from the error body. */
  readonly fieldErrors: ApiFieldError[];
  constructor(
    code: Extract<PipelineErrorCode, 'API_ERROR' | 'API_AUTH_REJECTED' | 'API_UNREACHABLE'>,
    endpoint: string,
    message: string,
    details: { status?: number | undefined; errorCode?: string | undefined; fieldErrors?: ApiFieldError[]; cause?: unknown } = {},
  ) {
    super(code, message, { cause: details.cause });
    this.endpoint = endpoint;
    this.status = details.status;
    this.errorCode = details.errorCode;
    this.fieldErrors = details.fieldErrors ?? [];
  }
}

/**
 * A response arrived but does not have the shape our schema expects. Deliberately not an
 * `ApiError`: retrying will not help, and the message names the endpoint and the field.
 */
export class SchemaMismatchError extends PipelineError {
  override name = 'SchemaMismatchError' as const;
  readonly endpoint: string;
  /** Dotted paths of the fields that broke the schema, with zod's message for each. */
  readonly problems: { path: string; message: string }[];
  constructor(endpoint: string, problems: { path: string; message: string }[], options?: { cause?: unknown }) {
    super(
      'API_SCHEMA_MISMATCH',
      `unexpected response from ${endpoint}: ${problems.map((p) => `${p.path || '(body)'}: ${p.message}`).join('; ')}`,
      options,
    );
    this.endpoint = endpoint;
    this.problems = problems;
  }
}

/** The local state (SQLite database, lock, cache) cannot be used. */
export class StateError extends PipelineError {
  override name = 'StateError' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super('STATE_ERROR', message, options);
  }
}

/** A configured limit (file size, rows, cell length) was exceeded. */
export class LimitError extends PipelineError {
  override name = 'LimitError' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super('LIMIT_EXCEEDED', message, options);
  }
}

/** The run was stopped on purpose (Ctrl-C, SIGTERM). State is kept; the run can be resumed. */
export class AbortedError extends PipelineError {
  override name = 'AbortedError' as const;
  constructor(message = 'the run was interrupted', options?: { cause?: unknown }) {
    super('ABORTED', message, options);
  }
}

/**
 * What a failure means once the run was told to stop: any error raised while `signal` is aborted
 * (a wait rejected with the signal's reason, a request cut off) is the stop itself, an
 * `AbortedError` (exit 130, state kept), never an internal error. Other errors are returned as they are.
 */
export function asStopWhenAborted(error: unknown, signal: AbortSignal | undefined): unknown {
  if (error instanceof AbortedError || signal?.aborted !== true) return error;
  const reason: unknown = signal.reason;
  const why = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : 'stopped';
  return new AbortedError(`the run was interrupted (${why}); the state is kept: run the same command again to continue`, { cause: error });
}

/** A bug: something that should not happen. */
export class InternalError extends PipelineError {
  override name = 'InternalError' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super('INTERNAL', message, options);
  }
}

/** True for any error thrown on purpose by this tool. */
export function isPipelineError(error: unknown): error is PipelineError {
  return error instanceof PipelineError;
}

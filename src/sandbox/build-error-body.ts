/**
 * The error body every sandbox error answers with, shaped like the live service's documented 400
 * body: `{status, errorCode, errorMessage, errors: {field: [{code, description}]}}`; and the one
 * way a request is checked into it (`createFieldErrors`), for every route.
 */

/** Field errors of an error body, keyed by camelCase field name. */
export type FieldErrors = Record<string, { code: string; description: string }[]>;

/** An error body. */
export interface SandboxErrorBody {
  status: number;
  errorCode: string;
  errorMessage: string;
  errors: FieldErrors;
}

/** The field errors a request check gathers. */
export interface FieldErrorList {
  /** Adds a problem of `field` (a field may have several). */
  add(field: string, code: string, description: string): void;
  readonly errors: FieldErrors;
  /** True once any problem was added. */
  has(): boolean;
}

/** An empty list of field errors, for one request. */
export function createFieldErrors(): FieldErrorList {
  const errors: FieldErrors = {};
  return {
    add: (field, code, description) => void (errors[field] ??= []).push({ code, description }),
    errors,
    has: () => Object.keys(errors).length > 0,
  };
}

/** Builds an error body; `errors` is `{}` when there are no field errors. */
export function buildErrorBody(status: number, errorCode: string, errorMessage: string, errors: FieldErrors = {}): SandboxErrorBody {
  return { status, errorCode, errorMessage, errors };
}

/** Error code and message used for a status when nothing more specific applies (scripted faults). */
const DEFAULT_ERRORS: Record<number, [string, string]> = {
  400: ['VALIDATION_ERROR', 'The request is not valid.'],
  401: ['UNAUTHORIZED', 'The access token is missing, unknown or expired.'],
  403: ['FORBIDDEN', 'The seller may not do this.'],
  404: ['NOT_FOUND', 'Not found.'],
  405: ['METHOD_NOT_ALLOWED', 'This method is not allowed on this path.'],
  413: ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  429: ['TOO_MANY_REQUESTS', 'Too many requests: retry after the time in Retry-After.'],
  500: ['INTERNAL_ERROR', 'Internal server error.'],
  502: ['BAD_GATEWAY', 'Bad gateway.'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.'],
  504: ['GATEWAY_TIMEOUT', 'Gateway timeout.'],
};

/** The default error body for a status. */
export function buildDefaultErrorBody(status: number): SandboxErrorBody {
  const [code, message] = DEFAULT_ERRORS[status] ?? ['ERROR', `HTTP ${status}`];
  return buildErrorBody(status, code, message);
}

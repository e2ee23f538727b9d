/**
 * A non-idempotent request (the product import) that may or may not have reached the service:
 * the connection dropped or timed out after the request could have been sent, or the service
 * answered 5xx. Retrying could create duplicate products, so the client does not; the import
 * stage settles such a batch later by asking the service (product list, job status).
 */
import { ApiError } from '../core/errors.js';

/**
 * An `ApiError` with code `API_UNREACHABLE` whose request may have been processed. Its `name`
 * stays `ApiError` (the base class fixes it); tell it apart with `isAmbiguousSendError`.
 */
export class AmbiguousSendError extends ApiError {
  /** Always true: the request may have been processed by the service. */
  readonly maybeProcessed = true as const;
  constructor(endpoint: string, message: string, details: { status?: number | undefined; cause?: unknown } = {}) {
    super('API_UNREACHABLE', endpoint, message, details);
  }
}

/** True when the error is a failure after which the request may still have been processed. */
export function isAmbiguousSendError(error: unknown): error is AmbiguousSendError {
  return error instanceof AmbiguousSendError;
}

/**
 * The HTTP core of the client: one request with its retries, time-out, token and error mapping.
 * ky builds each attempt's whole request (method, headers, JSON body) and hands it to `deps.fetch`
 * through the client's one rate gate (`create-rate-gate.ts`), which makes that call of `fetch` when
 * the rate allows. Why ky's own retry, time-out and errors are off is written where ky is
 * configured, below.
 */
import ky from 'ky';
import type { KyInstance } from 'ky';
import { AbortedError, ApiError, SchemaMismatchError } from '../core/errors.js';
import type { Deps } from '../core/deps.js';
import { AmbiguousSendError } from './ambiguous-send-error.js';
import type { RateGate, RequestPriority } from './create-rate-gate.js';
import type { TokenProvider } from './create-token-provider.js';
import { buildErrorDescription, parseErrorBody } from './parse-error-body.js';
import { parseJsonLossless } from './parse-json-lossless.js';
import type { Redactor } from './redact-secrets.js';

/** Statuses that are retried: rate limiting and the gateway/unavailable family. */
const RETRY_STATUSES: readonly number[] = [429, 502, 503, 504];

/**
 * Whether a status is worth another attempt: for every request the rate limit and the
 * gateway/unavailable family; for reads (safe to repeat) any 5xx, since a server error on a read
 * is as often passing as a 503.
 */
function isRetryStatus(status: number, idempotent: boolean): boolean {
  return RETRY_STATUSES.includes(status) || (idempotent && status >= 500 && status <= 599);
}

/**
 * Network error codes that prove the request never left this machine or never reached a server
 * (refused connection, unknown host), so even a non-idempotent request may be repeated.
 */
const NOT_SENT_ERROR_CODES: readonly string[] = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT'];

/** How every request of one client is sent. */
export interface SenderConfig {
  /** Per attempt, covering the whole exchange (headers and body). */
  timeoutMs: number;
  /** Retries after the first attempt, and their waits. */
  retry: BackoffPolicy & { limit: number };
  /** Scrubs the secret and the token from every message. */
  redact: Redactor;
  /** Every attempt passes it as it leaves, and reports how it ended. */
  gate: RateGate;
}

/** One request. */
export interface RequestSpec {
  method: 'GET' | 'POST';
  /** Absolute URL, query included. */
  url: string;
  /** `METHOD path` for messages and events. */
  endpoint: string;
  /** JSON body. */
  json?: unknown;
  /** The JSON body already serialized (wins over `json`), for a body the caller built anyway. */
  jsonText?: string;
  /** Rate gate priority: `background` (job polls) fills the capacity `normal` requests leave; default `normal`. */
  priority?: RequestPriority;
  /** Sends `Authorization: Bearer` from this provider and re-authenticates once on 401. */
  auth?: TokenProvider;
  /**
   * False for requests that must not run twice (the import): they are retried only on 429 and
   * on connection errors that prove nothing was sent; other failures throw `AmbiguousSendError`.
   */
  idempotent: boolean;
  /**
   * Called in the turn the request is handed to `fetch`, right before (each attempt): the import
   * journals its departure here. What it throws is thrown as is, and the attempt never leaves.
   */
  onDepart?: () => void;
}

/** A successful (2xx) answer. */
export interface WireResponse {
  status: number;
  /** Parsed JSON, or `undefined` for an empty body. */
  body: unknown;
  /** The answer's headers (a `Link` to the next page, a `Location` of the job). */
  headers?: Headers;
}

/** Sends one request with retries; resolves with a 2xx answer or throws a `PipelineError`. */
export type SendRequest = (spec: RequestSpec) => Promise<WireResponse>;

type SenderDeps = Pick<Deps, 'fetch' | 'now' | 'monotonic' | 'sleep' | 'random' | 'onEvent' | 'signal'>;

type AttemptOutcome =
  | { kind: 'response'; status: number; statusText: string; headers: Headers; text: string }
  | { kind: 'timeout' }
  | { kind: 'network'; reason: string; notSent: boolean; cause: unknown };

/** Creates the sender shared by every endpoint of one client. */
export function createRequestSender(config: SenderConfig, deps: SenderDeps): SendRequest {
  // ky sends; the rest of its machinery is off, each for a reason ky cannot meet:
  // - `retry: 0`: ky waits with its own timer and `Date.now()`; ours go through `deps.sleep`,
  //   `deps.random` and `deps.now` (tests run them on simulated time; Ctrl-C cuts them short with
  //   the signal's reason). A 429's `Retry-After` must pause every request at the rate gate, not
  //   this one only (ky would wait, then the gate again). An import is repeated only after a 429
  //   or a connection that never opened, and a read also after an empty or non-JSON 2xx, which
  //   ky does not see as a failure. A 401 takes a new token once, without counting as a retry.
  // - `timeout: false`: ky's time-out ends at the response headers; ours also covers the body
  //   (an answer cut short mid-body would otherwise hang the run), and starts when the request
  //   leaves the rate gate, not while it waits there.
  // - `throwHttpErrors: false`: every status is read through one table (`isRetryStatus`,
  //   `buildStatusError`) with the error body parsed by meaning; an `HTTPError` would only be
  //   caught and unpacked again.
  // The body goes through ky like the rest of the request, so ky's `Request` is the one `fetch`
  // receives. Handing `fetch` the string beside it saved about 0.5 ms of CPU per 50 KB import body
  // (ky's `Request` holds it as a stream that its clone tees and `fetch` pipes again) and was not
  // kept: ky would only build a hollow request (docs/performance.md, concurrency 16).
  const http = ky.create({ retry: 0, timeout: false, throwHttpErrors: false });

  return async (spec) => {
    let retries = 0;
    let reauthenticated = false;
    for (;;) {
      throwIfAborted(deps.signal);
      const token = spec.auth === undefined ? undefined : await spec.auth.getToken();
      const outcome = await sendAttempt(http, spec, token, config, deps);

      if (outcome.kind === 'response') {
        const { status } = outcome;
        if (status >= 200 && status < 300) {
          const parsed = parseSuccessBody(outcome.text);
          // A read always has an answer to give: an empty or non-JSON 2xx (truncated, garbled by a
          // proxy, a gateway's blank 200) is a passing failure, asked again within the retry budget.
          // The import is not asked again (it may have been taken): its caller settles it as of
          // unknown fate.
          if (parsed.ok && (parsed.body !== undefined || !spec.idempotent)) return { status, body: parsed.body, headers: outcome.headers };
          if (!spec.idempotent) throw new SchemaMismatchError(spec.endpoint, [{ path: '', message: describeUnreadableBody(outcome.text, spec, config.redact) }]);
          if (retries < config.retry.limit) {
            retries += 1;
            await waitBeforeRetry(spec.endpoint, retries, status, undefined);
            continue;
          }
          const why = parsed.ok ? 'the body is empty' : describeUnreadableBody(outcome.text, spec, config.redact);
          throw new ApiError('API_UNREACHABLE', spec.endpoint, `${spec.endpoint} answered ${status} without a readable answer after ${retries + 1} attempt(s): ${why}`, { status });
        }
        if (status === 401 && spec.auth !== undefined && token !== undefined && !reauthenticated) {
          // The token expired or was revoked early: one new token, one more try, not counted as a retry.
          reauthenticated = true;
          spec.auth.invalidate(token);
          continue;
        }
        const canRetry = isRetryStatus(status, spec.idempotent) && (spec.idempotent || status === 429);
        if (canRetry && retries < config.retry.limit) {
          retries += 1;
          if (status === 429 && outcome.sharedPauseMs !== undefined) {
            // The gate pauses every request as Retry-After asks; this one waits for its turn again.
            deps.onEvent({ type: 'http:retry', endpoint: spec.endpoint, attempt: retries, status, waitMs: outcome.sharedPauseMs });
            continue;
          }
          const retryAfter = parseRetryAfter(outcome.headers.get('retry-after'), deps.now());
          await waitBeforeRetry(spec.endpoint, retries, status, retryAfter);
          continue;
        }
        throw buildStatusError(spec, outcome, retries, reauthenticated, config.redact);
      }

      const reason = outcome.kind === 'timeout' ? `timed out after ${config.timeoutMs} ms` : config.redact(outcome.reason);
      const cause = outcome.kind === 'network' ? outcome.cause : undefined;
      const notSent = outcome.kind === 'network' && outcome.notSent;
      if (!spec.idempotent && !notSent) {
        throw new AmbiguousSendError(
          spec.endpoint,
          `${spec.endpoint} failed (${reason}); the request may have been processed, so it was not repeated`,
          { cause },
        );
      }
      if (retries < config.retry.limit) {
        retries += 1;
        await waitBeforeRetry(spec.endpoint, retries, undefined, undefined);
        continue;
      }
      throw new ApiError('API_UNREACHABLE', spec.endpoint, `${spec.endpoint} could not be reached after ${retries + 1} attempt(s): ${reason}`, {
        cause,
      });
    }
  };

  async function waitBeforeRetry(endpoint: string, attempt: number, status: number | undefined, retryAfterMs: number | undefined): Promise<void> {
    const waitMs = Math.min(retryAfterMs ?? buildBackoffDelay(attempt, deps.random(), config.retry), config.retry.maxDelayMs);
    deps.onEvent(status === undefined ? { type: 'http:retry', endpoint, attempt, waitMs } : { type: 'http:retry', endpoint, attempt, status, waitMs });
    try {
      await deps.sleep(waitMs, deps.signal);
    } catch (error) {
      throw toAbortedError(deps.signal, error);
    }
  }
}

/**
 * One attempt. It passes the client's rate gate at the call of `fetch`, after
 * ky's own steps: the request is counted the moment it leaves, and until its answer comes back. The
 * gate learns how it ended; a 429's `Retry-After` becomes a pause shared by every request
 * (`sharedPauseMs`).
 */
async function sendAttempt(
  http: KyInstance,
  spec: RequestSpec,
  token: string | undefined,
  config: Pick<SenderConfig, 'gate' | 'timeoutMs' | 'retry'>,
  deps: SenderDeps,
): Promise<AttemptOutcome & { sharedPauseMs?: number }> {
  const { gate, timeoutMs } = config;
  const callerSignal = deps.signal;
  const timeout = new AbortController();
  const signal = callerSignal === undefined ? timeout.signal : AbortSignal.any([callerSignal, timeout.signal]);
  // Our own timer rather than ky's `timeout`: ky's stops at the response headers, ours also covers
  // the body. It starts when the request leaves: a wait for the rate gate is no time-out.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sentAt: number | undefined;
  /** Set once `fetch` was called: an error before that (`onDepart` refusing) is no network failure. */
  let handed = false;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  const gatedFetch: typeof deps.fetch = (input, init) =>
    gate.pass(spec.priority ?? 'normal', callerSignal, (at) => {
      sentAt = at;
      spec.onDepart?.();
      handed = true;
      timer = setTimeout(() => timeout.abort(), timeoutMs);
      return deps.fetch(input, init);
    });
  let outcome: AttemptOutcome;
  try {
    const body = spec.jsonText ?? (spec.json === undefined ? undefined : JSON.stringify(spec.json));
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await http(spec.url, { method: spec.method, headers, signal, fetch: gatedFetch, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    outcome = { kind: 'response', status: response.status, statusText: response.statusText, headers: response.headers, text };
  } catch (error) {
    if (sentAt !== undefined) gate.settle(sentAt, undefined, undefined);
    if (sentAt !== undefined && !handed) throw error;
    throwIfAborted(callerSignal, error);
    if (timeout.signal.aborted) return { kind: 'timeout' };
    return { kind: 'network', reason: describeNetworkError(error), notSent: isNotSentError(error), cause: error };
  } finally {
    clearTimeout(timer);
  }
  if (sentAt === undefined) return outcome;
  const retryAfter = outcome.status === 429 ? parseRetryAfter(outcome.headers.get('retry-after'), deps.now()) : undefined;
  const pause = gate.settle(sentAt, outcome.status, retryAfter);
  return retryAfter === undefined ? outcome : { ...outcome, sharedPauseMs: Math.min(pause, config.retry.maxDelayMs) };
}

function parseSuccessBody(text: string): { ok: true; body: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, body: undefined };
  try {
    return { ok: true, body: parseJsonLossless(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * What a message says of a 2xx body that is not JSON. The token endpoint's answer is never
 * quoted: cut short, it holds a live token the redactor cannot know yet (it was never parsed).
 * Other bodies are quoted (80 characters) through the redactor, which also hides anything shaped
 * like a token or a secret.
 */
function describeUnreadableBody(text: string, spec: RequestSpec, redact: Redactor): string {
  if (spec.auth === undefined) return `body is not JSON (${text.length} characters, not quoted: it may hold a credential)`;
  return `body is not JSON: ${redact(text.slice(0, 80))}`;
}

function parseErrorText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function buildStatusError(
  spec: RequestSpec,
  outcome: Extract<AttemptOutcome, { kind: 'response' }>,
  retries: number,
  reauthenticated: boolean,
  redact: Redactor,
): ApiError {
  const { status } = outcome;
  const parsed = parseErrorBody(parseErrorText(outcome.text));
  const description = redact(buildErrorDescription(parsed));
  const fieldErrors = parsed.fieldErrors.map((error) => {
    const clean = { ...error, field: redact(error.field) };
    if (error.description !== undefined) clean.description = redact(error.description);
    if (error.details !== undefined) clean.details = Object.fromEntries(Object.entries(error.details).map(([key, value]) => [key, typeof value === 'string' ? redact(value) : value]));
    return clean;
  });
  const details = { status, errorCode: parsed.errorCode, fieldErrors };
  const answered = `${spec.endpoint} answered ${status}${outcome.statusText ? ` ${outcome.statusText}` : ''}`;
  const suffix = description === '' ? '' : `: ${description}`;

  if (!spec.idempotent && status >= 500) {
    return new AmbiguousSendError(spec.endpoint, `${answered}${suffix}; the request may have been processed, so it was not repeated`, { status });
  }
  if (isRetryStatus(status, spec.idempotent)) {
    const attempts = retries + 1;
    return new ApiError('API_UNREACHABLE', spec.endpoint, `${answered} after ${attempts} attempt(s)${suffix}`, details);
  }
  if (status === 401 && spec.auth !== undefined) {
    const again = reauthenticated ? ' even after re-authenticating' : '';
    return new ApiError('API_AUTH_REJECTED', spec.endpoint, `${answered}: the access token was refused${again}${suffix ? `; ${description}` : ''}`, details);
  }
  return new ApiError('API_ERROR', spec.endpoint, `${answered}${suffix}`, details);
}

function throwIfAborted(signal: AbortSignal | undefined, cause?: unknown): void {
  if (signal?.aborted) throw toAbortedError(signal, cause);
}

/**
 * The error a request or wait stopped by `signal` rejects with: the signal's reason itself when it
 * is already an `AbortedError` (the CLI aborts with one, and exits 130 on it), else an
 * `AbortedError` caused by it.
 */
function toAbortedError(signal: AbortSignal | undefined, cause: unknown): AbortedError {
  const reason: unknown = signal?.reason;
  if (reason instanceof AbortedError) return reason;
  return new AbortedError(undefined, { cause: reason ?? cause });
}

/** Walks an error and its causes (and `AggregateError` members) for system error codes. */
function collectErrorCodes(error: unknown, depth = 0): string[] {
  if (typeof error !== 'object' || error === null || depth > 5) return [];
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const codes = typeof record.code === 'string' ? [record.code] : [];
  if (Array.isArray(record.errors)) for (const inner of record.errors) codes.push(...collectErrorCodes(inner, depth + 1));
  codes.push(...collectErrorCodes(record.cause, depth + 1));
  return codes;
}

function isNotSentError(error: unknown): boolean {
  return collectErrorCodes(error).some((code) => NOT_SENT_ERROR_CODES.includes(code));
}

function describeNetworkError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const { message, code } = current as { message?: unknown; code?: unknown };
    const text = [typeof code === 'string' ? code : '', typeof message === 'string' ? message : ''].filter(Boolean).join(' ');
    if (text !== '' && !parts.includes(text)) parts.push(text);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.length === 0 ? String(error) : parts.join(': ');
}

/** How long retries wait. */
interface BackoffPolicy {
  /** Ceiling of the first retry's wait. */
  baseDelayMs: number;
  /** No wait is longer than this, whatever the attempt or the server's `Retry-After`. */
  maxDelayMs: number;
}

/**
 * The wait before retry number `attempt` (1 for the first retry): `random × min(max, base × 2^(attempt−1))`,
 * rounded down. `random` is a number in [0, 1) from `deps.random`. Full jitter (a uniformly random
 * wait up to the exponential ceiling) spreads clients that failed together instead of retrying in step.
 */
export function buildBackoffDelay(attempt: number, random: number, policy: BackoffPolicy): number {
  const exponent = Math.max(0, attempt - 1);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  const unit = Math.min(Math.max(random, 0), 1);
  return Math.floor(unit * ceiling);
}

/**
 * Parses a `Retry-After` value (a number of seconds or an HTTP date, RFC 9110 §10.2.3) into
 * milliseconds to wait from `now` (the injected clock). Returns `undefined` when the header is
 * absent or unreadable, and 0 for a date in the past.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(?:\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // A bare negative or otherwise odd number is not a date either; `Date.parse` would accept it.
  if (/^[-+]?\d/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

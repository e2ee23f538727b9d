/**
 * The access-token cache. One token is kept per client and refreshed `refreshMarginSeconds`
 * before it runs out (timed on the monotonic clock: setting the wall clock neither expires it nor
 * keeps it past its lifetime); concurrent callers share one in-flight token
 * request, and `invalidate` drops a token the service refused so that the next caller fetches a
 * new one (only once, however many requests saw the refusal).
 */
import { readMonotonicMs } from '../core/deps.js';
import type { Deps } from '../core/deps.js';
import type { TokenAnswer } from './read-service-answers.js';

/** Hands out access tokens. */
export interface TokenProvider {
  /** A valid token: the cached one, or a new one (one request shared by concurrent callers). */
  getToken(): Promise<string>;
  /** Forgets `token` if it is still the cached one (the service refused it). */
  invalidate(token: string): void;
}

/** How the provider obtains and keeps tokens. */
export interface TokenProviderOptions {
  /** Asks the token endpoint; throws on failure. */
  requestToken: () => Promise<TokenAnswer>;
  /** Refresh this long before expiry; capped to half the token's lifetime. */
  refreshMarginSeconds: number;
}

/** Creates a token provider over `requestToken`, timing expiry with `readMonotonicMs(deps)`. */
export function createTokenProvider(options: TokenProviderOptions, deps: Pick<Deps, 'monotonic'>): TokenProvider {
  let cached: { token: string; refreshAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  const refresh = async (): Promise<string> => {
    const obtainedAt = readMonotonicMs(deps);
    const response = await options.requestToken();
    const lifetimeSeconds = Math.max(0, response.expiresIn);
    const margin = Math.min(Math.max(0, options.refreshMarginSeconds), lifetimeSeconds / 2);
    // Timed from before the request: the service started the token's clock no earlier than that.
    cached = { token: response.accessToken, refreshAt: obtainedAt + (lifetimeSeconds - margin) * 1000 };
    return response.accessToken;
  };

  return {
    getToken() {
      if (cached !== undefined && readMonotonicMs(deps) < cached.refreshAt) return Promise.resolve(cached.token);
      if (inFlight === undefined) {
        inFlight = refresh().finally(() => {
          inFlight = undefined;
        });
      }
      return inFlight;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}

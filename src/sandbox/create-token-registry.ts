/**
 * Access tokens of the sandbox: random opaque strings, each tied to one seller, valid for the
 * configured lifetime on the injected clock. Kept in memory only: after a restart every client
 * gets a 401 and asks for a new token.
 */
import { randomBytes } from 'node:crypto';

/** Why a token was not accepted. */
type TokenProblem = 'missing' | 'unknown' | 'expired';

/** The registry. */
export interface TokenRegistry {
  issue(clientId: string): { accessToken: string; expiresIn: number };
  /** The seller of a valid token, or the problem. */
  check(token: string | null): { clientId: string } | { problem: TokenProblem };
  expireAll(): void;
}

/** Creates a registry with a lifetime in seconds. */
export function createTokenRegistry(ttlSeconds: number, now: () => Date): TokenRegistry {
  const tokens = new Map<string, { clientId: string; expiresAtMs: number }>();
  return {
    issue(clientId) {
      const nowMs = now().getTime();
      // Forget long-expired tokens so that a long benchmark does not grow the map without bound.
      if (tokens.size > 1000) for (const [token, entry] of tokens) if (entry.expiresAtMs + 3_600_000 < nowMs) tokens.delete(token);
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, { clientId, expiresAtMs: nowMs + ttlSeconds * 1000 });
      return { accessToken, expiresIn: ttlSeconds };
    },
    check(token) {
      if (token === null || token === '') return { problem: 'missing' };
      const entry = tokens.get(token);
      if (!entry) return { problem: 'unknown' };
      if (entry.expiresAtMs <= now().getTime()) return { problem: 'expired' };
      return { clientId: entry.clientId };
    },
    expireAll() {
      for (const entry of tokens.values()) entry.expiresAtMs = Number.NEGATIVE_INFINITY;
    },
  };
}

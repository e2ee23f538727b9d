/**
 * Decides, for each request, which fault (if any) the sandbox imitates: scripted rules first, then
 * failing job-status requests, then the rate limit (a token bucket on the injected clock), then
 * random 503s and dropped connections from the seeded PRNG. Latency is added by the server to
 * every answer.
 */
import type { FaultRule, SandboxFaults } from './types.js';

/** What to do with a request. */
type FaultOutcome =
  | { kind: 'none' }
  | { kind: 'drop' }
  | { kind: 'dropAfterHandling' }
  | { kind: 'status'; status: number; body?: unknown; retryAfterSeconds?: number };

/** Extra wait before answering, plus the outcome. */
interface FaultDecision {
  delayMs: number;
  outcome: FaultOutcome;
}

/** The controller the server asks once per request. */
export interface FaultController {
  decide(request: { method: string; path: string; route: string }): FaultDecision;
  set(faults: Partial<SandboxFaults>): void;
  get(): SandboxFaults;
}

/** Knobs when nothing is set: no faults. */
const NO_FAULTS: SandboxFaults = {
  latencyMs: 0,
  rateLimit: null,
  failureRate: 0,
  dropRate: 0,
  jobStatusFailures: 0,
  script: [],
};

/** Creates a controller with the given knobs, PRNG and clock. */
export function createFaultController(initial: Partial<SandboxFaults>, random: () => number, now: () => Date): FaultController {
  let faults: SandboxFaults = { ...NO_FAULTS };
  let bucket = { tokens: 0, atMs: 0 };

  function set(partial: Partial<SandboxFaults>): void {
    faults = {
      ...faults,
      ...partial,
      script: partial.script ? partial.script.map((rule): FaultRule => ({ ...rule })) : faults.script,
    };
    if ('rateLimit' in partial) bucket = { tokens: faults.rateLimit?.requests ?? 0, atMs: now().getTime() };
  }
  set(initial);

  function takeToken(): number | null {
    const limit = faults.rateLimit;
    if (!limit) return null;
    const rate = limit.requests / limit.perSeconds; // tokens per second
    const nowMs = now().getTime();
    bucket.tokens = Math.min(limit.requests, bucket.tokens + (Math.max(0, nowMs - bucket.atMs) / 1000) * rate);
    bucket.atMs = nowMs;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / rate));
  }

  return {
    set,
    get: () => ({ ...faults, script: faults.script.map((rule) => ({ ...rule })) }),
    decide({ method, path, route }) {
      let delayMs = 0;
      const rule = faults.script.find(
        (r) => r.times > 0 && (r.path === undefined || path.startsWith(r.path)) && (r.method === undefined || r.method.toUpperCase() === method),
      );
      if (rule) {
        rule.times -= 1;
        const action = rule.action;
        if ('delayMs' in action) delayMs = action.delayMs;
        else if ('drop' in action) return { delayMs, outcome: { kind: 'drop' } };
        else if ('dropAfterHandling' in action) return { delayMs, outcome: { kind: 'dropAfterHandling' } };
        else if (action.status === 429) {
          return { delayMs, outcome: { kind: 'status', status: 429, retryAfterSeconds: action.retryAfterSeconds ?? 1 } };
        } else {
          const body = 'body' in action ? action.body : undefined;
          return { delayMs, outcome: body === undefined ? { kind: 'status', status: action.status } : { kind: 'status', status: action.status, body } };
        }
      }
      if (route === 'importInfo' && faults.jobStatusFailures > 0) {
        faults.jobStatusFailures -= 1;
        return { delayMs, outcome: { kind: 'status', status: 503 } };
      }
      const retryAfter = takeToken();
      if (retryAfter !== null) return { delayMs, outcome: { kind: 'status', status: 429, retryAfterSeconds: retryAfter } };
      if (faults.failureRate > 0 && random() < faults.failureRate) return { delayMs, outcome: { kind: 'status', status: 503 } };
      if (faults.dropRate > 0 && random() < faults.dropRate) return { delayMs, outcome: { kind: 'drop' } };
      return { delayMs, outcome: { kind: 'none' } };
    },
  };
}

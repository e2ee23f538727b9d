/**
 * What the client did not use of each endpoint's answers, gathered over a run and said once per
 * endpoint: "GET /api/v1/seller/attributes: fields not used: valueType, isVariant — see
 * docs/service-profile.md". The fields themselves are kept in the records' `extra`; this only
 * tells the seller they were there, so that a meaning the client missed is never silent.
 */
import type { Deps } from '../core/deps.js';

/** Collects unused field names per endpoint and warns once. */
export interface FieldLedger {
  /** Notes the unused keys of one record (`scope` names the record kind, e.g. `attributes[].categories[]`). */
  noteUnused(endpoint: string, keys: readonly string[], scope?: string): void;
  /** Warns once per run with `message` (e.g. a type word not understood), keyed by `key`. */
  noteOnce(key: string, message: string): void;
  /** Warns about every endpoint with unused fields not yet warned about. */
  flush(): void;
  /** Messages given through `noteOnce`, in order (for `doctor`). */
  notes(): string[];
  /** Unused keys seen so far, by endpoint (for `doctor`). */
  unusedByEndpoint(): Map<string, string[]>;
}

/** Creates a ledger that warns through `deps.onEvent`. */
export function createFieldLedger(deps: Pick<Deps, 'onEvent'>): FieldLedger {
  const unused = new Map<string, Set<string>>();
  const warned = new Map<string, Set<string>>();
  const said = new Set<string>();
  const notes: string[] = [];
  return {
    noteOnce(key, message) {
      if (said.has(key)) return;
      said.add(key);
      notes.push(message);
      deps.onEvent({ type: 'log', level: 'warn', message });
    },
    notes: () => [...notes],
    noteUnused(endpoint, keys, scope) {
      if (keys.length === 0) return;
      let set = unused.get(endpoint);
      if (set === undefined) unused.set(endpoint, (set = new Set()));
      for (const key of keys) set.add(scope ? `${scope}.${key}` : key);
    },
    flush() {
      for (const [endpoint, keys] of unused) {
        let done = warned.get(endpoint);
        if (done === undefined) warned.set(endpoint, (done = new Set()));
        const fresh = [...keys].filter((key) => !done.has(key));
        if (fresh.length === 0) continue;
        for (const key of fresh) done.add(key);
        deps.onEvent({
          type: 'log',
          level: 'warn',
          message: `${endpoint}: fields not used: ${fresh.join(', ')} — see docs/service-profile.md`,
          data: { endpoint, fields: fresh },
          text: { key: 'log.fields_not_used', data: { endpoint, fields: fresh.join(', ') } },
        });
      }
    },
    unusedByEndpoint: () => new Map([...unused].map(([endpoint, keys]) => [endpoint, [...keys]])),
  };
}

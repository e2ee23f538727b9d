/**
 * Canonical JSON: the same value always gives the same text, whatever the order its object keys
 * were written in. Used for content hashes.
 */

/**
 * JSON with object keys sorted (by code unit), no whitespace, `undefined` properties dropped as
 * `JSON.stringify` drops them. Array order is kept: callers sort the arrays whose order does not
 * matter before calling.
 */
export function buildCanonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      out[key] = sortKeys((value as Record<string, unknown>)[key]);
    }
    return out;
  }
  return value;
}

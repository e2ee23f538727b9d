/**
 * `Retry-After` header parsing. The header is either a number of seconds or an HTTP date
 * (RFC 9110 §10.2.3); both become a wait in milliseconds relative to the injected clock.
 */

/**
 * Parses a `Retry-After` value into milliseconds to wait from `now`. Returns `undefined` when the
 * header is absent or unreadable, and 0 for a date in the past.
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

/**
 * The protection rating of goods (`IP67`, `IP 44`: IEC 60529's `IP` and two digits, dust then water) is a standard they meet in
 * any trade (lamps, sockets, cameras, phones), never what they are: its `ip`, normalised apart from the digits, is no Latin word
 * of goods (`IP-камеры`), so it neither keys an outdoor AHD camera with the IP cameras nor doubts a lamp's leaf.
 */

// The two digits after `IP`: solids 0–6, liquids 0–9.
const RATING_DIGITS = /^[0-6][0-9]$/u;

/** Whether the normalised token at `at` is the `ip` of a protection rating (the token after it its two digits). */
export function isProtectionRating(tokens: readonly string[], at: number): boolean {
  return tokens[at] === 'ip' && RATING_DIGITS.test(tokens[at + 1] ?? '');
}

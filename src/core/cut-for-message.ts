/**
 * Values quoted in messages and issues are cut to a readable length: a header cell or a record of
 * megabytes (a broken or hostile file) must not become a message of megabytes.
 */

/** Longest quoted value, in characters, before the `…`. */
const MESSAGE_VALUE_CHARS = 80;

/** `text` as is when short, else its first 80 characters and `…`. */
export function cutForMessage(text: string, max = MESSAGE_VALUE_CHARS): string {
  if (text.length <= max) return text;
  // Do not leave half of a surrogate pair before the ellipsis.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

/** `text` as is when at most `max` characters, else cut to `max` with the `…` counted among them. */
export function cutToLength(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * `Buffer#copy` for the short values a row's cells and issues mostly are: below 64 bytes a plain
 * loop costs less than the call's set-up (a view and its checks). One rule for every writer of
 * such values.
 */

/** Copies `source[start, end)` to `target` at `at`; returns the number of bytes copied. */
export function copyBytes(source: Buffer, start: number, end: number, target: Buffer, at: number): number {
  const length = end - start;
  if (length > 64) return source.copy(target, at, start, end);
  for (let i = 0; i < length; i++) target[at + i] = source[start + i] as number;
  return length;
}

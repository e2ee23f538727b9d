/** The one test for "a JSON object" (not null, not an array), shared by the wire readers, the sandbox and the mapping files. */

/** True for a plain JSON object: not null, not an array. */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Report JSON whose key order does not depend on the order things arrived in. */

/** A copy of `record` with its keys in sorted order (one level: the values are kept as they are). */
export function sortKeys<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) out[key] = record[key] as T;
  return out;
}

/** Report JSON whose key order does not depend on the order things arrived in. */
import type { Issue } from '../core/issue.js';

/** A copy of `record` with its keys in sorted order (one level: the values are kept as they are). */
export function sortKeys<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of Object.keys(record).sort()) out[key] = record[key] as T;
  return out;
}

/**
 * The issues without repeats, in their order: an issue repeats another when it has the same fields
 * in any key order (issues of no row come from several places). One rule for `summary.json` and
 * `issues.ndjson`.
 */
export function dedupeIssues(issues: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  const out: Issue[] = [];
  for (const issue of issues) {
    const key = JSON.stringify(sortKeys(issue as unknown as Record<string, unknown>));
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(issue);
  }
  return out;
}

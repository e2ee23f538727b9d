/**
 * What spilled issues are sorted and counted by — file, sheet, column, code, severity — kept once
 * for every issue that has the same: a file where every row is wrong has millions of issues and a
 * handful of keys.
 */
import type { Issue, Severity } from '../core/issue.js';

/** What an issue is sorted and counted by, shared by every issue that has the same. */
export interface IssueKey {
  file: string | undefined;
  sheet: string | undefined;
  column: string | undefined;
  code: string;
  severity: Severity;
}

/** The keys held, by number: what the spill's readers need. */
export interface IssueKeyReader {
  /** The key numbered `id`. */
  at(id: number): IssueKey;
  /** Keys held (numbered 0 to size - 1). */
  size(): number;
}

/** The keys seen, each with a number. */
export interface IssueKeyTable extends IssueKeyReader {
  /** The number of `issue`'s key, added when new. */
  idOf(issue: Issue): number;
}

/** Creates an empty table. */
export function createIssueKeyTable(): IssueKeyTable {
  const keys: IssueKey[] = [];
  const idsByCode = new Map<string, number[]>();
  return {
    idOf(issue) {
      const { file, sheet, column, code, severity } = issue;
      let ids = idsByCode.get(code);
      if (ids === undefined) idsByCode.set(code, (ids = []));
      for (const id of ids) {
        const key = keys[id] as IssueKey;
        if (key.column === column && key.file === file && key.sheet === sheet && key.severity === severity) return id;
      }
      ids.push(keys.length);
      keys.push({ file, sheet, column, code, severity });
      return keys.length - 1;
    },
    at: (id) => keys[id] as IssueKey,
    size: () => keys.length,
  };
}

/** The keys of `keys` (as another table numbered them: a copy of it), for reading only. */
export function readIssueKeys(keys: readonly IssueKey[]): IssueKeyReader {
  return { at: (id) => keys[id] as IssueKey, size: () => keys.length };
}

/**
 * A name table over kept name keys without a hash table: the kept list (`key, id | ids, …`, written
 * sorted by key) is searched by halves, and only the keys a run looks up become entries. A cached
 * dry run looks up a few dozen of the directories' ~16,000 keys; building a `Map` of them all (an
 * entry list per key, the keys hashed) was most of what reading the kept keys cost (issue 39,
 * docs/performance.md "Start-up").
 */

/** `key, id | ids, key, id | ids, …`, keys in ascending code-unit order. */
export type SortedNameKeyList = readonly (string | number | readonly number[])[];

/**
 * The table the list describes, or undefined when the list is malformed, not in strictly ascending
 * key order, or names an id `byId` lacks (the caller then keys the names again).
 */
export function readSortedNameTable<T>(list: SortedNameKeyList, byId: ReadonlyMap<number, T>): ReadonlyMap<string, T[]> | undefined {
  if (!Array.isArray(list) || list.length % 2 !== 0) return undefined;
  let previous: string | undefined;
  for (let at = 0; at < list.length; at += 2) {
    const key = list[at];
    if (typeof key !== 'string' || (previous !== undefined && !(previous < key))) return undefined;
    previous = key;
    if (!namesKnownIds(list[at + 1], byId)) return undefined;
  }
  return new SortedNameTable(list, byId);
}

/** Whether `ids` is an id, or a non-empty list of ids, each of which `byId` has. */
function namesKnownIds(ids: unknown, byId: ReadonlyMap<number, unknown>): boolean {
  if (typeof ids === 'number') return byId.has(ids);
  return Array.isArray(ids) && ids.length > 0 && ids.every((id) => typeof id === 'number' && byId.has(id));
}

class SortedNameTable<T> implements ReadonlyMap<string, T[]> {
  /** The entries of the keys looked up so far, so that a key's entries are the same list each time. */
  private readonly found = new Map<string, T[]>();

  constructor(
    private readonly list: SortedNameKeyList,
    private readonly byId: ReadonlyMap<number, T>,
  ) {}

  get size(): number {
    return this.list.length / 2;
  }

  get(key: string): T[] | undefined {
    const kept = this.found.get(key);
    if (kept !== undefined) return kept;
    const at = this.locate(key);
    if (at < 0) return undefined;
    const entries = this.entriesAt(at);
    this.found.set(key, entries);
    return entries;
  }

  has(key: string): boolean {
    return this.locate(key) >= 0;
  }

  forEach(callback: (value: T[], key: string, map: ReadonlyMap<string, T[]>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  *entries(): MapIterator<[string, T[]]> {
    for (let at = 0; at < this.list.length; at += 2) {
      const key = this.list[at] as string;
      yield [key, this.get(key)!];
    }
  }

  *keys(): MapIterator<string> {
    for (let at = 0; at < this.list.length; at += 2) yield this.list[at] as string;
  }

  *values(): MapIterator<T[]> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[string, T[]]> {
    return this.entries();
  }

  /** The position of `key` in the list, or -1. */
  private locate(key: string): number {
    let low = 0;
    let high = this.list.length / 2 - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.list[middle * 2] as string;
      if (found === key) return middle * 2;
      if (found < key) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  private entriesAt(at: number): T[] {
    const ids = this.list[at + 1] as number | readonly number[];
    return (typeof ids === 'number' ? [ids] : ids).map((id) => this.byId.get(id)!);
  }
}

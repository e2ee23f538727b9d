import type { PreparedLeaf } from './prepare-leaf.js';

/** Word beginnings → the leaves whose names hold them. */
export function indexLeavesByPrefix(leaves: readonly PreparedLeaf[]): Map<string, Set<PreparedLeaf>> {
  const byPrefix = new Map<string, Set<PreparedLeaf>>();
  for (const leaf of leaves) {
    for (const variant of leaf.variants) {
      for (const word of variant.words) addTo(byPrefix, prefixKey(word), leaf);
    }
  }
  return byPrefix;
}

/** The key a word is indexed by: its first three letters. */
export function prefixKey(word: string): string {
  return Array.from(word).slice(0, 3).join('');
}

/** The inner map of `key`, added when missing. */
export function readOrAdd<K, L, V>(map: Map<K, Map<L, V>>, key: K): Map<L, V> {
  let inner = map.get(key);
  if (inner === undefined) map.set(key, (inner = new Map()));
  return inner;
}

/** Adds `value` to the set of `key`. */
export function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

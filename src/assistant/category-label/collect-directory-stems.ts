import type { IndexedLeaf } from '../classify/classifier-types.js';
import { readParentPath, readTopSection } from '../classify/file-sections.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { tokenizeForMatch } from '../normalize-for-match.js';

/** The stems the leaves under each parent are named with, per parent path. */
export function collectSiblingStems(leaves: Iterable<IndexedLeaf>): Map<string, Set<string>> {
  const byParent = new Map<string, Set<string>>();
  for (const leaf of leaves) {
    const parent = readParentPath(leaf.path);
    let stems = byParent.get(parent);
    if (stems === undefined) byParent.set(parent, (stems = new Set()));
    for (const name of leaf.names) for (const stem of name.head) stems.add(stem);
  }
  return byParent;
}

/**
 * Every stem the directory names goods or a branch with → per top-level section, where it first does
 * there: a word of a leaf's name (its path), a branch named by one word (`Зоотовары`, its path), in
 * both languages. A longer branch name is a grouping (`Посуда и кухня`, `Техника для дома`), no kind of goods.
 */
export function collectNamedStems(leaves: Iterable<IndexedLeaf>): Map<string, Map<string, string>> {
  const named = new Map<string, Map<string, string>>();
  const add = (stem: string, section: string, where: string): void => {
    let places = named.get(stem);
    if (places === undefined) named.set(stem, (places = new Map()));
    if (!places.has(section)) places.set(section, where);
  };
  for (const leaf of leaves) {
    const section = readTopSection(leaf.path);
    for (const name of leaf.names) for (const stem of [...name.head, ...name.purpose]) add(stem, section, leaf.path);
    for (const path of [leaf.path, leaf.pathKaz]) {
      const levels = path.split(' / ');
      for (let depth = 1; depth < levels.length; depth++) {
        const where = levels.slice(0, depth).join(' / ');
        const words = tokenizeForMatch(levels[depth - 1] ?? '');
        if (words.length === 1 && words[0] !== undefined) add(stemForIndex(words[0]), section, where);
      }
    }
  }
  return named;
}

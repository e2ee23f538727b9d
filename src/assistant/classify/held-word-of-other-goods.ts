/**
 * A word the best leaf does not explain, held as the only doubt (`одноразовые` of `Тарелки одноразовые` under `Посуда и
 * кухня / Тарелки`, `бумажные` of `Стаканы бумажные`), may say the material or use of another section's kind of the same
 * goods: a leaf of another top-level section named by a noun of the best leaf's own goods (`посуда` of its path or name)
 * that says the word in its name or its level (`Бытовая химия и гигиена / Бумажная продукция / Одноразовая посуда`). The word
 * is then no harmless word a seller confirms once for every type: it names the other leaf, and the proposal is a question.
 */
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';
import { readTopSection } from './file-sections.js';
import { stemForIndex } from './stem-for-index.js';

/** A held word and the leaf of another section it names. */
export interface HeldWordGoods {
  word: string;
  leaf: IndexedLeaf;
}

const levelStems = new WeakMap<IndexedLeaf, Set<string>>();

/** The stems of a leaf's path below its top-level section and of its names' heads, read once per leaf. */
function readOwnStems(leaf: IndexedLeaf): Set<string> {
  let found = levelStems.get(leaf);
  if (found !== undefined) return found;
  found = new Set([...tokenizeForMatch(leaf.path.split(' / ').slice(1).join(' ')).map(stemForIndex), ...leaf.names.flatMap((name) => name.head)]);
  levelStems.set(leaf, found);
  return found;
}

/**
 * The first held word (`held`, as written) that a leaf of another top-level section says, by its name or its levels, where
 * that leaf's name is of a noun of the best leaf's own goods (`readOwnStems`), with that leaf.
 */
export function findHeldWordGoods(index: ClassifierIndex, held: readonly string[], best: IndexedLeaf): HeldWordGoods | undefined {
  const section = readTopSection(best.path);
  const own = readOwnStems(best);
  const others = [...own].flatMap((stem) => index.byHeadStem[stem] ?? []).map((at) => index.leaves[at]).filter((leaf): leaf is IndexedLeaf => leaf !== undefined && readTopSection(leaf.path) !== section);
  for (const word of held) {
    const stem = stemForIndex(word);
    const leaf = others.find((other) => readOwnStems(other).has(stem) && other.names.some((name) => name.head.some((head) => head !== stem && own.has(head))));
    if (leaf !== undefined) return { word, leaf };
  }
  return undefined;
}

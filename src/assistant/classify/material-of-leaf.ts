/**
 * A material the leaf's path says (`Кожгалантерея` is leather goods, `Деревянные игрушки` wooden ones) against another the
 * name says (`Ключница металлическая`, a key cabinet, is no leather key wallet): the goods are another kind than the leaf's,
 * or at least the seller should say. The materials are `materials.ts`'s, read by the opening of a word.
 */
import type { IndexedLeaf } from './classifier-types.js';
import { MATERIALS } from './materials.js';
import { NOMINATIVE_ADJECTIVE_ENDING } from './nominative-adjective.js';

// What follows these says what goods are for or work on (`Пропитки для дерева`, `Свёрла по металлу`), not their material.
const PURPOSE_WORDS: ReadonlySet<string> = new Set(['для', 'по']);

/** The material a word (lower case) opens with, if any (its place in `MATERIALS`). */
function readMaterial(word: string): number | undefined {
  const at = MATERIALS.findIndex((item) => item.openings.some((opening) => word.startsWith(opening)));
  return at < 0 ? undefined : at;
}

/**
 * The materials a leaf's path says: its adjectives, and the nouns of its sections (`Кожгалантерея`); a noun of the leaf's own
 * name is the goods, not their material (`Резинки для волос`, `Щётки стеклоочистителя`), and a word after `для` or `по` their use.
 */
function readPathMaterials(path: string): Set<number> {
  const segments = path.toLowerCase().split('/');
  const found = segments.flatMap((segment, at) => {
    const words = segment.split(/[^\p{L}]+/u).filter((word) => word !== '');
    const purpose = words.findIndex((word) => PURPOSE_WORDS.has(word));
    const own = purpose < 0 ? words : words.slice(0, purpose);
    // An adjective says what the goods are made of wherever the path says it (`Резиновые сапоги`).
    const said = at === segments.length - 1 ? own.filter((word) => NOMINATIVE_ADJECTIVE_ENDING.test(word)) : own;
    return said.map(readMaterial).filter((item) => item !== undefined);
  });
  return new Set(found);
}

/**
 * The word of `words` (the product type's, lower case) that says a material other than the one the leaf's path says, where
 * the path says one and no word of the type says that one; otherwise undefined.
 */
export function findOtherMaterial(leaf: IndexedLeaf, words: readonly string[]): string | undefined {
  const pathMaterials = readPathMaterials(leaf.path);
  if (pathMaterials.size === 0) return undefined;
  const said = words.map((word) => ({ word, material: readMaterial(word) })).filter((item) => item.material !== undefined);
  if (said.some((item) => pathMaterials.has(item.material ?? -1))) return undefined;
  return said[0]?.word;
}

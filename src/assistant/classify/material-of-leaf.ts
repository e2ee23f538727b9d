/**
 * A material the leaf's path says (`Кожгалантерея` is leather goods, `Деревянные игрушки` wooden ones) against another the
 * name says (`Ключница металлическая`, a key cabinet, is no leather key wallet): the goods are another kind than the leaf's,
 * or at least the seller should say. The materials are `materials.ts`'s.
 */
import { tokenizeForMatch } from '../normalize-for-match.js';
import { isGroupWord } from '../read-group-words.js';
import type { IndexedLeaf } from './classifier-types.js';
import { PURPOSE_PREPOSITIONS } from './extract-product-type.js';
import { MATERIALS } from './materials.js';
import { NOMINATIVE_ADJECTIVE_ENDING } from './nominative-adjective.js';
import { stemForIndex } from './stem-for-index.js';

// A noun that opens with a material's stem and goes on this long at least is a compound of it and a goods word
// (`кожгалантерея`, leather goods); a shorter tail makes a word of its own (`бумажник`, a wallet, is no paper).
const MIN_COMPOUND_TAIL = 5;

/**
 * The material a word (normalised) says, if any (its place in `MATERIALS`): an adjective by its opening (`кожаный`), a noun
 * by its stem (`кожа`, `пластик`), or a compound of a material's stem (`кожгалантерея`).
 */
function readMaterial(word: string): number | undefined {
  const adjective = NOMINATIVE_ADJECTIVE_ENDING.test(word);
  const stem = stemForIndex(word);
  const at = MATERIALS.findIndex((item) => item.openings.some((opening) => word.startsWith(opening) && (adjective || stem === opening || stem === stemForIndex(opening) || word.length - opening.length >= MIN_COMPOUND_TAIL)));
  return at < 0 ? undefined : at;
}

/** Whether a word (normalised) says what goods are made of (`картонная`, `кожаный`, `пластик`): `MATERIALS`' openings. */
export function saysMaterial(word: string): boolean {
  return readMaterial(word) !== undefined;
}

/**
 * The materials a leaf's path says: its adjectives, and the nouns of its sections (`Кожгалантерея`); a noun of the leaf's own
 * name is the goods, not their material (`Резинки для волос`, `Щётки стеклоочистителя`), and a word after a purpose's
 * preposition their use. An adjective of a word for goods in general (`Бумажная продукция для офиса`) names a trade, whose
 * goods may be of any material (a leather notebook).
 */
function readPathMaterials(path: string): Set<number> {
  const segments = path.split('/');
  const found = segments.flatMap((segment, at) => {
    const words = tokenizeForMatch(segment);
    const purpose = words.findIndex((word) => PURPOSE_PREPOSITIONS.has(word));
    const own = purpose < 0 ? words : words.slice(0, purpose);
    if (own.some(isGroupWord)) return [];
    // An adjective says what the goods are made of wherever the path says it (`Резиновые сапоги`).
    const said = at === segments.length - 1 ? own.filter((word) => NOMINATIVE_ADJECTIVE_ENDING.test(word)) : own;
    return said.map(readMaterial).filter((item) => item !== undefined);
  });
  return new Set(found);
}

// A leaf's path is read once, not once per name classified to it.
const LEAF_MATERIALS = new WeakMap<IndexedLeaf, Set<number>>();

function readLeafMaterials(leaf: IndexedLeaf): Set<number> {
  let materials = LEAF_MATERIALS.get(leaf);
  if (materials === undefined) {
    materials = readPathMaterials(leaf.path);
    LEAF_MATERIALS.set(leaf, materials);
  }
  return materials;
}

/**
 * The word of `words` (the product type's, lower case) that says a material other than the one the leaf's path says, where
 * the path says one and no word of the type says that one; otherwise undefined.
 */
export function findOtherMaterial(leaf: IndexedLeaf, words: readonly string[]): string | undefined {
  const pathMaterials = readLeafMaterials(leaf);
  if (pathMaterials.size === 0) return undefined;
  const said = words.map((word) => ({ word, material: readMaterial(word) })).filter((item) => item.material !== undefined);
  if (said.some((item) => pathMaterials.has(item.material ?? -1))) return undefined;
  return said[0]?.word;
}

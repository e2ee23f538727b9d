/**
 * Whether a product type's own evidence doubts the leaf proposed for it (pure): the classifier's doubt
 * names another leaf the goods may be (a leaf of another branch that is a kind of the type, one that
 * fits as well, a type naming only part of the leaf's name …), or a leaf of another top-level section
 * scores as high as a type must to be asked in a group. Such a type is never one line of a question
 * a single `yes` settles (`group-types-by-leaf.ts`): a seller who answers a block without reading
 * every line would accept it: it is answered on its own row. Nor is a type proposed the same leaf by the same first head word as a
 * doubted one (`тетрадь на кольцах` beside `тетрадь`, whose leaf of another branch is a kind of both).
 * A type whose only doubt is a word the leaf does not explain stays: that is why most types are asked
 * at all, and most of them are right.
 */
import { readTopSection } from '../classify/file-sections.js';
import type { ProductTypeGroup } from './collect-product-types.js';

/**
 * The score from which a leaf of another top-level section than the proposed one is a rival that
 * doubts the proposal: the confidence a type must have to be asked in a group. On the generated price
 * list it took out 3 more of the 26 types proposed a wrong leaf (7 rows) than the classifier's doubts
 * alone, and 8 right ones (23 rows; seed 7: 2 of 27 wrong, 5 rows, and 3 right, 4 rows); 0.7 took out 2
 * (seed 7: 8) wrong types more for 23 (32) right ones, each right one a `yes` cell more for a careful seller.
 */
export const RIVAL_ELSEWHERE = 0.8;

/** A doubt of the classifier that names another leaf or section for the goods: how its text opens (`classify-product.ts`). */
interface DoubtNamingAnotherLeaf {
  /** What the doubt says, for the reader of the review's code and its tests. */
  name: string;
  opens: string;
}

/** The classifier's doubts that say the goods may be another leaf's, by how their text opens. */
const DOUBTS_NAMING_ANOTHER_LEAF: readonly DoubtNamingAnotherLeaf[] = [
  { name: 'a leaf of another branch is a kind of the type', opens: 'a leaf of another branch is a kind of it' },
  { name: 'another leaf fits as well', opens: 'another leaf fits as well' },
  { name: 'the type names only part of the leaf', opens: 'the type names only ' },
  { name: 'several narrower leaves fit', opens: 'more than one narrower leaf fits' },
  { name: 'an aside names another leaf', opens: 'the name also says ' },
  { name: "a word only the leaf's section explains names another leaf", opens: "only the leaf's section explains " },
  { name: 'a synonym read a word that names another leaf', opens: 'a synonym read ' },
];

/** Why the type's evidence doubts its proposal, or undefined when nothing but unexplained words or a weak match does. */
export function findProposalDoubt(type: ProductTypeGroup): string | undefined {
  const { doubt, path, alternatives } = type.classification;
  if (type.known !== undefined || path === undefined) return undefined;
  const named = doubt === undefined ? undefined : DOUBTS_NAMING_ANOTHER_LEAF.find((item) => doubt.startsWith(item.opens));
  if (named !== undefined) return named.name;
  const rival = alternatives.find((item) => item.score >= RIVAL_ELSEWHERE && readTopSection(item.path) !== readTopSection(path));
  return rival === undefined ? undefined : `a leaf of another section scores ${rival.score} (${rival.path})`;
}

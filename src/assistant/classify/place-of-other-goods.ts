/**
 * Where the goods go (`Бампер в кроватку`, the accusative of a `в …` phrase) may say whose goods they are, as a `для …`
 * purpose does: a place the best leaf does not explain that is what leaves of another top-level section *are* (`Детские
 * кроватки`), where that section also sorts goods made for it (`Бортики в кроватку`), says the product may be that section's
 * (a cot bumper, no car bumper). Such a place keeps the best leaf from being sure; a place only other goods are named by
 * (`в машину`: washing machines, no goods for them beside) says only where the goods go.
 */
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';
import { readTopSection } from './file-sections.js';
import { readLeavesByNamePart } from './leaves-by-name-part.js';
import { stemForIndex } from './stem-for-index.js';

/**
 * The leaf of a top-level section other than the best leaf's made for the place (`Бортики в кроватку` for
 * `кроватку`), where a leaf of that section is the place itself (`Детские кроватки`); undefined where there is none, or where
 * both it and the best leaf are children's goods.
 */
export function findGoodsForPlace(index: ClassifierIndex, place: string, best: IndexedLeaf): IndexedLeaf | undefined {
  const stem = stemForIndex(place);
  const section = readTopSection(best.path);
  const sectionOf = (leaf: IndexedLeaf): string => readTopSection(leaf.path);
  const placeSections = new Set((index.byHeadStem[stem] ?? []).map((at) => index.leaves[at]).filter((leaf): leaf is IndexedLeaf => leaf !== undefined && leaf.names.some((name) => name.head.includes(stem))).map(sectionOf));
  placeSections.delete(section);
  if (placeSections.size === 0) return undefined;
  // `КПБ детское в кроватку` against `Детское постельное бельё`: a leaf for children already says whose the goods are.
  return (readLeavesByNamePart(index, 'purpose').get(stem) ?? []).find((leaf) => placeSections.has(sectionOf(leaf)) && !(best.demographic.kids === true && leaf.demographic.kids === true));
}

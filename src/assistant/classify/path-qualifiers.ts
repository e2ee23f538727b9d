/**
 * What a leaf's path says of its goods beyond the leaf's own name: whom they are for (`Детская обувь /
 * Резиновые сапоги`) and the adjectives of its branches below the section (`Национальная одежда / Жилеты`).
 * A product that does not say it is not known to be that narrower kind, as a leaf whose own name says
 * whom it is for is not (`Детская косметика`).
 */
import { findDemographicMark, type Demographic } from '../demographic-words.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { IndexedLeaf } from './classifier-types.js';
import { ADJECTIVE_FORM } from './known-brands.js';
import { stemForIndex } from './stem-for-index.js';

/** One word of a leaf's path that narrows its goods. */
export interface PathQualifier {
  /** The word as the path writes it (normalised). */
  word: string;
  stem: string;
  /** Whom it says the goods are for, when it is such a word (`детская`), else the adjective's kind (`национальная`). */
  mark?: Demographic;
}

const qualifiersOf = new WeakMap<IndexedLeaf, PathQualifier[]>();

/**
 * The words of the leaf's path below its top-level section that narrow its goods and that none of the leaf's own names
 * says: a word for a group of people, and an adjective the section's own name does not have (`Крупная бытовая техника`
 * under `Бытовая техника` narrows by `крупная` only). Read once per leaf.
 */
export function readPathQualifiers(leaf: IndexedLeaf): PathQualifier[] {
  let found = qualifiersOf.get(leaf);
  if (found !== undefined) return found;
  const levels = leaf.path.split(' / ');
  const sectionStems = new Set(tokenizeForMatch(levels[0] ?? '').map(stemForIndex));
  const nameStems = new Set(leaf.names.flatMap((name) => [...name.head, ...name.purpose]));
  const byName = leaf.nameDemographic;
  found = [];
  for (const word of new Set(levels.slice(1, -1).flatMap((level) => tokenizeForMatch(level)))) {
    const mark = findDemographicMark(word);
    if (mark !== undefined) {
      const unsaid: Demographic = {};
      if (mark.gender !== undefined && byName.gender === undefined) unsaid.gender = mark.gender;
      if (mark.kids === true && byName.kids !== true) unsaid.kids = true;
      if (unsaid.gender !== undefined || unsaid.kids === true) found.push({ word, stem: stemForIndex(word), mark: unsaid });
      continue;
    }
    const stem = stemForIndex(word);
    if (ADJECTIVE_FORM.test(word) && !sectionStems.has(stem) && !nameStems.has(stem)) found.push({ word, stem });
  }
  qualifiersOf.set(leaf, found);
  return found;
}

/**
 * Whether the product says a qualifier of the path: the same people (`demographic`, read from the name and the seller's
 * label and groups), or the adjective by a word of one stem (`национальный` for `национальная`).
 */
export function saysPathQualifier(qualifier: PathQualifier, demographic: Demographic, said: ReadonlySet<string>): boolean {
  if (qualifier.mark !== undefined) return (qualifier.mark.gender === undefined || demographic.gender === qualifier.mark.gender) && (qualifier.mark.kids !== true || demographic.kids === true);
  return said.has(qualifier.stem);
}

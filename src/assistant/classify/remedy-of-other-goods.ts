/**
 * What the goods act against (`Ошейник от блох и клещей`, `Спираль от комаров`): a word after `от` the best leaf does not
 * explain, that a leaf of another branch is named for (`Средства от блох и клещей для собак`), says the goods may be that
 * leaf's remedy rather than the best leaf's plain goods (collars, leashes). Such a word keeps the best leaf from being sure
 * and from a group's one `yes`; a leaf of the best leaf's own branch named for it (`Средства от комаров` beside `Фумигаторы`)
 * says nothing against it.
 */
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';
import { readParentPath } from './file-sections.js';
import { readLeavesByNamePart } from './leaves-by-name-part.js';
import { stemForIndex } from './stem-for-index.js';

/** The word the goods act against and a leaf of another branch named for it. */
export interface RemedyElsewhere {
  word: string;
  leaf: IndexedLeaf;
}

/**
 * The first word after `от` in the name's tokens that the best leaf does not explain (`explains`, by stem and word) and
 * leaves of other branches only are named for, with the first of them.
 */
export function findRemedyElsewhere(index: ClassifierIndex, tokens: readonly string[], best: IndexedLeaf, explains: (stem: string, word: string) => boolean): RemedyElsewhere | undefined {
  const branch = readParentPath(best.path);
  for (let at = 0; at < tokens.length - 1; at += 1) {
    if (tokens[at] !== AGAINST) continue;
    const word = tokens[at + 1] ?? '';
    const stem = stemForIndex(word);
    if (explains(stem, word)) continue;
    const named = readLeavesByNamePart(index, 'purpose').get(stem) ?? [];
    if (named.some((other) => readParentPath(other.path) === branch)) continue;
    const [leaf] = named;
    if (leaf !== undefined) return { word, leaf };
  }
  return undefined;
}

const AGAINST = 'от';

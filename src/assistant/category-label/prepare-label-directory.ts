import type { Category } from '../../domain/index.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { buildCategoryCandidates } from '../build-match-candidates.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { type CandidateMatcher, createCandidateMatcher, type ScoredCandidate } from '../score-candidates.js';
import { type BranchNames, collectBranchNames } from './branch-names.js';
import { isGatedClassWordOf, readPlacementSections } from './class-word-of-leaf.js';
import { createQualifierCheck } from './create-qualifier-check.js';
import { getClassifierIndex } from '../classify/load-classifier-index.js';
import { readSortingWords } from './sorting-words.js';
import { createRelatedElsewhere } from './create-related-elsewhere.js';
import { indexLeavesByPrefix } from './index-leaves.js';
import { readPlacementSpelling } from '../classify/placement-words.js';
import type { ParsedLabel } from './parse-label.js';
import { numberLeavesByLabel, type PreparedLeaf, prepareLeaf } from './prepare-leaf.js';
import type { LeafRelations } from './score-by-name.js';
import { createLabelWordSimilarity } from './score-label-word.js';

/** The directory as the label matcher reads it: its leaves prepared once, their indexes, and the scores kept for the matcher's life. */
export interface LabelDirectory {
  leaves: readonly PreparedLeaf[];
  byKey: ReadonlyMap<string, PreparedLeaf>;
  /** Word beginnings → the leaves whose names hold them (`indexLeavesByPrefix`). */
  byPrefix: ReadonlyMap<string, ReadonlySet<PreparedLeaf>>;
  branchNames: BranchNames;
  /** The general fuzzy matcher (typos, transliteration), the scores of a text kept. */
  general: { score(text: string, minScore: number): ScoredCandidate<Category>[] };
  /** Whether a word of this stem is a word of a leaf's name. */
  namedByDirectory: (stem: string) => boolean;
  relations: LeafRelations;
  wordScore: (a: string, b: string) => number;
  similarity: (label: ParsedLabel, sellerWord: string, directoryWord: string) => number;
  /** The top-level sections whose goods the directory sorts by where they are mounted (`readPlacementSections`), read when first asked. */
  placementSections: () => ReadonlySet<string>;
}

/** Prepares the leaves once, for every label the matcher reads (`createCategoryMatcher`). */
export function prepareLabelDirectory(index: DirectoryIndex): LabelDirectory {
  const leaves = index.directories.categories.filter((category) => !index.nonLeafIds.has(category.id)).map((category) => prepareLeaf(category, index));
  numberLeavesByLabel(leaves);
  // A word of where goods stand is no misspelling of another (`Лампы настенные` are no `Настольные лампы`).
  const generalMatcher: CandidateMatcher<Category> = createCandidateMatcher(buildCategoryCandidates(index), { selectByLetters: true, readClassWord: readPlacementSpelling });
  // The label's own reading scores the same label words against the same leaf words as the general matcher: one table.
  const wordScore = generalMatcher.scoreWord;
  // One label is scored again when widened or rewritten: the general scores of a text are kept (bounded).
  const generalMemo = new Map<string, ScoredCandidate<Category>[]>();
  const general = {
    score(text: string, minScore: number): ScoredCandidate<Category>[] {
      const key = `${minScore}\u0001${text}`;
      let found = generalMemo.get(key);
      if (found === undefined) {
        found = generalMatcher.score(text, minScore);
        if (generalMemo.size < 20_000) generalMemo.set(key, found);
      }
      return found;
    },
  };
  let placementSections: ReadonlySet<string> | undefined;
  const nameWords = new Set(leaves.flatMap((leaf) => leaf.variants.flatMap((variant) => variant.words)));
  const nameStems = new Set(leaves.flatMap((leaf) => leaf.variants.flatMap((variant) => variant.words.map(stemForIndex))));
  return {
    leaves,
    byKey: new Map(leaves.map((leaf) => [leaf.key, leaf])),
    byPrefix: indexLeavesByPrefix(leaves),
    branchNames: collectBranchNames(leaves, index),
    general,
    namedByDirectory: (stem) => nameStems.has(stem),
    relations: { isNameWord: (word) => nameWords.has(word), isRelatedElsewhere: createRelatedElsewhere(leaves, (word, leaf) => isGatedClassWordOf(word, { id: leaf.category.id, path: leaf.category.path?.rus ?? '' }, () => getClassifierIndex(index.directories, index), index.directories)), onlyQualifies: createQualifierCheck(leaves) },
    wordScore,
    similarity: createLabelWordSimilarity(wordScore, nameWords),
    placementSections: () => (placementSections ??= readPlacementSections(readSortingWords(getClassifierIndex(index.directories, index)))),
  };
}

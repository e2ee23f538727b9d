import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { findDemographicMark } from '../demographic-words.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { isAkanyeSpelling } from '../read-word-forms.js';
import { measureBagDistance } from '../score-candidates.js';
import { foldKazakhLetters } from '../transliterate.js';
import { AKANYE_SCORE, FORM_SCORE } from './label-scores.js';
import { STOP_WORDS } from './label-text.js';
import type { ParsedLabel } from './parse-label.js';
import { listBranchNames, type PreparedLeaf, splitThingsList } from './prepare-leaf.js';
import { coverWords } from './score-label-word.js';

/** The words of a level above the leaves (`Смартфоны и гаджеты`, its Kazakh name), without stop words or whom it is for. */
interface BranchName {
  words: string[];
  /** The words with Kazakh letters folded (`foldKazakhLetters`). */
  folded: string[];
}

/** A part of a branch's list name (`Головные уборы` of `Головные уборы и текстиль`), and the Russian path of that branch. */
interface BranchPart extends BranchName {
  branchPath: string;
}

/** The branch names by their number of words, and the labels compared with them. */
export interface BranchNames {
  byCount: ReadonlyMap<number, readonly BranchName[]>;
  known: Map<string, boolean>;
  /** The parts of the branches' list names, by their number of words. */
  partsByCount: ReadonlyMap<number, readonly BranchPart[]>;
}

/** The names of every branch (their words), by their number of words. */
export function collectBranchNames(leaves: readonly PreparedLeaf[], index: DirectoryIndex): BranchNames {
  const byCount = new Map<number, BranchName[]>();
  const seenBranch = new Set<string>();
  for (const leaf of leaves) {
    for (const name of listBranchNames(leaf.category, index)) {
      const words = tokenizeForMatch(name).filter((word) => !STOP_WORDS.has(word) && findDemographicMark(word) === undefined);
      const key = words.join(' ');
      if (key !== '' && !seenBranch.has(key)) {
        seenBranch.add(key);
        let sameLength = byCount.get(words.length);
        if (sameLength === undefined) byCount.set(words.length, (sameLength = []));
        sameLength.push({ words, folded: words.map(foldKazakhLetters) });
      }
    }
  }
  return { byCount, known: new Map(), partsByCount: collectBranchParts(leaves) };
}

/** The parts of every branch's list name, Russian and Kazakh, each with the Russian path of its branch. */
function collectBranchParts(leaves: readonly PreparedLeaf[]): Map<number, BranchPart[]> {
  const byCount = new Map<number, BranchPart[]>();
  const seen = new Set<string>();
  for (const leaf of leaves) {
    const rus = leaf.groupKey.split(' / ');
    const kaz = (leaf.category.path?.kaz ?? '').split(' / ').slice(0, -1);
    rus.forEach((name, at) => {
      const branchPath = rus.slice(0, at + 1).join(' / ');
      if (seen.has(branchPath)) return;
      seen.add(branchPath);
      for (const part of [name, kaz.length === rus.length ? (kaz[at] ?? '') : ''].flatMap(splitThingsList)) {
        const words = tokenizeForMatch(part).filter((word) => !STOP_WORDS.has(word) && findDemographicMark(word) === undefined);
        if (words.length === 0) continue;
        let sameLength = byCount.get(words.length);
        if (sameLength === undefined) byCount.set(words.length, (sameLength = []));
        sameLength.push({ words, folded: words.map(foldKazakhLetters), branchPath });
      }
    });
  }
  return byCount;
}

/** The doubt of a label naming a part of a branch's list name, matched to a leaf outside that branch. */
export const BRANCH_PART_DOUBT = 'the label names a part of a branch of the directory, and this leaf stands outside that branch';

/**
 * Whether the label's words name a part of a branch's list name (`Головные уборы` of `Аксессуары / Головные уборы и
 * текстиль`) and the leaf stands outside that branch: the directory files those goods by their kinds there too, so a leaf of
 * the same name elsewhere (`Прочие аксессуары / Головные уборы`) is one place of two. A leaf is known by the parts of its
 * list name; a branch is too.
 */
export function namesBranchPartElsewhere(label: ParsedLabel, leaf: PreparedLeaf, branchNames: BranchNames, similarity: (a: string, b: string) => number): boolean {
  const words = label.words;
  const least = 1 - (1 - BRANCH_COVER) * words.length;
  const folded = words.map(foldKazakhLetters);
  return (branchNames.partsByCount.get(words.length) ?? []).some(
    (part) =>
      leaf.groupKey !== part.branchPath &&
      !leaf.groupKey.startsWith(`${part.branchPath} / `) &&
      pairsEveryWord(words, folded, part, least) &&
      coverWords(words, part.words, similarity) >= BRANCH_COVER &&
      coverWords(part.words, words, (a, b) => similarity(b, a)) >= BRANCH_COVER,
  );
}

/** The most a leaf scores for a label naming a branch (`Обувь`): one of its many leaves, as a product name's leaf is shown. */
export const BRANCH_LEAF_SCORE = 0.5;
/** The doubt of a label naming a branch. */
export const BRANCH_DOUBT = 'the label names a branch of the directory, not one leaf of it';

// Two texts name one another when each covers the other's words this well.
const BRANCH_COVER = 0.95;

/**
 * Whether the label's words name a branch: as many words as a branch name, each side covering the
 * other's at `BRANCH_COVER`. A branch name is compared only when every word of each side could be a
 * spelling of one on the other at the score that needs (`mayBeSpelling`): most never could. The
 * answer is kept per label (its words, and those the seller shortened: all the word scores depend on).
 */
export function isBranchName(label: ParsedLabel, branchNames: BranchNames, similarity: (a: string, b: string) => number): boolean {
  const words = label.words;
  const key = `${words.join(' ')}\u0001${words.filter((word) => label.abbreviated.has(word)).join(' ')}`;
  let named = branchNames.known.get(key);
  if (named === undefined) {
    // Each word's best score averages to the cover: one word below this cannot be made up by the others at 1.
    const least = 1 - (1 - BRANCH_COVER) * words.length;
    const folded = words.map(foldKazakhLetters);
    named = (branchNames.byCount.get(words.length) ?? []).some(
      (branch) =>
        pairsEveryWord(words, folded, branch, least) &&
        coverWords(words, branch.words, similarity) >= BRANCH_COVER &&
        coverWords(branch.words, words, (a, b) => similarity(b, a)) >= BRANCH_COVER,
    );
    if (branchNames.known.size >= MAX_KNOWN_LABELS) branchNames.known.clear();
    branchNames.known.set(key, named);
  }
  return named;
}

/** The most labels a matcher keeps a reading of. */
export const MAX_KNOWN_LABELS = 5_000;

/** Whether every word of the label, and every word of the branch name, could be a spelling of one on the other side. */
function pairsEveryWord(words: readonly string[], folded: readonly string[], branch: BranchName, least: number): boolean {
  const n = words.length;
  const m = branch.words.length;
  // Bit j: branch word j has a partner (branch names have a few words).
  let partnered = 0;
  for (let i = 0; i < n; i++) {
    let found = false;
    for (let j = 0; j < m; j++) {
      if (mayBeSpelling(words[i] ?? '', folded[i] ?? '', branch.words[j] ?? '', branch.folded[j] ?? '', least)) {
        found = true;
        partnered |= 1 << j;
      }
    }
    if (!found) return false;
  }
  return m > 30 ? branch.words.every((_, j) => words.some((_word, i) => mayBeSpelling(words[i] ?? '', folded[i] ?? '', branch.words[j] ?? '', branch.folded[j] ?? '', least))) : partnered === 2 ** m - 1;
}

// An edit costs this share of the longer word in the word score (`EDIT_WEIGHT` of `score-candidates.ts`).
const EDIT_COST = 0.75;

/**
 * Whether a label word could score `least` or more against a directory word: a cheap bound, never
 * false where the score would reach it. Every way a word scores 0.8 or more but two keeps the first
 * three letters, Kazakh letters folded (a form, a stem, an abbreviation, a dropped vowel, a changed
 * ending vowel) or is the word with Kazakh letters folded; the two are `а` written for an unstressed
 * `о` (`AKANYE_SCORE`) and a typo, whose edits are at least the letters the words do not share.
 */
function mayBeSpelling(seller: string, sellerFolded: string, directory: string, directoryFolded: string, least: number): boolean {
  if (sellerFolded === directoryFolded) return true;
  if (sellerFolded.length >= SHARED_START && directoryFolded.length >= SHARED_START && sellerFolded.startsWith(directoryFolded.slice(0, SHARED_START))) return true;
  if (least <= AKANYE_SCORE + 1e-9 && isAkanyeSpelling(seller, directory)) return true;
  // A typo costs an edit for each letter the words do not share (at least one), or one edit of their stems at a form's score.
  const longer = Math.max(seller.length, directory.length);
  if (FORM_SCORE * (1 - EDIT_COST / longer) >= least - 1e-9) return true;
  // Even one edit leaves a word this short below the score needed (0.95 for a one-word name): its letters are not counted.
  if (1 - EDIT_COST / longer < least - 1e-9) return false;
  const edits = Math.max(1, measureBagDistance(sellerFolded, directoryFolded));
  return 1 - (EDIT_COST * edits) / longer >= least - 1e-9;
}

// The letters a word shares with every form, stem or abbreviation of it that the word score knows.
const SHARED_START = 3;

import { stemForIndex } from '../classify/stem-for-index.js';
import { isLongerRootWord } from '../read-word-forms.js';
import { prefixKey } from './index-leaves.js';
import { GENERAL_CAP, LOOSE_CAP, MAX_SLIP_CHECKED_WORD } from './label-scores.js';
import type { ParsedLabel } from './parse-label.js';
import type { LabelDirectory } from './prepare-label-directory.js';
import type { PreparedLeaf } from './prepare-leaf.js';
import { findSwappedLetter, isLetterSlip } from './read-letter-slips.js';
import { scoreByName } from './score-by-name.js';

/** A shortlisted leaf scored by the label's words alone. */
export interface RawScore {
  leaf: PreparedLeaf;
  named: ReturnType<typeof scoreByName>;
  general: number;
  score: number;
}

/**
 * Scores the leaves a label may name by its words alone: those sharing a word beginning with it, and those the general
 * matcher finds. What the label's words alone give each leaf is the same for every context (a TODO is matched again with
 * the seller's other categories), so kept per label (bounded).
 */
export function createShortlistScorer(directory: LabelDirectory): (label: ParsedLabel, labelSimilarity: (a: string, b: string) => number) => RawScore[] {
  const { leaves, byKey, byPrefix, general, relations } = directory;
  const rawMemo = new Map<string, RawScore[]>();
  return (label, labelSimilarity) => {
    const key = [label.plain, label.words.join(' '), label.head.join(' '), label.kind.join(' '), [...label.abbreviated].join(' ')].join('\u0001');
    const known = rawMemo.get(key);
    if (known !== undefined) return known;
    const shortlist = new Set<PreparedLeaf>();
    for (const word of label.words) for (const leaf of byPrefix.get(prefixKey(word)) ?? []) shortlist.add(leaf);
    const generalScores = new Map<string, number>();
    if (label.plain !== '') {
      for (const candidate of general.score(label.plain, 0.4)) {
        generalScores.set(candidate.key, candidate.score);
        const leaf = byKey.get(candidate.key);
        if (leaf !== undefined) shortlist.add(leaf);
      }
    }
    if (label.words.length === 0) for (const leaf of leaves) shortlist.add(leaf);

    const raw = [...shortlist].map((leaf) => {
      const named = scoreByName(label, leaf, labelSimilarity, relations);
      // The general matcher reads typos and transliterations: a leaf that names one word of the label in its own words and
      // not another (`Сухофрукты` for `Сухофрукты и орехи`), or whose word only begins as the label's (`Угольники` for
      // `Уголь`), is no misspelling of the label, so its likeness asks.
      const loose = Math.min(named.namesPart && !named.partial ? LOOSE_CAP : GENERAL_CAP, generalScores.get(leaf.key) ?? 0);
      // Nor is a leaf whose word goes on from a label word's stem into another root (`Котлеты` for `Котлы`): the label's own
      // reading, which holds such a word down, is all its likeness.
      // Nor one whose short word is the label's with one letter no slip of the keyboard or the sound (`Слайсеры` for
      // `Слайдеры`): another word, as the label's own reading holds it.
      const general = isReachedByLongerRoot(label.words, leaf) || isReachedByOtherLetter(label.words, leaf) ? Math.min(loose, named.score) : loose;
      return { leaf, named, general, score: Math.max(named.score, general) };
    });
    if (rawMemo.size >= 5_000) rawMemo.clear();
    rawMemo.set(key, raw);
    return raw;
  };
}

/** Whether a Russian word of a leaf's names is a label word's root gone on into another word (`isLongerRootWord`), and no label word is its stem. */
function isReachedByLongerRoot(labelWords: readonly string[], leaf: PreparedLeaf): boolean {
  return leaf.variants.some(
    (variant) =>
      variant.language === 'rus' &&
      variant.words.some((word) => labelWords.some((labelWord) => isLongerRootWord(labelWord, word)) && !labelWords.some((labelWord) => stemForIndex(labelWord) === stemForIndex(word))),
  );
}

/** Whether a short Russian word of a leaf's names is a label word with one letter changed into one that is no slip of it (`findSwappedLetter`, `isLetterSlip`). */
function isReachedByOtherLetter(labelWords: readonly string[], leaf: PreparedLeaf): boolean {
  return leaf.variants.some(
    (variant) =>
      variant.language === 'rus' &&
      variant.words.some((word) =>
        labelWords.some((labelWord) => {
          if (labelWord.length > MAX_SLIP_CHECKED_WORD) return false;
          const swapped = findSwappedLetter(labelWord, word);
          return swapped !== undefined && !isLetterSlip(...swapped);
        }),
      ),
  );
}

/**
 * The decision for one seller value: `exact` (its normalised text is one entry's own name),
 * `confident` (one entry scores high and clearly ahead of the next) or `todo` (a person must
 * choose; the three best candidates are kept for the TODO comment). The thresholds were set on
 * the matching test set (`test/fixtures/matching/`) so that wrong confident matches stay below
 * 1%; where in doubt the value is left as TODO: a wrong match that looks certain is worse than a
 * question.
 */
import { hasCyrillic } from './normalize-for-match.js';
import type { CandidateMatcher, ScoredCandidate } from './score-candidates.js';

/** How sure the assistant is. */
export type MatchStatus = 'exact' | 'confident' | 'todo';

/** The decision for one value. */
export interface ValueMatch<T> {
  /** The seller's text. */
  text: string;
  status: MatchStatus;
  /** The chosen entry (exact and confident only). */
  best?: ScoredCandidate<T>;
  /** The best three candidates, best first (also for exact and confident matches). */
  candidates: ScoredCandidate<T>[];
  /** Why a match that looked sure was left a question (`the leaf does not explain "зажигания" of the label`). */
  doubt?: string;
  /** The label's words the leaf does not explain, when they alone made the match a question (the classifier's `heldBy`). */
  heldBy?: readonly string[];
}

/** Thresholds of a confident match. */
export interface MatchThresholds {
  /** Lowest score of a confident match. */
  minScore: number;
  /** Smallest lead of the best candidate over the second. */
  minGap: number;
}

/** The thresholds measured on the test set (see docs/mapping-assistant.md). */
export const DEFAULT_MATCH_THRESHOLDS: MatchThresholds = { minScore: 0.86, minGap: 0.08 };

/**
 * Brands are names, not words: one letter makes another company (`Nokian` is not `Nokia`), so a
 * brand spelled in the same script is matched confidently only when at most one letter differs in
 * a name of seven letters or more (`Samsnug`), or by noise words (`Samsung Electronics`).
 */
const BRAND_MATCH_THRESHOLDS: MatchThresholds = { minScore: 0.885, minGap: 0.08 };

/**
 * A brand written in the other script (`Дайсон` for `Dyson`) cannot be matched letter for
 * letter: a lower score suffices when no other brand comes near.
 */
const BRAND_TRANSLITERATION_THRESHOLDS: MatchThresholds = { minScore: 0.8, minGap: 0.2 };

/**
 * The score a brand found by its sound shows (`Хаггис` → `Huggies`): the lowest of a
 * transliteration, since the letters agree less than the sounds.
 */
const BRAND_SOUND_SCORE = BRAND_TRANSLITERATION_THRESHOLDS.minScore;
// Two consonants (`Эпл`, `Фейри`) are a short key: it decides only for the brand the letters already put first.
const SOUND_KEY_ALONE = 3;
// ...and only when the letters themselves come that near (`Фейри`/`Fairy` 0.81), not when the brand is first among nothing.
const SHORT_KEY_LETTERS = 0.6;

/**
 * Matches a seller's brand text: strict for same-script spellings, looser for transliterations
 * with a clear lead, and by sound for Cyrillic spellings of Latin names (`match-brand-by-sound.ts`):
 * confident when the sound names one brand and no Cyrillic brand is as near; otherwise the
 * brands it names lead the TODO's candidates.
 */
export function matchBrand<T extends { name: string }>(text: string, matcher: CandidateMatcher<T>, sounds: { find(text: string): { brands: readonly { name: string }[]; consonants: number } }): ValueMatch<T> {
  if (text.trim() === '') return { text, status: 'todo', candidates: [] };
  // Scored once: the strict, the transliteration and the sound decisions read the same scores.
  const scored = matcher.score(text, 0);
  const strict = decideValue(text, scored, BRAND_MATCH_THRESHOLDS);
  if (strict.status !== 'todo') return strict;
  const best = strict.candidates[0];
  if (best !== undefined && hasCyrillic(text) !== hasCyrillic(best.entry.name)) {
    const loose = decideValue(text, scored, BRAND_TRANSLITERATION_THRESHOLDS);
    if (loose.status !== 'todo') return loose;
  }
  return matchBrandBySound(strict, scored, sounds.find(text));
}

function matchBrandBySound<T extends { name: string }>(strict: ValueMatch<T>, scored: readonly ScoredCandidate<T>[], found: { brands: readonly { name: string }[]; consonants: number }): ValueMatch<T> {
  if (found.brands.length === 0) return strict;
  const names = new Set(found.brands.map((brand) => brand.name));
  const bySound = scored
    .filter((candidate) => names.has(candidate.entry.name))
    .map((candidate) => ({ ...candidate, score: Math.max(candidate.score, BRAND_SOUND_SCORE), exact: false }));
  const others = strict.candidates.filter((candidate) => !names.has(candidate.entry.name));
  const candidates = [...bySound, ...others].slice(0, Math.max(TODO_CANDIDATES, bySound.length));
  const [only] = bySound;
  const first = strict.candidates[0];
  // A Cyrillic brand as near as the sound (`Тулпар` beside `Tulpar`) is a rival the sound cannot rule out.
  const cyrillicRival = strict.candidates.some((candidate) => hasCyrillic(candidate.entry.name) && candidate.score >= BRAND_SOUND_SCORE);
  const decides = found.consonants >= SOUND_KEY_ALONE || (first !== undefined && first.entry.name === only?.entry.name && first.score >= SHORT_KEY_LETTERS);
  if (bySound.length === 1 && only !== undefined && decides && !cyrillicRival) return { text: strict.text, status: 'confident', best: only, candidates };
  return { text: strict.text, status: 'todo', candidates };
}

/** How many candidates a TODO shows. */
export const TODO_CANDIDATES = 3;

/** Matches one seller value. Empty text is always a TODO without candidates. */
export function matchValue<T>(text: string, matcher: CandidateMatcher<T>, thresholds: MatchThresholds = DEFAULT_MATCH_THRESHOLDS): ValueMatch<T> {
  if (text.trim() === '') return { text, status: 'todo', candidates: [] };
  // Every candidate, however weak: a TODO always offers the top three, with scores that show how weak they are.
  return decideValue(text, matcher.score(text, 0), thresholds);
}

/** The decision for a value from its candidates, every one scored, best first. */
function decideValue<T>(text: string, scored: readonly ScoredCandidate<T>[], thresholds: MatchThresholds): ValueMatch<T> {
  const candidates = scored.slice(0, TODO_CANDIDATES);
  const exact = scored.filter((candidate) => candidate.exact);
  if (exact.length === 1 && exact[0] !== undefined) return { text, status: 'exact', best: exact[0], candidates };
  // Two entries with the same name (`Джинсы` for women and for men): a person must choose.
  if (exact.length > 1) return { text, status: 'todo', candidates: exact.slice(0, Math.max(TODO_CANDIDATES, exact.length)) };
  const [first, second] = scored;
  if (first !== undefined && first.score >= thresholds.minScore && (second === undefined || first.score - second.score >= thresholds.minGap)) {
    return { text, status: 'confident', best: first, candidates };
  }
  return { text, status: 'todo', candidates };
}

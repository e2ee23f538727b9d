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
export const BRAND_MATCH_THRESHOLDS: MatchThresholds = { minScore: 0.885, minGap: 0.08 };

/**
 * A brand written in the other script (`Дайсон` for `Dyson`) cannot be matched letter for
 * letter: a lower score suffices when no other brand comes near.
 */
export const BRAND_TRANSLITERATION_THRESHOLDS: MatchThresholds = { minScore: 0.8, minGap: 0.2 };

/** Matches a seller's brand text: strict for same-script spellings, looser for transliterations with a clear lead. */
export function matchBrand<T extends { name: string }>(text: string, matcher: CandidateMatcher<T>): ValueMatch<T> {
  const strict = matchValue(text, matcher, BRAND_MATCH_THRESHOLDS);
  if (strict.status !== 'todo') return strict;
  const best = strict.candidates[0];
  if (best === undefined || hasCyrillic(text) === hasCyrillic(best.entry.name)) return strict;
  const loose = matchValue(text, matcher, BRAND_TRANSLITERATION_THRESHOLDS);
  return loose.status === 'todo' ? strict : loose;
}

/** How many candidates a TODO shows. */
export const TODO_CANDIDATES = 3;

/** Matches one seller value. Empty text is always a TODO without candidates. */
export function matchValue<T>(text: string, matcher: CandidateMatcher<T>, thresholds: MatchThresholds = DEFAULT_MATCH_THRESHOLDS): ValueMatch<T> {
  if (text.trim() === '') return { text, status: 'todo', candidates: [] };
  // Every candidate, however weak: a TODO always offers the top three, with scores that show how weak they are.
  const scored = matcher.score(text, 0);
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

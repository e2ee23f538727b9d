/**
 * Runs the matching test set through `matchValue` and counts the outcomes: matched correctly at
 * the top (exact or confident, right entry), left as TODO, matched wrongly (exact or confident,
 * wrong entry, or any match where the right answer is TODO).
 */
import type { Directories } from '../../src/domain/index.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { matchValue, type MatchThresholds, type ValueMatch } from '../../src/assistant/match-value.js';
import { buildCategoryPath } from '../../src/mapping/directory-index.js';
import { createReferenceData, type ReferenceBreadth } from '../../src/sandbox/reference-data.js';
import { MATCHING_PAIRS, type MatchingPair } from '../fixtures/matching/pairs.js';

/** One pair's outcome. */
export interface PairOutcome {
  pair: MatchingPair;
  outcome: 'correct' | 'todo' | 'wrong';
  status: ValueMatch<unknown>['status'];
  /** What was chosen (label), when something was. */
  chosen?: string;
  /** Whether the right entry is among the TODO's candidates. */
  inCandidates: boolean;
  candidates: string[];
}

/** The three shares and the details. */
export interface MatchingQuality {
  total: number;
  correct: number;
  todo: number;
  wrong: number;
  /** Pairs whose right answer is an entry, and of those, the TODOs that list it among their three candidates. */
  todoWithRightCandidate: number;
  outcomes: PairOutcome[];
}

/**
 * The directories as the sandbox serves them (leaf categories only). The labelled sets default to
 * the `original` breadth: their right answers, "no leaf fits" included, were written against it;
 * in the marketplace-sized directory some of those labels have a leaf of their own.
 */
export function buildSandboxDirectories(breadth: ReferenceBreadth = 'original'): Directories {
  const reference = createReferenceData(1, breadth);
  return {
    categories: reference.categories.filter((category) => category.isLeaf).map(({ level: _level, ...category }) => category),
    attributes: reference.attributes,
    values: reference.values,
    brands: reference.brands,
    fetchedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** Measures the test set (its pairs are written for the directory the sandbox serves today). */
export function measureMatchingQuality(
  thresholds?: MatchThresholds,
  pairs: readonly MatchingPair[] = MATCHING_PAIRS,
  breadth: ReferenceBreadth = 'marketplace',
): MatchingQuality {
  const directories = buildSandboxDirectories(breadth);
  const matchers = createDirectoryMatchers(directories);
  const index = matchers.index;
  const outcomes: PairOutcome[] = [];
  for (const pair of pairs) {
    let match: ValueMatch<unknown>;
    let keyOf: (entry: unknown) => string;
    if (pair.kind === 'category') {
      match = matchValue(pair.text, matchers.categories(), thresholds);
      keyOf = (entry) => buildCategoryPath(entry as Directories['categories'][number], index.categoryById);
    } else if (pair.kind === 'brand') {
      match = matchValue(pair.text, matchers.brands(), thresholds);
      keyOf = (entry) => (entry as Directories['brands'][number]).name;
    } else {
      const matcher = matchers.values(pair.attribute ?? '');
      if (matcher === undefined) throw new Error(`unknown attribute ${pair.attribute}`);
      match = matchValue(pair.text, matcher, thresholds);
      keyOf = (entry) => (entry as Directories['values'][number]).code;
    }
    const candidates = match.candidates.map((candidate) => keyOf(candidate.entry));
    const inCandidates = pair.expected !== null && candidates.includes(pair.expected);
    if (match.status === 'todo' || match.best === undefined) {
      outcomes.push({ pair, outcome: 'todo', status: match.status, inCandidates, candidates });
      continue;
    }
    const chosen = keyOf(match.best.entry);
    outcomes.push({ pair, outcome: chosen === pair.expected ? 'correct' : 'wrong', status: match.status, chosen, inCandidates, candidates });
  }
  const count = (outcome: PairOutcome['outcome']): number => outcomes.filter((o) => o.outcome === outcome).length;
  return {
    total: outcomes.length,
    correct: count('correct'),
    todo: count('todo'),
    wrong: count('wrong'),
    todoWithRightCandidate: outcomes.filter((o) => o.outcome === 'todo' && o.inCandidates).length,
    outcomes,
  };
}

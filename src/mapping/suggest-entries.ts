/**
 * Nearest directory entries for a value that matched nothing, so that an error can say
 * "did you mean: …". A score is the better of two similarities of the normalised names: trigram
 * similarity (Sørensen–Dice over padded character trigrams, plus a bonus when one name contains the
 * other), which is good at reordered or extra words, and edit similarity (1 − edit distance with
 * transpositions / longer length, counted only for up to one edit per four characters), which is
 * good at typos.
 */
import { countEdits } from '../core/count-edits.js';
import type { IssueData } from '../core/issue.js';
import { normalizeName } from './normalize-name.js';

/** Something a value can be matched against: the text shown to the user and the names it is known by. */
export interface SuggestionCandidate<T> {
  /** What the suggestion shows, e.g. `Красный (red)`. */
  label: string;
  /** Names to compare with (Russian, Kazakh, code, path); already normalised keys or raw text. */
  names: readonly string[];
  /** The entry itself. */
  entry: T;
}

/** One suggestion with its score in [0, 1]. */
export interface Suggestion<T> {
  label: string;
  score: number;
  entry: T;
}

/** The `limit` candidates most similar to `value`, best first; candidates scoring below `minScore` are left out. */
export function suggestEntries<T>(
  value: string,
  candidates: Iterable<SuggestionCandidate<T>>,
  options: { limit?: number; minScore?: number } = {},
): Suggestion<T>[] {
  const limit = options.limit ?? 3;
  const minScore = options.minScore ?? 0.4;
  const key = normalizeName(value);
  if (key === '') return [];
  const grams = buildTrigrams(key);
  const scored: Suggestion<T>[] = [];
  for (const candidate of candidates) {
    let best = 0;
    for (const name of candidate.names) {
      const score = scoreSimilarity(key, grams, normalizeName(name));
      if (score > best) best = score;
    }
    if (best >= minScore) scored.push({ label: candidate.label, score: best, entry: candidate.entry });
  }
  scored.sort((a, b) => b.score - a.score || a.label.localeCompare(b.label));
  return scored.slice(0, limit);
}

/** Suggestions as issue data: the hint `did_you_mean` ("did you mean: Красный, Красно-синий?"), none without suggestions. */
export function describeSuggestions(suggestions: readonly Suggestion<unknown>[]): IssueData {
  if (suggestions.length === 0) return {};
  return { hint: 'did_you_mean', suggestions: suggestions.map((s) => s.label).join(', ') };
}

/** Renders suggestions as a hint: `did you mean: Красный, Красно-синий?`. */
export function formatSuggestions(suggestions: readonly Suggestion<unknown>[]): string | undefined {
  if (suggestions.length === 0) return undefined;
  return `did you mean: ${suggestions.map((s) => s.label).join(', ')}?`;
}

function scoreSimilarity(key: string, grams: Map<string, number>, other: string): number {
  if (other === '') return 0;
  if (key === other) return 1;
  const otherGrams = buildTrigrams(other);
  let shared = 0;
  let total = 0;
  for (const count of grams.values()) total += count;
  for (const [gram, count] of otherGrams) {
    total += count;
    const mine = grams.get(gram);
    if (mine !== undefined) shared += Math.min(mine, count);
  }
  const dice = total === 0 ? 0 : (2 * shared) / total;
  // A seller often writes a shorter or longer form of the entry ("Футболка" for "Футболки мужские").
  const contains = key.includes(other) || other.includes(key) ? 0.15 : 0;
  // Edit similarity stands for typos only: a few edits for the length, else short names would
  // look alike just for being short.
  const longer = Math.max(key.length, other.length);
  const edits = countEdits(key, other);
  const edit = edits <= Math.max(1, Math.floor(longer / 4)) ? 1 - edits / longer : 0;
  return Math.min(0.99, Math.max(dice + contains, edit));
}

function buildTrigrams(key: string): Map<string, number> {
  const padded = `  ${key} `;
  const grams = new Map<string, number>();
  const chars = Array.from(padded);
  for (let i = 0; i + 3 <= chars.length; i++) {
    const gram = chars.slice(i, i + 3).join('');
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

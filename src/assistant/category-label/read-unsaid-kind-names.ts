/**
 * A product name the classifier doubts only because the directory sorts its plain leaf's goods by kind in a branch of their
 * own and the name says no kind (`classify/kinds-sorted-elsewhere.ts`: `Корм для кошек 400 г` beside dry, wet and
 * veterinary cat food). Under a category label that names no kind either (`Мысық жемі`, cat food), the seller's category
 * is the plain leaf: the kind is unsaid by the label and the rows alike, which is what the plain leaf holds. A label naming
 * a kind (`Сухой корм`) ranks that kind's leaf at least as high as the plain one, and the name stays a question.
 */
import type { Category } from '../../domain/index.js';
import type { Classification } from '../classify/classifier-types.js';
import { readKindsSortedElsewhereDoubt } from '../classify/kinds-sorted-elsewhere.js';
import type { ValueMatch } from '../match-value.js';

/** The paths of the kinds a classification's only doubt says its plain leaf's goods are sorted by, if that is its doubt. */
export function readUnsaidKinds(result: Classification): string[] | undefined {
  if (result.confident || result.doubt === undefined) return undefined;
  // The classifier writes and reads that doubt's text in one file, so a change of its wording cannot lose this rule.
  return readKindsSortedElsewhereDoubt(result.doubt);
}

/**
 * The names' readings with each doubted only for an unsaid kind taken as sure, where the label names no kind: the label
 * ranks the plain leaf, and every kind's leaf it ranks at all below it. Other readings are kept as they are.
 */
export function acceptUnsaidKindNames(match: ValueMatch<Category>, results: readonly Classification[]): Classification[] {
  return results.map((result) => {
    const kinds = readUnsaidKinds(result);
    if (kinds === undefined || result.leafId === undefined) return result;
    const plain = match.candidates.find((candidate) => candidate.key === String(result.leafId));
    if (plain === undefined) return result;
    const ranked = match.candidates.map((candidate) => ({ path: candidate.entry.path?.rus ?? '', score: candidate.score }));
    return ranksKind(kinds, ranked, plain.score) ? result : { ...result, confident: true };
  });
}

/** Whether a label ranks one of the sorted kinds (by path) at least as high as the plain leaf: then it names a kind. */
export function ranksKind(kinds: readonly string[], ranked: readonly { path: string; score: number }[], plainScore: number): boolean {
  return ranked.some((leaf) => kinds.includes(leaf.path) && leaf.score >= plainScore);
}

/**
 * The seller's answer for a row's own group (issue 33, item 1): a `categories:` key that is the
 * text of one of the row's groups (`lookup: category`'s `groups:`), e.g. the label `mapping init`
 * mapped. It is read only after the seller's type answers and the classifier's sure pick, for a row
 * the classifier leaves unsure, and taken where the reading leaves room for it (`decide-row-category.ts`): the nearest group first (the deepest column, then the deepest level of
 * a cell that is a path `A / B`, then the cell whole). `lookup: category` and `mapping review` both
 * use it, so the review counts as answered the rows the import places by it.
 */
import { normalizeName, splitPathLevels } from '../../mapping/normalize-name.js';

/** Keys the pairs by `normalizeName` (as `categories:` keys are matched); an earlier pair wins a key. */
export function indexGroupAnswers<T>(pairs: Iterable<readonly [string, T]>): Map<string, T> {
  const index = new Map<string, T>();
  for (const [key, value] of pairs) {
    const normal = normalizeName(key);
    if (normal !== '' && !index.has(normal)) index.set(normal, value);
  }
  return index;
}

/** The answer of the nearest group text of `groupPath` (top level first) that is a key, with the text it met; undefined when none is. */
export function findGroupAnswer<T>(answers: ReadonlyMap<string, T>, groupPath: readonly string[]): { group: string; answer: T } | undefined {
  if (answers.size === 0) return undefined;
  for (let at = groupPath.length - 1; at >= 0; at -= 1) {
    const cell = groupPath[at] ?? '';
    const levels = splitPathLevels(cell);
    for (const text of [...levels.reverse(), cell]) {
      const answer = answers.get(normalizeName(text));
      if (answer !== undefined) return { group: text, answer };
    }
  }
  return undefined;
}

/**
 * The levels of a row's group cells (top level first), as every caller hands them to the classifier: each cell split into the
 * levels it writes (`splitPathLevels`: `Одежда / Детская одежда` two, `Сковороды/кастрюли` one), never a joined string split again.
 */
export function readGroupLevels(cells: readonly string[]): string[] {
  return cells.flatMap((cell) => splitPathLevels(cell));
}

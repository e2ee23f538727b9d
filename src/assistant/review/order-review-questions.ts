/**
 * The order the review asks its questions in, across both kinds (a product type's leaf, a word's
 * harmlessness): each next question is the one that settles the most rows not settled by the
 * questions before it (greedy, pure), so that a seller who answers the first 50 settles the most of
 * the file. A row held back only by a word belongs to its product type too: asked once, it is
 * counted for the first of the two questions only.
 */
import type { ProductTypeGroup, UnplacedWord } from './collect-product-types.js';

/** One question of the review, with the rows it settles in this order. */
export type ReviewQuestion = ({ kind: 'type'; group: ProductTypeGroup } | { kind: 'word'; word: UnplacedWord }) & {
  /** 1 = ask first. */
  order: number;
  /** Rows it settles beyond the questions before it. */
  settles: number;
};

/** Orders the questions; rows of `settled` (serials) are settled already (the seller's marketplace products). */
export function orderReviewQuestions(groups: readonly ProductTypeGroup[], words: readonly UnplacedWord[], settled: ReadonlySet<number> = new Set()): ReviewQuestion[] {
  const done = new Set(settled);
  type Pending = { question: { kind: 'type'; group: ProductTypeGroup } | { kind: 'word'; word: UnplacedWord }; rows: readonly number[]; count: number };
  const count = (rows: readonly number[]): number => rows.reduce((total, row) => total + (done.has(row) ? 0 : 1), 0);
  const pending: Pending[] = [
    ...groups.map((group): Pending => ({ question: { kind: 'type', group }, rows: group.openRows, count: count(group.openRows) })),
    ...words.map((word): Pending => ({ question: { kind: 'word', word }, rows: word.rows, count: count(word.rows) })),
  ].filter((item) => item.count > 0);
  const byCount = (a: Pending, b: Pending): number => b.count - a.count || rowsOf(b) - rowsOf(a) || nameOf(a).localeCompare(nameOf(b));
  pending.sort(byCount);
  const ordered: ReviewQuestion[] = [];
  // A type whose rows the words before it settle is still asked, last: the seller may say a word is not harmless.
  const later: ProductTypeGroup[] = [];
  // Lazy greedy: a question's count only falls, so the head is taken when its fresh count still leads.
  while (pending.length > 0) {
    const head = pending.shift() as Pending;
    const fresh = count(head.rows);
    if (fresh === 0) {
      if (head.question.kind === 'type') later.push(head.question.group);
      continue;
    }
    const next = pending[0];
    if (next !== undefined && fresh < head.count && byCount({ ...head, count: fresh }, next) > 0) {
      head.count = fresh;
      insertSorted(pending, head, byCount);
      continue;
    }
    for (const row of head.rows) done.add(row);
    ordered.push({ ...head.question, order: ordered.length + 1, settles: fresh });
  }
  for (const group of later) ordered.push({ kind: 'type', group, order: ordered.length + 1, settles: 0 });
  return ordered;
}

function rowsOf(item: { question: { kind: 'type'; group: ProductTypeGroup } | { kind: 'word'; word: UnplacedWord } }): number {
  return item.question.kind === 'type' ? item.question.group.rows : item.question.word.rows.length;
}

function nameOf(item: { question: { kind: 'type'; group: ProductTypeGroup } | { kind: 'word'; word: UnplacedWord } }): string {
  return item.question.kind === 'type' ? item.question.group.type : item.question.word.word;
}

function insertSorted<T>(list: T[], item: T, compare: (a: T, b: T) => number): void {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare(list[middle] as T, item) <= 0) low = middle + 1;
    else high = middle;
  }
  list.splice(low, 0, item);
}

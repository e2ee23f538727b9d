/**
 * The order the review asks its questions in, across every kind (a product type's leaf, a group of
 * types proposed one leaf, a word's harmlessness): each next question is the one that settles the
 * most rows not settled by the questions before it (greedy, pure), so that a seller who answers the
 * first 50 settles the most of the file. A row held back only by a word belongs to its product type
 * too: asked once, it is counted for the first of the two questions only. Within each round of 50 so
 * picked, the questions are asked the most rows per cell the seller fills first: a seller who stops
 * after a number of filled cells, not of questions, has then settled the most rows too.
 */
import type { ProductTypeGroup, UnplacedWord } from './collect-product-types.js';
import type { LeafGroup } from './group-types-by-leaf.js';

/**
 * The questions of one round: what a seller is expected to answer at a sitting (issue 33's "50 review answers"). The
 * greedy order picks each round's questions by the rows they settle; the round asks them by rows per cell
 * (`askRoundsByCells`). On the generated price list this ordering took the rows right after 50 filled cells from 79.4 %
 * to 81.3 % (seed 7: 74.8 % to 79.4 %), the 50 questions' figures unchanged (the same questions).
 */
export const ROUND_QUESTIONS = 50;

/** What one question asks. */
export type ReviewQuestionSubject = { kind: 'type'; group: ProductTypeGroup } | { kind: 'group'; leafGroup: LeafGroup } | { kind: 'word'; word: UnplacedWord };

/** One question of the review, with the rows it settles in this order. */
export type ReviewQuestion = ReviewQuestionSubject & {
  /** 1 = ask first. */
  order: number;
  /** Rows it settles beyond the questions before it. */
  settles: number;
};

/**
 * Orders the questions; rows of `settled` (serials) are settled already (the seller's marketplace
 * products). `types` are asked one by one, `leafGroups` one question per group.
 */
export function orderReviewQuestions(types: readonly ProductTypeGroup[], words: readonly UnplacedWord[], settled: ReadonlySet<number> = new Set(), leafGroups: readonly LeafGroup[] = []): ReviewQuestion[] {
  const done = new Set(settled);
  // `total`: every row of the question, settled or not (the tie-break); `name`: the last tie-break.
  type Pending = { question: ReviewQuestionSubject; rows: readonly number[]; count: number; total: number; name: string };
  const count = (rows: readonly number[]): number => rows.reduce((total, row) => total + (done.has(row) ? 0 : 1), 0);
  const pend = (question: ReviewQuestionSubject): Pending => ({ question, rows: readOpenRows(question), count: count(readOpenRows(question)), total: rowsOf(question), name: nameOf(question) });
  const pending: Pending[] = [
    ...types.map((group) => pend({ kind: 'type', group })),
    ...leafGroups.map((leafGroup) => pend({ kind: 'group', leafGroup })),
    ...words.map((word) => pend({ kind: 'word', word })),
  ].filter((item) => item.count > 0);
  const byCount = (a: Pending, b: Pending): number => b.count - a.count || b.total - a.total || a.name.localeCompare(b.name);
  pending.sort(byCount);
  const ordered: ReviewQuestion[] = [];
  // A question whose rows the words before it settle is still asked, last: the seller may say a word is not harmless.
  const later: ReviewQuestionSubject[] = [];
  // Lazy greedy: a question's count only falls, so the head is taken when its fresh count still leads.
  while (pending.length > 0) {
    const head = pending.shift() as Pending;
    const fresh = count(head.rows);
    if (fresh === 0) {
      if (head.question.kind !== 'word') later.push(head.question);
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
  for (const question of later) ordered.push({ ...question, order: ordered.length + 1, settles: 0 });
  return askRoundsByCells(ordered, settled);
}

/**
 * The questions in rounds of `ROUND_QUESTIONS` of the greedy order, each round asked the most rows per cell first (a group
 * whose lines are mostly answered on their own rows, a cell each, after a group one `yes` settles); which questions a round
 * holds does not change. Within a round each next question is the one settling the most rows per cell that the questions
 * asked before it leave open (counted again at each pick, so a question whose rows an earlier one settled does not keep
 * its place by the rows it had), ties in the greedy order; `settles` is what it settles in this order.
 */
function askRoundsByCells(ordered: readonly ReviewQuestion[], settled: ReadonlySet<number>): ReviewQuestion[] {
  const done = new Set(settled);
  const asked: ReviewQuestion[] = [];
  for (let start = 0; start < ordered.length; start += ROUND_QUESTIONS) {
    const round = ordered.slice(start, start + ROUND_QUESTIONS);
    // Each question's rows still open, counted once; a pick lowers the counts of the questions sharing its rows (`holders`),
    // so no question's rows are read again at each pick (reading them all per pick cost ~1 s on 100,000 rows).
    const rowsOf = round.map(readOpenRows);
    const open = rowsOf.map((rows) => rows.reduce((total, row) => total + (done.has(row) ? 0 : 1), 0));
    const holders = new Map<number, number[]>();
    rowsOf.forEach((rows, i) => {
      for (const row of rows) {
        if (done.has(row)) continue;
        const list = holders.get(row);
        if (list === undefined) holders.set(row, [i]);
        else list.push(i);
      }
    });
    const cells = round.map(countAnswerCells);
    const left = round.map((_, i) => i);
    while (left.length > 0) {
      let best = 0;
      let bestValue = -1;
      left.forEach((i, at) => {
        const value = (open[i] ?? 0) / (cells[i] ?? 1);
        if (value > bestValue) [best, bestValue] = [at, value];
      });
      const [picked] = left.splice(best, 1) as [number];
      const question = round[picked] as ReviewQuestion;
      const fresh = (rowsOf[picked] ?? []).filter((row) => !done.has(row));
      for (const row of fresh) {
        if (done.has(row)) continue;
        done.add(row);
        for (const holder of holders.get(row) ?? []) open[holder] = (open[holder] ?? 0) - 1;
      }
      asked.push({ ...question, order: asked.length + 1, settles: fresh.length });
    }
  }
  return asked;
}

/**
 * The cells a seller fills to answer a question, as far as the review knows before the answers: one, but for a group one
 * per line answered on its own row, and one for the group's row when its `yes` takes any line (a `no` leaving a line out is
 * one more, which only the seller knows).
 */
export function countAnswerCells(question: ReviewQuestionSubject): number {
  if (question.kind !== 'group') return 1;
  const own = question.leafGroup.ownAnswers?.size ?? 0;
  return own + (question.leafGroup.types.length > own ? 1 : 0);
}

/** The rows a question's answer settles (serials), settled before or not. */
function readOpenRows(question: ReviewQuestionSubject): readonly number[] {
  if (question.kind === 'type') return question.group.openRows;
  if (question.kind === 'group') return question.leafGroup.types.flatMap((type) => type.openRows);
  return question.word.rows;
}

function rowsOf(question: ReviewQuestionSubject): number {
  if (question.kind === 'type') return question.group.rows;
  if (question.kind === 'group') return question.leafGroup.types.reduce((total, type) => total + type.rows, 0);
  return question.word.rows.length;
}

function nameOf(question: ReviewQuestionSubject): string {
  if (question.kind === 'type') return question.group.type;
  if (question.kind === 'group') return question.leafGroup.types[0]?.type ?? '';
  return question.word.word;
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

/**
 * The ask order weighs the cells a seller fills (issue 33, "≤ 50 review answers" read as filled cells): within a round of
 * `ROUND_QUESTIONS` questions picked by the rows they settle, the question that settles the most rows per cell is asked
 * first, so a group whose lines are each answered on their own row (`own answer`, a cell each) comes after a group one `yes`
 * settles and after a type of fewer rows. Which questions a round holds never changes: a seller who answers 50 questions
 * settles the same rows as before.
 */
import { describe, expect, it } from 'vitest';
import type { Classification } from '../../../src/assistant/classify/classifier-types.js';
import type { ProductTypeGroup, UnplacedWord } from '../../../src/assistant/review/collect-product-types.js';
import type { LeafGroup } from '../../../src/assistant/review/group-types-by-leaf.js';
import { countAnswerCells, orderReviewQuestions, ROUND_QUESTIONS, type ReviewQuestion } from '../../../src/assistant/review/order-review-questions.js';

const LEAF = { id: 70303, path: 'Детские товары / Школа и творчество / Тетради' };

let serial = 0;
/** An unsure product type of `rows` open rows, proposed one leaf. */
function buildType(type: string, rows: number): ProductTypeGroup {
  const classification: Classification = { leafId: LEAF.id, path: LEAF.path, confidence: 0.9, confident: false, evidence: [], alternatives: [], productType: type, doubt: 'the type matches the leaf only weakly' };
  const openRows = Array.from({ length: rows }, () => (serial += 1));
  return { type, rows, placedRows: 0, examples: [`${type} Brand`], classification, firstRows: [], openRows, placedByPath: new Map() };
}

/** A group of `types`, the first `own` of them answered on their own rows. */
function buildGroup(types: ProductTypeGroup[], own = 0): LeafGroup {
  const ownAnswers = new Map(types.slice(0, own).map((type) => [type, 'a leaf of another branch is a kind of the type']));
  return { leafId: LEAF.id, types, ...(own === 0 ? {} : { ownAnswers }) };
}

const nameOf = (question: ReviewQuestion): string => (question.kind === 'type' ? question.group.type : question.kind === 'group' ? (question.leafGroup.types[0]?.type ?? '') : question.word.word);

describe('the ask order by cells', () => {
  it('counts a cell per line answered on its own row, and one for the group row when its yes takes a line', () => {
    const doubted = buildGroup([buildType('тетрадь', 3), buildType('тетрадь на кольцах', 2), buildType('блокнот', 4)], 2);
    const allOwn = buildGroup([buildType('дневник', 3), buildType('дневник школьный', 2)], 2);
    expect(countAnswerCells({ kind: 'group', leafGroup: doubted })).toBe(3);
    expect(countAnswerCells({ kind: 'group', leafGroup: allOwn })).toBe(2);
    expect(countAnswerCells({ kind: 'group', leafGroup: buildGroup([buildType('пенал', 3), buildType('ранец', 2)]) })).toBe(1);
    expect(countAnswerCells({ kind: 'type', group: buildType('обложка', 2) })).toBe(1);
  });

  it('asks a group one yes settles, and a type, before a group of more rows whose lines cost a cell each', () => {
    // 14 rows for 7 cells (2 a cell), 10 rows for one cell, 5 rows for one cell.
    const doubted = buildGroup([buildType('тетрадь', 2), buildType('тетрадь общая', 2), buildType('тетрадь в клетку', 2), buildType('тетрадь в линейку', 2), buildType('тетрадь на кольцах', 2), buildType('тетрадь предметная', 2), buildType('тетрадь для нот', 2)], 7);
    const sure = buildGroup([buildType('пенал', 6), buildType('ранец', 4)]);
    const single = buildType('обложка', 5);
    const questions = orderReviewQuestions([single], [], new Set(), [doubted, sure]);
    expect(questions.map((question) => [nameOf(question), question.order, question.settles])).toEqual([
      ['пенал', 1, 10],
      ['обложка', 2, 5],
      ['тетрадь', 3, 14],
    ]);
  });

  it('never asks a question of a later round before one of the first, and keeps the rows the first round settles (trap)', () => {
    // The first round: a doubted group of 18 rows for 10 cells (1.8 a cell), then types of 3 rows; the next round's first
    // type settles 2 rows for its cell, more a cell than the group, yet it stays in its round.
    const doubted = buildGroup([...Array.from({ length: 9 }, (_, i) => buildType(`дневник ${i}`, 1)), buildType('дневник', 9)], 9);
    const firstRound = Array.from({ length: ROUND_QUESTIONS - 1 }, (_, i) => buildType(`обложка ${String(i).padStart(2, '0')}`, 3));
    const nextRound = [buildType('закладка', 2), buildType('линейка', 1)];
    const questions = orderReviewQuestions([...nextRound, ...firstRound], [], new Set(), [doubted]);
    const first = questions.slice(0, ROUND_QUESTIONS);
    expect(first.at(-1)?.kind).toBe('group');
    expect(first.some((question) => nextRound.includes(question.kind === 'type' ? question.group : buildType('', 0)))).toBe(false);
    expect(first.reduce((total, question) => total + question.settles, 0)).toBe(18 + 3 * (ROUND_QUESTIONS - 1));
    expect(questions.slice(ROUND_QUESTIONS).map(nameOf)).toEqual(['закладка', 'линейка']);
  });

  it('counts each pick against what the questions asked before it settle: a question whose rows they took comes last in its round (trap)', () => {
    // A group of 12 rows, a cell per line (6 cells), picked first by the rows it settles; two words each holding 6 of its
    // rows and 3 rows of a type; a type of 1 row. Sorted by the rows each had when picked, the words came first and the
    // group settled nothing in the middle of the round, before the type of 1 row; counted again at each pick, nothing settling 0 comes before
    // a question that settles rows.
    const pair = (): number[] => [(serial += 1), (serial += 1)];
    const lines = Array.from({ length: 6 }, (_, i) => ({ ...buildType(`дневник ${i}`, 0), rows: 2, openRows: pair() }));
    const group = buildGroup(lines, 6);
    const [first, second] = [buildType('обложка', 3), buildType('закладка', 3)] as [ProductTypeGroup, ProductTypeGroup];
    const word = (name: string, from: readonly ProductTypeGroup[], type: ProductTypeGroup): UnplacedWord => ({ word: name, rows: [...from.flatMap((line) => line.openRows), ...type.openRows], withOthers: 0, types: [from[0]?.type ?? ''], examples: [] });
    const words = [word('клетка', lines.slice(0, 3), first), word('линия', lines.slice(3), second)];
    const questions = orderReviewQuestions([first, second, buildType('линейка', 1)], words, new Set(), [group]);
    const settles = questions.map((question) => question.settles);
    expect(settles.reduce((total, rows) => total + rows, 0)).toBe(19);
    expect(settles.slice(0, 2)).toEqual([9, 9]);
    expect(settles.findIndex((rows) => rows === 0)).toBeGreaterThan(settles.findLastIndex((rows) => rows > 0));
  });
});

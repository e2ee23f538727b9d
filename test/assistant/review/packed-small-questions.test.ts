/**
 * The small questions of several sections packed into one (issue 33, the review's question packing): a section whose sure
 * types make a question of two to five types shares a question with other such sections, at most
 * `MOST_TYPES_ACROSS_SECTIONS` types, each section's types together and each type with its own leaf, so that the 50
 * questions reach types a section of two types pushed past the 50th. A type alone in its section, a section's question of
 * six types or more, and a doubted line's own answer stay as they were.
 */
import { describe, expect, it } from 'vitest';
import type { Classification } from '../../../src/assistant/classify/classifier-types.js';
import type { ProductTypeGroup } from '../../../src/assistant/review/collect-product-types.js';
import { groupTypesByLeaf, MOST_TYPES_ACROSS_SECTIONS, MOST_TYPES_IN_QUESTION } from '../../../src/assistant/review/group-types-by-leaf.js';
import { orderReviewQuestions } from '../../../src/assistant/review/order-review-questions.js';

const CHOCOLATE = { id: 140901, path: 'Продукты питания / Сладости / Шоколад' };
const MARMALADE = { id: 140906, path: 'Продукты питания / Сладости / Мармелад' };
const LITTER = { id: 110203, path: 'Зоотовары / Товары для животных / Наполнители' };
const DOG_SHAMPOO = { id: 110410, path: 'Зоотовары / Товары для собак / Шампуни для собак' };
const DRILLS = { id: 120101, path: 'Строительство и ремонт / Электроинструменты / Дрели' };
const KIDS_NOTEBOOKS = { id: 70303, path: 'Детские товары / Школа и творчество / Тетради' };
const OFFICE_NOTEBOOKS = 'Канцелярские товары / Бумажная продукция для офиса / Тетради общие';

let serial = 0;
/** A sure-enough unsure type proposed `leaf` (a weak match, or the classifier's `doubt`), every row open. */
function buildType(type: string, rows: number, leaf: { id: number; path: string }, doubt = 'the type matches the leaf only weakly'): ProductTypeGroup {
  const classification: Classification = { leafId: leaf.id, path: leaf.path, confidence: 0.9, confident: false, evidence: [], alternatives: [], productType: type, doubt };
  const openRows = Array.from({ length: rows }, () => (serial += 1));
  return { type, rows, placedRows: 0, examples: [`${type} Brand`], classification, firstRows: [], openRows, placedByPath: new Map() };
}

const names = (groups: ReturnType<typeof groupTypesByLeaf>['leafGroups']): [number | undefined, string[]][] => groups.map((group) => [group.leafId, group.types.map((type) => type.type)]);
const many = (count: number, word: string, leaf: { id: number; path: string }): ProductTypeGroup[] => Array.from({ length: count }, (_, i) => buildType(`${word} ${i + 1}`, 10 - i, leaf));

describe('small questions of several sections', () => {
  it('are one question, the section of the most rows first, its types together, each with its own leaf', () => {
    const types = [buildType('наполнитель комкующийся', 3, LITTER), buildType('шоколад горький', 9, CHOCOLATE), buildType('шампунь для собак', 2, DOG_SHAMPOO), buildType('мармелад жевательный', 4, MARMALADE), buildType('шоколад молочный', 1, CHOCOLATE), buildType('дрель ударная', 2, DRILLS), buildType('дрель аккумуляторная', 1, DRILLS)];
    const { leafGroups, singles } = groupTypesByLeaf(types);
    expect(names(leafGroups)).toEqual([[undefined, ['шоколад горький', 'шоколад молочный', 'мармелад жевательный', 'наполнитель комкующийся', 'шампунь для собак']], [DRILLS.id, ['дрель ударная', 'дрель аккумуляторная']]]);
    expect(singles).toEqual([]);
    // Without the packing the sweets and the pet goods were two questions (trap: the rule is what joins them).
    const questions = orderReviewQuestions(singles, [], new Set(), leafGroups);
    expect(questions.map((question) => [question.kind, question.settles])).toEqual([
      ['group', 19],
      ['group', 3],
    ]);
  });

  it(`hold at most ${MOST_TYPES_ACROSS_SECTIONS} types: a section that does not fit opens the next question (first fit)`, () => {
    const types = [...many(3, 'шоколад', CHOCOLATE), ...many(3, 'наполнитель', LITTER), ...many(3, 'дрель', DRILLS)];
    const { leafGroups } = groupTypesByLeaf(types);
    expect(leafGroups.map((group) => group.types.length)).toEqual([MOST_TYPES_ACROSS_SECTIONS, 3]);
    expect(MOST_TYPES_ACROSS_SECTIONS).toBeLessThan(MOST_TYPES_IN_QUESTION);
  });

  it('never take a type alone in its section (trap: it stays a question of its own, as before)', () => {
    const { leafGroups, singles } = groupTypesByLeaf([...many(2, 'шоколад', CHOCOLATE), buildType('дрель ударная', 5, DRILLS)]);
    expect(names(leafGroups)).toEqual([[CHOCOLATE.id, ['шоколад 1', 'шоколад 2']]]);
    expect(singles.map((type) => type.type)).toEqual(['дрель ударная']);
  });

  it(`never take a section's question of ${MOST_TYPES_ACROSS_SECTIONS} types or more (trap)`, () => {
    const { leafGroups } = groupTypesByLeaf([...many(MOST_TYPES_ACROSS_SECTIONS, 'шоколад', CHOCOLATE), ...many(2, 'наполнитель', LITTER)]);
    expect(leafGroups.map((group) => [group.leafId, group.types.length])).toEqual([
      [CHOCOLATE.id, MOST_TYPES_ACROSS_SECTIONS],
      [LITTER.id, 2],
    ]);
  });

  it("keep a doubted line's own answer: first in the packed question, no line the `yes` takes", () => {
    const doubted = buildType('тетрадь', 6, KIDS_NOTEBOOKS, `a leaf of another branch is a kind of it (${OFFICE_NOTEBOOKS})`);
    const { leafGroups } = groupTypesByLeaf([...many(2, 'шоколад', CHOCOLATE), doubted, buildType('тетрадь в клетку', 2, KIDS_NOTEBOOKS)]);
    expect(leafGroups).toHaveLength(1);
    expect(leafGroups[0]?.types[0]).toBe(doubted);
    expect([...(leafGroups[0]?.ownAnswers?.keys() ?? [])]).toContain(doubted);
  });
});

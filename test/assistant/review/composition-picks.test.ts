/**
 * What the goods come with (`с бачком`) never makes the classifier's pick beat the seller's answer for the type (issue 33,
 * probe 14 cause 3): `Унитаз Сантек с бачком` under the answer `унитаз` → `Унитазы` stays a toilet, not a cistern. A pick the
 * rest of the name makes still wins (`Наушники JBL беспроводные` → `Беспроводные наушники`), with or without such a phrase.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { indexAnsweredTypes } from '../../../src/assistant/review/classify-with-answers.js';
import { classifyWithAnswers } from '../eval/classify-with-answers.js';
import type { Category } from '../../../src/domain/index.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { compileCategoryLookup } from '../../../src/stages/derive/lookup-category.js';
import { makeMapping } from '../../helpers/builders.js';
import { buildClassifierDirectories } from '../classify/classifier-directory.js';

const branch = (id: number, rus: string): Category => ({ id, parentId: null, name: { rus, kaz: rus }, path: { rus, kaz: rus }, isLeaf: false });
const leaf = (id: number, parentId: number, rus: string, parent: string): Category => ({ id, parentId, name: { rus, kaz: rus }, path: { rus: `${parent} / ${rus}`, kaz: `${parent} / ${rus}` }, isLeaf: true });
const categories = [
  branch(12, 'Сантехника'),
  leaf(1201, 12, 'Унитазы', 'Сантехника'),
  leaf(1202, 12, 'Бачки унитаза', 'Сантехника'),
  branch(14, 'Аудио'),
  leaf(1401, 14, 'Наушники', 'Аудио'),
  leaf(1403, 14, 'Беспроводные наушники', 'Аудио'),
  branch(15, 'Детская мебель'),
  leaf(1501, 15, 'Кроватки', 'Детская мебель'),
  leaf(1502, 15, 'Кроватки с маятником', 'Детская мебель'),
];
const directories = buildClassifierDirectories(categories);
const index = buildClassifierIndex(directories);

describe('a pick made by what the goods come with', () => {
  it('never beats the answer for the type', () => {
    // The classifier alone reads the cistern the toilet comes with.
    expect(classifyProduct(index, { name: 'Унитаз Roca с бачком' })).toMatchObject({ leafId: 1202, confident: true });
    const answered = indexAnsweredTypes([['унитаз', 1201]]);
    expect(classifyWithAnswers(index, answered, 'Унитаз Roca с бачком')).toMatchObject({ leafId: 1201, evidence: [{ matched: 'your answer' }] });
    expect(classifyWithAnswers(index, answered, 'УНИТАЗ ROCA СО СЛИВНЫМ БАЧКОМ')).toMatchObject({ leafId: 1201, evidence: [{ matched: 'your answer' }] });
    // `lookup: category` asks the same.
    const lookup = compileCategoryLookup(makeMapping((m) => (m.categories = { унитаз: 1201 })), createDirectoryIndex(directories));
    expect(lookup.kind === 'lookup' ? lookup.apply('Унитаз Roca с бачком') : undefined).toBe('унитаз');
  });

  it('lets a pick the rest of the name makes win, with such a phrase or without (trap)', () => {
    const answered = indexAnsweredTypes([['наушники', 1401]]);
    expect(classifyWithAnswers(index, answered, 'Наушники JBL беспроводные')).toMatchObject({ leafId: 1403, confident: true });
    expect(classifyWithAnswers(index, answered, 'Наушники JBL беспроводные с микрофоном')).toMatchObject({ leafId: 1403, confident: true });
    expect(classifyWithAnswers(index, answered, 'Наушники Sony с микрофоном')).toMatchObject({ leafId: 1401, evidence: [{ matched: 'your answer' }] });
  });

  it('lets a pick of a leaf named by what its goods come with win (trap)', () => {
    expect(classifyProduct(index, { name: 'Кроватка Топотушки с маятником' })).toMatchObject({ leafId: 1502, confident: true });
    const answered = indexAnsweredTypes([['кроватка', 1501]]);
    expect(classifyWithAnswers(index, answered, 'Кроватка Топотушки с маятником')).toMatchObject({ leafId: 1502, confident: true });
  });
});

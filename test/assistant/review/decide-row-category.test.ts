/**
 * `decideRowCategory`, the one order a row's leaf is decided in (import, review, the loop's yardstick), on the sandbox's
 * marketplace directory: a group answer places a row the classifier leaves unsure only where the reading does not contradict it.
 * Traps: a case and a cable under an answered `Смартфоны` stay open; a `/` inside a group cell is no level.
 */
import { describe, expect, it } from 'vitest';
import type { Classification } from '../../../src/assistant/classify/classifier-types.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { decideRowCategory, fitsGroupAnswer, type RowAnswers } from '../../../src/assistant/review/decide-row-category.js';
import { indexGroupAnswers, readGroupLevels } from '../../../src/assistant/review/find-group-answer.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = createDirectoryIndex(buildSandboxDirectories());
const classifier = getClassifierIndex(index.directories, index);
const SMARTPHONES = 10101;
const PANS = 60102;
const POTS = 60101;

function answersFor(groups: Record<string, number>): RowAnswers<number> {
  return { classifier, pickOverAnswer: true, groups: indexGroupAnswers(Object.entries(groups).map(([key, leafId]) => [key, { key, leafId }] as const)) };
}

describe('decideRowCategory: a group answer only where the reading leaves room for it', () => {
  it('a case and a cable under an answered group of smartphones stay open, with the answer named', () => {
    const answers = answersFor({ Смартфоны: SMARTPHONES });
    for (const name of ['Чехол для iPhone 13', 'Кабель USB Type-C 1 м']) {
      const decision = decideRowCategory(answers, name, ['Смартфоны']);
      expect(decision).toMatchObject({ by: 'classifier', result: { confident: false }, contradicted: { group: 'Смартфоны', answer: { leafId: SMARTPHONES } } });
    }
  });

  it('a name the classifier finds no leaf for under an answered group takes the answer; unanswered, it stays open', () => {
    const answered = decideRowCategory(answersFor({ Мелочи: PANS }), 'Tefal Classic 24', ['Мелочи']);
    expect(answered).toMatchObject({ by: 'group', group: 'Мелочи', answer: { key: 'Мелочи', leafId: PANS } });
    expect(decideRowCategory(answersFor({}), 'Tefal Classic 24', ['Мелочи'])).toMatchObject({ by: 'classifier', result: { confident: false } });
    expect(fitsGroupAnswer({ leafId: undefined, path: undefined, confidence: 0, confident: false, evidence: [], alternatives: [], productType: '' }, PANS)).toBe(true);
  });

  it('the answer leaf must be the best or an alternative, and the doubt one that names no other leaf', () => {
    const unsure: Classification = { leafId: PANS, path: 'p', confidence: 0.5, confident: false, evidence: [], alternatives: [{ leafId: POTS, path: 'q', score: 0.4 }], productType: 'сковорода' };
    expect(fitsGroupAnswer({ ...unsure, doubt: 'the type matches the leaf only weakly' }, POTS)).toBe(true);
    expect(fitsGroupAnswer({ ...unsure, doubt: 'the type matches the leaf only weakly' }, SMARTPHONES)).toBe(false);
    expect(fitsGroupAnswer({ ...unsure, doubt: 'another leaf fits as well (q)' }, PANS)).toBe(false);
    expect(fitsGroupAnswer({ ...unsure, doubt: 'a doubt the table does not know' }, PANS)).toBe(false);
  });
});

describe('group cells reach the classifier as their levels', () => {
  it('a / between letters or digits is one level; a spaced one, > or | splits', () => {
    expect(readGroupLevels(['Сковороды/кастрюли'])).toEqual(['Сковороды/кастрюли']);
    expect(readGroupLevels(['Смартфоны 4/64'])).toEqual(['Смартфоны 4/64']);
    expect(readGroupLevels(['Одежда / Детская одежда', 'Футболки>Лето'])).toEqual(['Одежда', 'Детская одежда', 'Футболки', 'Лето']);
  });

  it('a folder list is no path whose last half is the deepest group; a model size stays in the group', () => {
    const answers = answersFor({});
    const pans = decideRowCategory(answers, 'Tefal Classic 24', ['Сковороды/кастрюли']);
    expect(pans.by === 'classifier' && pans.result.confident && pans.result.leafId === POTS).toBe(false);
    const phone = decideRowCategory(answers, 'Samsung A06 4/64', ['Смартфоны 4/64']);
    expect(phone).toMatchObject({ by: 'classifier', result: { confident: true, leafId: SMARTPHONES } });
  });
});

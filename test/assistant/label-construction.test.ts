import { describe, expect, it } from 'vitest';
import { isConstructionWord } from '../../src/assistant/category-label/construction-words.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a word of how goods are built (issue 33, labels18)', () => {
  it('reads folding and taken-apart adjectives and counts of parts, never a count of uses', () => {
    for (const word of ['складные', 'раскладной', 'разборные', 'раздвижной', 'двухкамерные', 'трехслойные', 'двуспальное', 'многоярусные']) expect(isConstructionWord(word), word).toBe(true);
    for (const word of ['одноразовые', 'многоразовые', 'телескопические', 'надувные', 'сборные', 'двойка', 'складка']) expect(isConstructionWord(word), word).toBe(false);
  });

  it('reads a numeral only before a part noun: colour, age, language, use and shape are no count of parts (mend18)', () => {
    for (const word of ['трехколесные', 'полутораспальное', 'двухъярусная', 'двустворчатый', 'четырехконфорочная', 'трехсекционный', 'двухуровневая', 'двухклавишный']) expect(isConstructionWord(word), word).toBe(true);
    for (const word of ['однотонные', 'многоцветные', 'однолетние', 'многолетние', 'двуязычные', 'многофункциональные', 'двусторонние', 'двухтактные', 'однородные', 'шестигранные']) expect(isConstructionWord(word), word).toBe(false);
  });

  it('qualifies the leaf whose whole name the label\'s other words say', () => {
    for (const [label, key] of [
      ['Гантели разборные', '90103'],
      ['Разборные гантели', '90103'],
    ] as const) {
      for (const matcher of [original, marketplace]) {
        const match = matcher.match(label);
        expect(match.status, label).toBe('confident');
        expect(match.best?.key, label).toBe(key);
      }
    }
    for (const label of ['Стулья складные', 'Складные стулья']) expect(original.match(label).best?.key, label).toBe('60304');
    expect(original.match('Холодильники двухкамерные').best?.key).toBe('20101');
  });

  it('says nothing of which goods a noun names that leaves of two sections are named by', () => {
    // `Дверные ручки` (building) beside the pens; the cost: `Автомобильные холодильники` beside the fridges.
    for (const label of ['Ручки складные', 'Складные ручки', 'Холодильники двухкамерные']) expect(marketplace.match(label).status, label).toBe('todo');
  });

  it('leaves disposable, inflatable and telescopic goods questions, and a leaf that names the build the match', () => {
    for (const label of ['Тарелки одноразовые', 'Матрасы надувные', 'Ручки телескопические', 'Ножи складные']) expect(original.match(label).status, label).toBe('todo');
    // `Велосипеды трёхколёсные` (marketplace) are what the label says; the original directory's plain bicycles are not.
    expect(marketplace.match('Велосипеды трехколесные').best?.key).toBe('70710');
    expect(original.match('Велосипеды трехколесные').status).toBe('todo');
  });

  it('never reads a bare noun as the whole name of a leaf for people the label does not say (mend18)', () => {
    // `Шезлонги для малышей` is the directory's only deckchair leaf: an adult folding deckchair is a question.
    expect(marketplace.match('Шезлонги складные').status).toBe('todo');
    expect(marketplace.match('Шезлонги складные для малышей').best?.key).toBe('70610');
    // A noun only ever of children's goods needs no word for them: the original directory's `Коляски` are under `Детские товары`.
    expect(original.match('Коляски складные').best?.key).toBe('70202');
  });
});

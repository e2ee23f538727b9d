import { describe, expect, it } from 'vitest';
import { isFinishWord } from '../../src/assistant/category-label/finish-words.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a word of how a surface is finished (issue 33, labels25)', () => {
  it('reads matte, glossy and pearly adjectives, and no word that also names a kind or goods', () => {
    for (const word of ['матовая', 'матовые', 'глянцевый', 'глянцевые', 'перламутровые']) expect(isFinishWord(word), word).toBe(true);
    for (const word of ['зеркальные', 'лакированные', 'сатиновый', 'мат', 'глянец', 'матрасы', 'металлик']) expect(isFinishWord(word), word).toBe(false);
  });

  it('qualifies the leaf whose whole name the label\'s other words say', () => {
    for (const [matcher, label, name] of [
      [original, 'Помада матовая', 'Помады'],
      [marketplace, 'Помада матовая', 'Помады'],
      [marketplace, 'Помада глянцевая', 'Помады'],
      [marketplace, 'Обои глянцевые', 'Обои'],
    ] as const) {
      const match = matcher.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.entry.name.rus, label).toBe(name);
    }
  });

  it('leaves a noun two sections name a question, and a reflex camera no finish', () => {
    // Children's paints and hair dyes are both `Краски`; `зеркальные` of cameras says a kind (left out of the class): the
    // vocabulary names that kind (`зеркальные фотоаппараты`, a kind of `фотоаппараты`, labels31), no finish does.
    for (const [matcher, label] of [
      [original, 'Краска матовая'],
      [marketplace, 'Краска матовая'],
    ] as const) {
      expect(matcher.match(label).status, label).toBe('todo');
    }
    expect(isFinishWord('зеркальные')).toBe(false);
  });
});

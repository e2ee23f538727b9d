import { describe, expect, it } from 'vitest';
import { isGarmentCutWord } from '../../src/assistant/category-label/garment-cut-words.js';
import { readGarmentLeaves } from '../../src/assistant/category-label/read-attribute-leaves.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const originalDirectories = buildSandboxDirectories('original');
const original = createDirectoryMatchers(originalDirectories).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a word of how a garment is cut (issue 33, labels23)', () => {
  it('reads lengths, fits, cuts and the part a suit is made with, and no occasion', () => {
    for (const word of ['миди', 'макси', 'укороченные', 'приталенное', 'оверсайз', 'плиссированная', 'двубортный', 'брючный', 'юбочный', 'клеш', 'слитный', 'раздельные']) expect(isGarmentCutWord(word), word).toBe(true);
    for (const word of ['вечернее', 'свадебное', 'мидии', 'клешни', 'максимальный', 'брюки', 'юбки', 'мини']) expect(isGarmentCutWord(word), word).toBe(false);
  });

  it('reads the leaves the directory sizes as clothes', () => {
    const garments = readGarmentLeaves(originalDirectories);
    for (const id of [30102, 30113]) expect(garments.has(id), String(id)).toBe(true);
    for (const id of [50402, 60903]) expect(garments.has(id), String(id)).toBe(false);
  });

  it('qualifies a garment whose whole name the label\'s other words say', () => {
    for (const [label, key] of [
      ['Юбка миди', '30102'],
      ['Костюм женский брючный', '30113'],
      // labels25: a swimsuit in one piece or two.
      ['Купальники слитные', '30117'],
      ['Купальник раздельный', '30117'],
    ] as const) {
      const match = original.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.key, label).toBe(key);
    }
  });

  it('leaves goods that serve a garment questions, and a noun that names clothes of two sections', () => {
    // A belt and a hanger for trousers are no suits; the sport section's ski suits are named by the noun too.
    for (const [matcher, label] of [
      [original, 'Ремень брючный'],
      [marketplace, 'Ремень брючный'],
      [marketplace, 'Вешалка брючная'],
      [marketplace, 'Костюм женский брючный'],
      // labels25: the girls' swimsuits are named by the noun too, and a separate bathroom is no garment.
      [marketplace, 'Купальники слитные'],
      [original, 'Санузел раздельный'],
    ] as const) {
      expect(matcher.match(label).status, label).toBe('todo');
    }
  });
});

describe('a gated class word points to no other leaf holding it (labels31)', () => {
  it('leads `Юбка миди` with the skirts, not the mussels (`Мидии`) the cut word begins alike', () => {
    const matcher = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();
    const match = matcher.match('Юбка миди', { productNames: ['Юбка миди плиссированная'] });
    expect(match.candidates[0]?.entry.path?.rus).toBe('Одежда / Женская одежда / Юбки');
    expect(match.candidates.find((candidate) => candidate.entry.name.rus === 'Мидии')?.score ?? 0).toBeLessThan(0.8);
  });
});

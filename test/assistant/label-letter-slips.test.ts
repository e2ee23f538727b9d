import { describe, expect, it } from 'vitest';
import { findSwappedLetter, isLetterSlip } from '../../src/assistant/category-label/read-letter-slips.js';
import { CATEGORY_THRESHOLDS } from '../../src/assistant/match-category.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('one letter written for another (issue 33, labels4)', () => {
  it('is a slip when the keys are neighbours or the letters sound alike, else another word', () => {
    expect(isLetterSlip('л', 'д')).toBe(true);
    expect(isLetterSlip('ю', 'д')).toBe(true);
    expect(isLetterSlip('м', 'и')).toBe(true);
    expect(isLetterSlip('з', 'с')).toBe(true);
    expect(isLetterSlip('і', 'и')).toBe(true);
    expect(isLetterSlip('д', 'с')).toBe(false);
    expect(isLetterSlip('а', 'и')).toBe(false);
    expect(findSwappedLetter('слайдеры', 'слайсеры')).toEqual(['д', 'с']);
    expect(findSwappedLetter('слайдеры', 'слайдеры')).toBeUndefined();
    expect(findSwappedLetter('слайдры', 'слайсеры')).toBeUndefined();
    expect(findSwappedLetter('sliders', 'slicers')).toBeUndefined();
    // An ending is a form's, not a slip's: `ББ крема` are `BB-кремы` (probe 13).
    expect(findSwappedLetter('крема', 'кремы')).toBeUndefined();
  });

  it('in a short word is no typo: `Слайдеры` (nail design) is never `Слайсеры` (slicers), only a candidate', () => {
    for (const productNames of [[], ['Слайдер-дизайн №27']]) {
      const match = marketplace.match('Слайдеры', { productNames });
      expect(match.status).toBe('todo');
      const slicers = match.candidates.find((candidate) => candidate.entry.name.rus === 'Слайсеры');
      expect(slicers?.score ?? 0).toBeLessThan(CATEGORY_THRESHOLDS.minScore);
    }
  });

  it('keeps a typo of a neighbouring key, of a letter of the same sound, and of a long word', () => {
    expect(marketplace.match('Слайсепы').best?.entry.name.rus).toBe('Слайсеры');
    expect(marketplace.match('Слайзеры').best?.entry.name.rus).toBe('Слайсеры');
    expect(marketplace.match('Тарелкм').best?.entry.name.rus).toBe('Тарелки');
    expect(marketplace.match('Холодилники').best?.entry.name.rus).toBe('Холодильники');
  });
});

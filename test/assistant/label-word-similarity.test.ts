import { describe, expect, it } from 'vitest';
import type { ParsedLabel } from '../../src/assistant/category-label/parse-label.js';
import { FORM_SCORE } from '../../src/assistant/category-label/label-scores.js';
import { createLabelWordSimilarity } from '../../src/assistant/category-label/score-label-word.js';

// Only what the similarity reads of a label: the words the seller cut short, and the head.
const labelOf = (head: string[]): ParsedLabel => ({ abbreviated: new Set<string>(), head }) as unknown as ParsedLabel;

describe('the label word similarity, its pairs kept (issue 33 item 6, init28)', () => {
  it('raises a leaf adjective made of a purpose word of the label however often the pair is asked, never for a word of the head', () => {
    let scored = 0;
    const similarity = createLabelWordSimilarity((a, b) => {
      scored += 1;
      return a === b ? 1 : 0;
    });
    const purpose = labelOf(['ножи']);
    const head = labelOf(['кухни']);
    expect(similarity(purpose, 'кухни', 'кухонные')).toBe(FORM_SCORE);
    // The pair is kept; whether the seller's word is of the head is the label's, read at every ask.
    expect(similarity(head, 'кухни', 'кухонные')).toBeLessThan(FORM_SCORE);
    expect(similarity(purpose, 'кухни', 'кухонные')).toBe(FORM_SCORE);
    expect(scored).toBe(1);
    // A word no adjective of which the leaf holds stays as the word score says.
    expect(similarity(purpose, 'кухни', 'ножи')).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { createListedPhraseFinder } from '../../../src/assistant/classify/find-listed-phrase.js';

describe('createListedPhraseFinder', () => {
  const find = createListedPhraseFinder([['хит'], ['хит', 'продаж'], ['зеленый', 'чай']]);

  it('finds the longest listed phrase opening at the word, whatever order the list gives', () => {
    expect(find(['хит', 'продаж', 'чайник'], 0)).toEqual(['хит', 'продаж']);
    expect(find(['хит', 'сезона'], 0)).toEqual(['хит']);
    expect(find(['гель', 'зеленый', 'чай'], 1)).toEqual(['зеленый', 'чай']);
  });

  it('finds nothing where only part of a phrase stands, or at another word (trap)', () => {
    expect(find(['зеленый', 'лист'], 0)).toBeUndefined();
    expect(find(['гель', 'зеленый', 'чай'], 0)).toBeUndefined();
    expect(find(['зеленый'], 0)).toBeUndefined();
  });
});

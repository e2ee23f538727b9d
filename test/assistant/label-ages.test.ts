import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { readAgeWord } from '../../src/assistant/demographic-words.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('the age a word names', () => {
  it('is one for every form of a word and its synonym, another for infants and teenagers, none for a gender word', () => {
    expect(readAgeWord('детские')).toBe(readAgeWord('детей'));
    expect(readAgeWord('ребенка')).toBe(readAgeWord('детская'));
    expect(readAgeWord('малышей')).not.toBe(readAgeWord('детей'));
    expect(readAgeWord('подростков')).not.toBe(readAgeWord('малышей'));
    expect(readAgeWord('девочек')).toBeUndefined();
    expect(readAgeWord('книги')).toBeUndefined();
  });
});

describe('a label saying another age than the words of a leaf name', () => {
  it('is a question: books for teenagers or children are not books for infants', () => {
    for (const matcher of [original, marketplace]) {
      for (const label of ['Книги для подростков', 'Детские книги']) {
        const match = matcher.match(label);
        expect(match.status, label).toBe('todo');
      }
    }
    expect(marketplace.match('Детская литература').status).toBe('todo');
  });

  it('keeps the leaf when the label says the same age in any form', () => {
    expect(original.match('Книги для малышей').status).toBe('exact');
    expect(original.match('Косметика для детей').best?.entry.name.rus).toBe('Детская косметика');
  });
});

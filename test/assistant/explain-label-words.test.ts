import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../src/assistant/classify/build-classifier-index.js';
import { stemForIndex } from '../../src/assistant/classify/stem-for-index.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { isExplainedByDirectory, readWordEvidence } from '../../src/assistant/explain-label-words.js';
import { buildSandboxDirectories } from './measure-matching.js';

/** The path of a confident match, or `?` for a question. */
function matchPath(breadth: 'original' | 'marketplace', label: string, product: string): string {
  const match = createDirectoryMatchers(buildSandboxDirectories(breadth)).categoryMatcher().match(label, { productNames: [product] });
  return match.status === 'todo' ? '?' : (match.best?.entry.path?.rus ?? '');
}

describe('a label word made of a value of a narrow attribute the directory links to the leaf', () => {
  it('qualifies the leaf: the language of a dictionary or a textbook (`Язык издания`)', () => {
    expect(matchPath('original', 'Словарь англо-русский', 'Словарь англо-русский 50 000 слов')).toBe('Книги / Учебная литература / Словари');
    expect(matchPath('original', 'Учебник английский', 'Учебник английского языка 5 класс')).toBe('Книги / Учебная литература / Учебники');
  });

  it('stays a question where a leaf is named by the value (the directory sorts the goods by it)', () => {
    expect(matchPath('marketplace', 'Словарь англо-русский', 'Словарь англо-русский 50 000 слов')).toBe('?');
    expect(matchPath('original', 'Словарь казахско-русский', 'Словарь казахско-русский')).toBe('?');
  });

  it('stays a question for a word of no such value (`русская` of keyboards, which link no language)', () => {
    expect(matchPath('original', 'Клавиатура русская', 'Клавиатура с русской раскладкой')).toBe('?');
  });
});

describe('a value of a narrow attribute explains a label word (trap, review of issue 33, finding 5)', () => {
  const market = buildSandboxDirectories('marketplace');
  const index = buildClassifierIndex(market);
  const evidence = readWordEvidence(index);
  // The car-brand attribute is linked to the auto-part leaves: few of 2,000, so its values explain words there.
  const leaf = index.leaves.find((candidate) => evidence.propertyStems.get(candidate.id)?.includes(stemForIndex('audi')) === true);

  it('by the word\'s whole stem: `audi` of an auto part', () => {
    expect(leaf).toBeDefined();
    if (leaf === undefined) return;
    expect(isExplainedByDirectory('audi', leaf, evidence)).toBe(true);
  });

  it('never by a word that only begins with the value (`audio` is no Audi, `cherry` no Chery)', () => {
    if (leaf === undefined) return;
    for (const word of ['audio', 'audiosystem', 'cherry']) expect(isExplainedByDirectory(word, leaf, evidence), word).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
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

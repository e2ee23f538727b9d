/**
 * A label the vocabulary rewrites exactly into a leaf's whole name is read by the whole-head veto in those words
 * (`read-in-leaf-words.ts`, labels31): the vocabulary has said what each of the seller's words means.
 */
import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const matchers = { original: createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher(), marketplace: createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher() };

describe('a label the vocabulary says in a leaf name', () => {
  it.each([
    ['original', 'Игры для PS4', 'Игра для PS4 (диск)', 'Видеоигры'],
    ['marketplace', 'Игры для PS4', 'Игра для PS4 (диск)', 'Видеоигры'],
    ['original', 'Горшки для цветов', 'Горшок для цветов керамический 3 л', 'Горшки и кашпо'],
    ['marketplace', 'Горшки для цветов', 'Горшок для цветов керамический 3 л', 'Горшки и кашпо'],
  ] as const)('%s: %s is that leaf, surely', (breadth, label, product, leaf) => {
    const match = matchers[breadth].match(label, { productNames: [product] });
    expect(match.status).toBe('confident');
    expect(match.best?.entry.name.rus).toBe(leaf);
  });

  it.each([
    // A word the rewrite keeps beside the name is the seller's, and the leaf still has to explain it.
    ['Горшки для цветов подвесные', 'Горшки и кашпо'],
    ['Игры для PS4 б/у', 'Видеоигры'],
  ])('%s stays a question led by %s', (label, leaf) => {
    const match = matchers.original.match(label, { productNames: [] });
    expect(match.status).toBe('todo');
    expect(match.candidates[0]?.entry.name.rus).toBe(leaf);
  });

  it.each([
    // The vocabulary's `ароматы для дома` names a place; the seller's `в машину` another: a car diffuser is no home fragrance.
    ['Диффузоры ароматические в машину', ''],
    ['Ароматические диффузоры в машину', 'Ароматизатор в машину'],
  ])('%s is no sure home fragrance: the rewrite names a use beside another the seller wrote', (label, product) => {
    const match = matchers.original.match(label, { productNames: product === '' ? [] : [product] });
    expect(match.status === 'todo' || match.best?.entry.name.rus !== 'Ароматы для дома').toBe(true);
  });

  it('keeps the rewrite sure where the seller names no other use (`Диффузоры ароматические`)', () => {
    expect(matchers.original.match('Диффузоры ароматические', { productNames: [] }).best?.entry.name.rus).toBe('Ароматы для дома');
  });
});

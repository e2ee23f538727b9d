/**
 * A word of a product name, a header or a cell that is also a property every plain object inherits (`constructor`) is a
 * word like any other: the tables the readers look words up in never hand back the prototype's function.
 */
import { describe, expect, it } from 'vitest';
import { tokenizeForMatch } from '../../src/assistant/normalize-for-match.js';
import { getClassifierIndex } from '../../src/assistant/classify/load-classifier-index.js';
import { classifyProduct } from '../../src/assistant/classify/classify-product.js';
import { parseEncodingName } from '../../src/sources/detect-encoding.js';
import { createDirectoryIndex } from '../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from './measure-matching.js';

describe('words that name a prototype property', () => {
  it('are tokens, never the unit table\'s prototype', () => {
    const tokens = tokenizeForMatch('Набор 3 constructor');
    expect(tokens).toEqual(['набор', '3', 'constructor']);
    expect(tokens.every((token) => typeof token === 'string')).toBe(true);
  });

  it('are classified without a crash', () => {
    const directories = buildSandboxDirectories('marketplace');
    const index = getClassifierIndex(directories, createDirectoryIndex(directories));
    expect(() => classifyProduct(index, { name: 'Набор 3 constructor' })).not.toThrow();
    expect(() => classifyProduct(index, { name: 'Конструктор 3 toString valueOf' })).not.toThrow();
  });

  it('are no encoding name', () => {
    expect(parseEncodingName('constructor')).toBeUndefined();
    expect(parseEncodingName('toString')).toBeUndefined();
    expect(parseEncodingName('cp1251')).toBe('windows-1251');
  });
});


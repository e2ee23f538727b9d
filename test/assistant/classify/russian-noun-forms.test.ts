/**
 * A Russian noun and its plural share one index key (`stemForIndex`): a product name says the singular
 * (`Альбом`, `Ковер`) where the leaf says the plural (`Альбомы для рисования`, `Ковры`).
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { stemForIndex } from '../../../src/assistant/classify/stem-for-index.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

describe('Russian noun forms', () => {
  it('keep a nominative `-ом`/`-ем` out of the key of every form, as the singular loses it', () => {
    expect(stemForIndex('альбомы')).toBe(stemForIndex('альбом'));
    expect(stemForIndex('альбома')).toBe(stemForIndex('альбом'));
    expect(stemForIndex('тандемы')).toBe(stemForIndex('тандем'));
    expect(stemForIndex('дипломы')).toBe(stemForIndex('диплом'));
    // A short stem is kept whole, so `крем`/`шлем` never lose their last letters.
    expect(stemForIndex('кремы')).toBe('крем');
    expect(stemForIndex('шлемы')).toBe('шлем');
  });

  it('drop a fleeting `е` before a final `р`, so the singular and the plural meet', () => {
    expect(stemForIndex('ковры')).toBe(stemForIndex('ковер'));
    expect(stemForIndex('ветры')).toBe(stemForIndex('ветер'));
    // A non-fleeting vowel drops from every form alike: the pairs that met still meet.
    expect(stemForIndex('свитеры')).toBe(stemForIndex('свитер'));
    expect(stemForIndex('сканеры')).toBe(stemForIndex('сканер'));
  });

  it('leave an adjective or participle whole, so `тушёная` still opens `Тушёнка`', () => {
    expect(stemForIndex('тушеная')).toBe('тушен');
    expect(stemForIndex('знакомые')).toBe('знаком');
  });

  it('let a product named by the singular reach the leaf named by the plural', () => {
    const directories = buildSandboxDirectories('marketplace');
    const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));
    expect(classifyProduct(classifier, { name: 'Альбом для рисования Hatber 24 л.' }).path).toBe('Детские товары / Школа и творчество / Альбомы для рисования');
    expect(classifyProduct(classifier, { name: 'Ковер 2х3 м' }).path).toBe('Дом и сад / Домашний текстиль / Ковры');
  });
});

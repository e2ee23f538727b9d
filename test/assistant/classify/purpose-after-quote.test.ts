import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readPurposeAfterQuote } from '../../../src/assistant/classify/purpose-after-quote.js';
import { readClassifierDoubt } from '../../../src/assistant/review/find-proposal-doubt.js';
import { findSure, indexes } from './find-sure-names.js';

describe('readPurposeAfterQuote', () => {
  it.each([
    ['Спонж «Инволвер» тройной AQUAmagic Ultra для удаления стойких загрязнений', ['удаления', 'стойких', 'загрязнений']],
    ['Приправа "Магги" для шашлыка 50 г', ['шашлыка']],
    ['Губка «Мега» д/посуды', ['посуды']],
  ])('%s', (name, words) => {
    expect(readPurposeAfterQuote(name)).toEqual(words);
  });

  it.each(['Спонж для удаления загрязнений', 'Защитное стекло "Плоское" для iPhone 8', 'Сок «Добрый» яблоко 1 л'])('%s: none', (name) => {
    expect(readPurposeAfterQuote(name)).toBeUndefined();
  });
});

describe('a bare one-word type whose purpose after a quoted name names goods of other sections only', () => {
  // greenway (classify33's held-out list): a cleaning sponge accepted sure among make-up sponges.
  it('Спонж «Инволвер» … для удаления стойких загрязнений is a question the review answers on its own row', () => {
    const result = classifyProduct(indexes.marketplace, { name: 'Спонж «Инволвер» тройной AQUAmagic Ultra для удаления стойких загрязнений' });
    expect(result.confident).toBe(false);
    expect(result.doubt).toMatch(/^the name says the goods are "для удаления стойких загрязнений" after a quoted name/);
    expect(readClassifierDoubt(result.doubt ?? '')?.namesAnotherLeaf).toBe(true);
  });

  // A purpose of words no section holds, or of the leaf's own section, says nothing against the leaf.
  it.each([
    ['Приправа "Магги" для шашлыка 50 г', 'Специи и приправы'],
    ['Специи «Kotanyi» для плова 50 г', 'Специи и приправы'],
    ['Гречневая крупа ядрица "Мистраль" в пакет. для варки 1 кг', 'Гречка'],
  ])('%s stays sure', (name, leaf) => {
    expect(findSure('marketplace', [name])).toEqual([expect.stringContaining(leaf)]);
  });

  // Only a bare one-word type is read: a type that says its kind (`кухонное`) names the goods itself, whatever follows the quote.
  it('a type saying its kind stays sure (Полотенце кухонное «Мега» для лица)', () => {
    expect(findSure('marketplace', ['Полотенце кухонное «Мега» для лица'])).toHaveLength(1);
  });
});

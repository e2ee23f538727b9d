/**
 * Two letters joined by a slash, the second a one-letter preposition, are one abbreviation (issue 33, loop18 on probe 22's
 * fishing list: `Удилище поплавочное б/к Max …`, без колец, read `к` as a preposition and the brand after it as the purpose,
 * one type per name). A first letter that is a preposition itself (`с/к`, `в/с`) and `д/` (`для`) read as before. The
 * abbreviation is a note dropped from the type, no held word (review18b: `б/у` made a used-parts shop's sure rows questions).
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));

describe('a letter, a slash and a one-letter preposition', () => {
  it('is a note on the goods, no word of the type, whatever follows it (`б/к Max`, `б/к 6 м`, `Б/К XB`)', () => {
    for (const name of ['Удилище поплавочное б/к Max D-800 3-15g', 'Удилище поплавочное б/к 6 м стеклопластик (Daiwa)', 'УДИЛИЩЕ ПОПЛАВОЧНОЕ Б/К XB 12 БЕЗ КОЛЕЦ']) {
      expect(extractProductType(name)).toMatchObject({ text: 'удилище поплавочное', purpose: [] });
    }
  });

  it('is no word a leaf must explain: a used part is as sure as a new one (`б/у`, review18b)', () => {
    const used = classifyProduct(marketplace, { name: 'Зеркало боковое левое б/у Toyota' });
    const plain = classifyProduct(marketplace, { name: 'Зеркало боковое левое Toyota' });
    expect(used.productType).toBe(plain.productType);
    expect({ leafId: used.leafId, confident: used.confident, heldBy: used.heldBy }).toEqual({ leafId: plain.leafId, confident: plain.confident, heldBy: plain.heldBy });
    for (const name of ['Каша б/с овсяная', 'Кофе б/к молотый', 'Машинка р/у джип']) expect(classifyProduct(marketplace, { name }).heldBy ?? []).not.toContainEqual(expect.stringMatching(/^(?:бс|бк|ру)$/u));
  });

  it('leaves a first letter that is a preposition, `д/` and other letter pairs as they were (traps)', () => {
    expect(extractProductType('Колбаса с/к Черкизово').text).toBe('колбаса');
    expect(extractProductType('Альбом д/рис.')).toMatchObject({ text: 'альбом', purpose: ['рис'] });
    expect(extractProductType('Лапша б/п Роллтон').text).toBe('лапша б п');
  });
});

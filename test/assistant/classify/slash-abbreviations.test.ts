/**
 * Two letters joined by a slash, the second a one-letter preposition, are one abbreviation (issue 33, loop18 on probe 22's
 * fishing list: `Удилище поплавочное б/к Max …`, без колец, read `к` as a preposition and the brand after it as the purpose,
 * one type per name). A first letter that is a preposition itself (`с/к`, `в/с`) and `д/` (`для`) read as before.
 */
import { describe, expect, it } from 'vitest';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';

describe('a letter, a slash and a one-letter preposition', () => {
  it('is one word of the type, whatever follows it (`б/к Max`, `б/к 6 м`, `Б/К XB`)', () => {
    for (const name of ['Удилище поплавочное б/к Max D-800 3-15g', 'Удилище поплавочное б/к 6 м стеклопластик (Daiwa)', 'УДИЛИЩЕ ПОПЛАВОЧНОЕ Б/К XB 12 БЕЗ КОЛЕЦ']) {
      expect(extractProductType(name)).toMatchObject({ text: 'удилище поплавочное бк', purpose: [] });
    }
  });

  it('leaves a first letter that is a preposition, `д/` and other letter pairs as they were (traps)', () => {
    expect(extractProductType('Колбаса с/к Черкизово').text).toBe('колбаса');
    expect(extractProductType('Альбом д/рис.')).toMatchObject({ text: 'альбом', purpose: ['рис'] });
    expect(extractProductType('Лапша б/п Роллтон').text).toBe('лапша б п');
  });
});

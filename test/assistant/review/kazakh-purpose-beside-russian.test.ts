/**
 * A Kazakh purpose before the head stays in the review's type key when the name also says a Russian `для …` after the brand,
 * and a Latin brand before it is no word of it (issue 33, loop23 on probe 23's household-chemicals list: `Кір жууға арналған
 * гель Meine Liebe для тёмного` was the key `гель`, with `Гель с хлором`, and one answer put the chlorine gel among the laundry
 * gels; `Persil Кір жууға арналған гель` read `persil` as a purpose word).
 */
import { describe, expect, it } from 'vitest';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';

describe('a Kazakh `… арналған` purpose with a Russian purpose after the head', () => {
  it('stays in the key, so the laundry gel is not the bare `гель`', () => {
    expect(readProductTypeKey('Кір жууға арналған гель Meine Liebe для тёмного 300мл')).toBe('кір жууға арналған гель');
    expect(readProductTypeKey('Кір жууға арналған гель Ariel 300мл')).toBe('кір жууға арналған гель');
  });

  it('has no Latin brand before it among its words', () => {
    expect(extractProductType('Persil Кір жууға арналған гель для цветного, 450 мл').purpose).toEqual(['кір', 'жууға', 'цветного']);
    expect(readProductTypeKey('Persil Кір жууға арналған гель для цветного, 450 мл')).toBe('кір жууға арналған гель');
  });

  it('leaves the bare type and a Russian purpose as they were (traps)', () => {
    expect(readProductTypeKey('Гель с хлором Белизна 1,3л')).toBe('гель');
    expect(readProductTypeKey('Гель для стирки Persil 1 л')).toBe('гель для стирки');
    expect(readProductTypeKey('Унитазға арналған гель Domestos')).toBe('унитазға арналған гель');
  });
});

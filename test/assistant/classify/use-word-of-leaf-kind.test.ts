/**
 * A word the name says of what the goods are for, that a leaf's name says of the goods (`Шампунь для сухих волос` against
 * `Сухие шампуни`: the hair is dry, not the shampoo), is no sure reading: the label matcher's rule, read by the classifier too.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const classify = (name: string): ReturnType<typeof classifyProduct> => classifyProduct(index, { name });

describe('a use word the leaf says of its goods', () => {
  it('keeps the leaf from being sure, naming the word', () => {
    const result = classify('Шампунь для сухих волос Elseve 400мл');
    expect(result.confident).toBe(false);
    expect(result.doubt).toContain('"сухих"');
    expect(classify('Шампунь для сухих и поврежденных волос Pantene 250 мл').confident).toBe(false);
  });

  it('reads a word after the purpose\'s last word as said of the goods (`Корм для собак сухой` is dry food)', () => {
    for (const [name, leaf] of [['Корм для собак сухой Chappi 15кг', 'Сухие корма для собак'], ['Корм для кошек влажный Whiskas 85г', 'Влажные корма для кошек']] as const) {
      const result = classify(name);
      expect(result.confident, name).toBe(true);
      expect(result.path, name).toContain(leaf);
    }
  });

  it('leaves the goods that are that kind sure (`Сухой шампунь`, `Шампунь сухой`)', () => {
    for (const name of ['Сухой шампунь Batiste 200мл', 'Шампунь сухой Batiste']) {
      const result = classify(name);
      expect(result.confident, name).toBe(true);
      expect(result.path, name).toContain('Сухие шампуни');
    }
  });

  it('reads an adjective right after a second `для` as what the goods are for (`Шампунь для волос для сухих и поврежденных`, wrongs28)', () => {
    for (const name of ['Шампунь для волос для сухих и поврежденных', 'Шампунь для волос Клевер 500мл для сухих и поврежденных', 'Шампунь для сухих']) {
      const result = classify(name);
      expect(result.confident, name).toBe(false);
      expect(result.doubt, name).toContain('"сухих"');
    }
  });

  it('trap: an adjective agreeing with the head after the purpose is the goods\' own (`Маска для лица тканевая, увлажняющая`)', () => {
    for (const name of ['Маска для лица тканевая, увлажняющая', 'AVON МАСКА ДЛЯ ЛИЦА ТКАНЕВАЯ УВЛАЖНЯЮЩИЙ 23 Г']) {
      const result = classify(name);
      expect(result.doubt ?? '', name).not.toContain('of what the goods are for');
      expect(result.path, name).toContain('Тканевые маски');
    }
  });
});

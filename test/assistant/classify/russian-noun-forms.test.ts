/**
 * A Russian noun and its plural share one index key (`stemForIndex`): a product name says the singular
 * (`Альбом`) where the leaf says the plural (`Альбомы для рисования`).
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { stemForIndex, stemNameWordsInOrder } from '../../../src/assistant/classify/stem-for-index.js';
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

  it('key a short noun\'s instrumental `-ом` after `за` in a directory name as its other forms (`Уход за лицом` is the `лиц` of `для лица`, wrongs28)', () => {
    expect(stemNameWordsInOrder(['уход', 'за', 'лицом'])[2]).toBe(stemForIndex('лица'));
    expect(stemNameWordsInOrder(['уход', 'за', 'телом'])[2]).toBe(stemForIndex('тела'));
    // `-ем` stays: `модем`, `тотем` are nominatives; a longer `-ом` noun is the nominative rule's (`альбом`).
    expect(stemForIndex('модем')).toBe('модем');
    expect(stemForIndex('альбом')).toBe(stemForIndex('альбомы'));
  });

  it('trap: a five-letter word in `-ом` alone keeps its key: an adjective\'s prepositional, an adverb, a nominative (review28)', () => {
    for (const word of ['сухом', 'белом', 'новом', 'летом', 'потом', 'геном']) expect(stemForIndex(word), word).toBe(word);
    // Nor after another word than `за`.
    expect(stemNameWordsInOrder(['в', 'сухом', 'месте'])[1]).toBe('сухом');
  });

  it('trap: `Шампунь для волос … хранить в сухом месте` stays sure the shampoo leaf, not dry shampoos (review28)', () => {
    const directories = buildSandboxDirectories('marketplace');
    const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));
    const result = classifyProduct(classifier, { name: 'Шампунь для волос 250 мл хранить в сухом месте' });
    expect(result.path).toBe('Красота и здоровье / Уход за волосами / Шампуни');
    expect(result.confident).toBe(true);
  });

  it('so the face-care branch explains `для лица`, and a sheet mask written `Маска для лица тканевая` is the sheet-mask leaf', () => {
    const directories = buildSandboxDirectories('marketplace');
    const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));
    for (const name of ['Маска для лица тканевая 23 г', 'Маска для лица тканевая Bioaqua с гиалуроновой кислотой 1 шт']) {
      const result = classifyProduct(classifier, { name });
      expect(result.path, name).toBe('Красота и здоровье / Уход за лицом: дополнительно / Тканевые маски');
      expect(result.confident, name).toBe(true);
    }
    // Trap: a plain face mask stays the plain leaf.
    expect(classifyProduct(classifier, { name: 'Маска для лица увлажняющая 50 мл' }).path).toBe('Красота и здоровье / Уход за лицом / Маски для лица');
  });

  it('leave an adjective or participle its `-ом-`, so `знакомые` is never the `знак` of a sign', () => {
    expect(stemForIndex('знакомые')).toBe('знаком');
    expect(stemForIndex('знак')).toBe('знак');
  });

  it('let a product named by the singular reach the leaf named by the plural', () => {
    const directories = buildSandboxDirectories('marketplace');
    const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));
    expect(classifyProduct(classifier, { name: 'Альбом для рисования Hatber 24 л.' }).path).toBe('Детские товары / Школа и творчество / Альбомы для рисования');
  });
});

describe('a masculine singular beside an `-ья` plural leaf (issue 33)', () => {
  it('meets it only when the closed list holds the noun: timber `Брус` is no gymnastic `Брусья` (`Брустар` in Kazakh)', () => {
    const directories = buildSandboxDirectories('marketplace');
    const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));
    const timber = classifyProduct(classifier, { name: 'Брус 100х100' });
    expect(timber.confident && timber.path?.endsWith('Брусья')).toBe(false);
    expect(classifyProduct(classifier, { name: 'Брусья гимнастические' }).path).toBe('Спорт и отдых / Фитнес: дополнительно / Брусья');
  });
});

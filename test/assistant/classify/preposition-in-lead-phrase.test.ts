/**
 * A preposition is no word of a maker's name (issue 33, classify32): a phone-parts list writes `Шлейф для <model> на микрофон`,
 * `… плата системный разъем` on hundreds of names, and its first two words were read as a maker's name of two words
 * (`collect-file-brands.ts`, the phrase lead), so the type after them was `на микрофон`, a sure microphone, and `на беспроводную
 * зарядку` a wireless charger. `Шлейф для` is a part for goods: the phrase is no brand, and the part stays a question.
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { createFileBrandCollector } from '../../../src/assistant/review/collect-file-brands.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));

// Parts of a phone-repair distributor's list: flex cables for models, and goods its other names open with.
const NAMES = [
  'Шлейф для Sony H8296 (XZ2/XZ2 Dual) на микрофон',
  'Шлейф для Sony E6653/E6683 (Z5/Z5 Dual) на микрофон',
  'Шлейф для iPhone 11 на беспроводную зарядку',
  'Шлейф для iPhone 8/SE (2020) на беспроводную зарядку',
  'Шлейф для Xiaomi Mi A3 плата системный разъем/микрофон',
  'Шлейф для Xiaomi Redmi Go плата системный разъем/микрофон',
  'Шлейф для Xiaomi Redmi 6/6A сканер отпечатка пальцев Серый',
  'Шлейф для Huawei Nova 3 динамик и кнопки',
  'Шлейф для Samsung A805F (A80) межплатный',
  'Плата для Samsung A505F системный разъем',
  'Сканер отпечатка пальцев для Xiaomi Redmi 5',
  'Динамик (speaker) для Samsung A207F',
  'Микрофон универсальный (4мм. тонкий с проводами)',
];

const readWords = (names: readonly string[]): string[] => {
  const collector = createFileBrandCollector(classifier);
  for (const name of names) collector.add(name);
  return collector.finish().map((brand) => brand.word);
};

describe('a phrase with a preposition opening many names', () => {
  it('is no maker\'s name', () => {
    expect(readWords(NAMES).filter((word) => word.split(' ').includes('для'))).toEqual([]);
  });

  it('leaves the part a question, not the goods it is for', () => {
    const brandWords = new Set(readWords(NAMES));
    for (const name of NAMES.slice(0, 4)) expect(classifyProduct(classifier, { name }, { brandWords }).confident).toBe(false);
  });
});

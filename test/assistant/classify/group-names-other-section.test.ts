/**
 * The seller's group that names a leaf as surely as a name would, in another branch than the leaf the name reads (another
 * top-level section, or another branch of the same one): the readings disagree on what the goods are (`describeGroupElsewhere`
 * in `classify-product.ts`).
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { isGroupElsewhereDoubt } from '../../../src/assistant/classify/seller-group-doubt-texts.js';
import { indexes } from './find-sure-names.js';

const classify = (name: string, groupPath: string) => classifyProduct(indexes.marketplace, { name, groupPath });

describe('a group naming a leaf of another branch', () => {
  // A paint shop's list: a paint base (`база C`) read as a nail base, under the seller's own `Интерьерные краски`.
  it.each(['Swiss Lake Tactile 3 база C 9 л', 'Swiss Lake Wall Comfort 7 база C 9 л'])('%s under "Интерьерные краски" is a question naming the group\'s leaf', (name) => {
    const result = classify(name, 'Интерьерные краски');
    expect(result.confident).toBe(false);
    expect(isGroupElsewhereDoubt(result.doubt ?? '')).toBe(true);
    expect(result.doubt).toContain('Краски интерьерные');
  });

  // A HoReCa supplier's pickles: a variety's name (`Цицак`) read as a brand left `маринованный` out, and the spice `Перец`
  // was sure and accepted; the seller's group says pickles, a leaf of another branch of the same section.
  it('is a question where the group names a leaf of another branch of the same section', () => {
    const result = classify('Перец Цицак маринованный 2кг', 'Соленья Новиков');
    expect(result.confident).toBe(false);
    expect(isGroupElsewhereDoubt(result.doubt ?? '')).toBe(true);
    expect(result.doubt).toContain('Соленья');
    expect(classifyProduct(indexes.marketplace, { name: 'Перец Цицак маринованный 2кг' }).confident).toBe(true);
  });

  // An overflow group (`Освещение: дополнительно`) is its branch's (`readBranch`): LED strips under the seller's `Гирлянды`,
  // a bulb under `Потолочные светильники` name leaves of one branch, `Дом и сад / Освещение`.
  it.each([
    ['Лента светодиодная 5 м', 'Гирлянды', 'Светодиодные ленты'],
    ['Лампа светодиодная Philips 12 Вт E27', 'Потолочные светильники', 'Светодиодные лампы'],
  ])('is no doubt where the group names a leaf of the same branch\'s overflow group: %s under "%s"', (name, group, leaf) => {
    const result = classify(name, group);
    expect(classifyProduct(indexes.marketplace, { name: group })).toMatchObject({ confident: true });
    expect(result).toMatchObject({ confident: true, path: expect.stringContaining(leaf) as unknown });
  });

  it('is no doubt where the group read alone is no sure pick (`Грунты и шпатлевки` is no potting soil)', () => {
    expect(classify('Грунтовка Сharmant Stable акрил-уретановая глубокого проникновения 9 л', 'Грунты и шпатлевки')).toMatchObject({ confident: true, path: expect.stringContaining('Грунтовки') as unknown });
  });

  it('is no doubt where the group names no sure leaf of another branch (a list of kinds)', () => {
    expect(classify('Шпатель, 80 мм, нержавеющая сталь, 2К-ручка', 'Кельма, шпатель, шлифовальная сетка')).toMatchObject({ confident: true, path: expect.stringContaining('Шпатели') as unknown });
  });
});

/**
 * An unsure pick outside the file's sections whose only doubt is words the leaf does not explain names the sections as its
 * doubt (issue 33, loop18 on probe 22's fishing list: a careless seller's `yes` over a section's leaves put `Стул складной` in
 * `Мебель / Стулья`, `Кружка туристическая` in kitchen mugs, `Сапоги ЭВА` in men's boots: 9 rows, every wrong row of that
 * seller). Real classifier on the marketplace sandbox directory.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readClassifierDoubt } from '../../../src/assistant/review/find-proposal-doubt.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const SPORT = { paths: ['Спорт и отдых'] };
const HOME = { paths: ['Дом и сад'] };

describe('an unsure pick outside the file’s sections, held only by words the leaf does not explain', () => {
  it('is doubted by the sections: no group’s `yes` takes it (its word stays held, as the names read without sections hold it)', () => {
    const result = classifyProduct(marketplace, { name: 'Стул складной Tramp A-2000 белый до 120 кг' }, { sections: SPORT });
    expect(result).toMatchObject({ path: 'Дом и сад / Мебель / Стулья', confident: false, heldBy: ['складной'] });
    expect(result.doubt).toMatch(/^outside the file's sections/);
    expect(readClassifierDoubt(result.doubt ?? '')?.namesAnotherLeaf).toBe(true);
  });

  it('but is held as before inside the sections, or where the file has none (traps)', () => {
    expect(classifyProduct(marketplace, { name: 'Стул складной Tramp A-2000' }, { sections: HOME }).heldBy).toEqual(['складной']);
    expect(classifyProduct(marketplace, { name: 'Стул складной Tramp A-2000' }).heldBy).toEqual(['складной']);
  });
});

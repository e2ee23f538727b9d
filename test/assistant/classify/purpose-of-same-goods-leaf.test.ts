/**
 * A purpose word the best leaf does not explain, which another leaf of the same goods says, keeps the pick from being sure
 * (issue 33, loop23 on probe 23's household-chemicals list: `Антижир для духовок` was a sure `Средства для кухни` through the
 * synonym `антижир`, beside `Средства для плит и духовок`). The same-goods word's doubt (`findSameGoodsWord`) reads it, with the
 * purpose words a synonym's rewrite dropped among the unexplained ones (review23b). Real classifier on the marketplace sandbox
 * directory.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readClassifierDoubt } from '../../../src/assistant/review/find-proposal-doubt.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));

describe('a purpose word another leaf of the same goods is for', () => {
  it('makes the pick a question naming that leaf, which no group’s `yes` takes', () => {
    const result = classifyProduct(marketplace, { name: 'Антижир для духовок 500 мл Sanita' });
    expect(result).toMatchObject({ leafId: 150201, confident: false });
    expect(result.doubt).toBe('the leaf does not explain "духовок", which a leaf of the same goods says (Бытовая химия и гигиена / Средства для уборки / Средства для плит и духовок)');
    expect(readClassifierDoubt(result.doubt ?? '')?.namesAnotherLeaf).toBe(true);
  });

  it('but a purpose the leaf says, no purpose, or a purpose word no leaf of the head is for leaves the pick sure (traps)', () => {
    expect(classifyProduct(marketplace, { name: 'Антижир 500 мл Sanita' })).toMatchObject({ leafId: 150201, confident: true });
    expect(classifyProduct(marketplace, { name: 'Средство для плит и духовок Sanita 500 мл' })).toMatchObject({ leafId: 150210, confident: true });
    expect(classifyProduct(marketplace, { name: 'Антинакипин для чайников 100 г' })).toMatchObject({ leafId: 150213, confident: true });
    expect(classifyProduct(marketplace, { name: 'Шампунь для волос объём 250 мл' })).toMatchObject({ leafId: 80301, confident: true });
  });
});

/** A stock note (`в наличии`, `нет в наличии`, `под заказ`) is never the product type, before the goods or after them. */
import { describe, expect, it } from 'vitest';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';

describe('a stock note', () => {
  it('is read past before the goods and after them', () => {
    for (const name of ['нет в наличии Туалетная бумага 2-слойная 10шт', 'Туалетная бумага 2-слойная 10шт нет в наличии', 'В наличии Туалетная бумага 10шт', 'под заказ Туалетная бумага 10шт']) {
      expect(extractProductType(name).words.join(' '), name).toBe('туалетная бумага');
    }
  });

  it('leaves a name whose goods open with `нет` but say no stock as it is', () => {
    expect(extractProductType('Нетбук Acer Aspire One').words[0]).toBe('нетбук');
  });
});

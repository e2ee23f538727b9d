import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readClassifierDoubt } from '../../../src/assistant/review/find-proposal-doubt.js';
import { indexes } from './find-sure-names.js';

const classify = (name: string, groupPath?: string, sections?: readonly string[]) =>
  classifyProduct(indexes.marketplace, groupPath === undefined ? { name } : { name, groupPath }, sections === undefined ? {} : { sections: { paths: sections } });

describe("a seller's upper group naming goods of another branch", () => {
  // classify34's plumbing shop: a fitting's extension and adapter under `Фитинги`, sure power extensions and phone cables before.
  it.each([
    ['Удлинитель S1/2F*1/2M-20', 'Фитинги / Удлинитель', 'Строительство и ремонт / Сантехника'],
    ['Переходник 1 1/2F*3/4M', 'Фитинги / Переходник', 'Строительство и ремонт / Сантехника'],
  ])('makes %s under %s a question', (name, group, branch) => {
    expect(classify(name, group.split(' / ')[1]).confident).toBe(true);
    const result = classify(name, group);
    expect(result.confident).toBe(false);
    expect(result.doubt).toBe(`the seller's upper group names goods of "${branch}", not the leaf's branch`);
    expect(readClassifierDoubt(result.doubt ?? '')?.namesAnotherLeaf).toBe(true);
  });

  // The file's own sections, where read, bound the trade: a plumbing file's doubt stands, a branch outside them names no trade.
  it('reads only a branch inside the file\'s sections, where the caller read them', () => {
    expect(classify('Удлинитель S1/2F*1/2M-20', 'Фитинги / Удлинитель', ['Строительство и ремонт']).confident).toBe(false);
    expect(classify('Удлинитель S1/2F*1/2M-20', 'Фитинги / Удлинитель', ['Электроника', 'Строительство и ремонт / Электрика']).confident).toBe(true);
  });

  // An upper group whose goods are the leaf's branch's, or a word of every trade, agrees with the pick.
  it.each([
    ['Удлинитель 3 розетки 5 м', 'Электрика / Удлинитель'],
    ['Отвертка BAKU BK-338 T2', 'Оборудование, инструменты, расходные материалы / Инструменты'],
    ['Сиденье для унитаза Виктория', 'Унитазы (компакты) и тюльпаны / Комплектующие для санфаянса / Сиденье д/унитаза'],
  ])('%s under %s stays sure', (name, group) => {
    expect(classify(name, group).confident).toBe(true);
  });
});

describe("a seller's upper group saying a purpose another leaf of the pick's branch is for", () => {
  // classify34's plumbing shop: vanity units under the shop's bathroom furniture, sure TV stands beside `Мебель для ванной`.
  it('makes Тумба under Мебель для ванной комнаты a question', () => {
    const result = classify('Тумба Фламенко 702 и умывальник Балтика 70', 'Мебель для ванной комнаты / Тумба');
    expect(result.confident).toBe(false);
    expect(result.path).toBe('Дом и сад / Мебель: дополнительно / Тумбы под ТВ');
    expect(result.doubt).toMatch(/^the seller's upper group says the goods are for "ванн…", as another leaf of the branch is, not as "[^"]+" is$/);
    expect(readClassifierDoubt(result.doubt ?? '')?.namesAnotherLeaf).toBe(true);
  });

  // The leaf's own purpose said by the name keeps the pick.
  it('keeps a pick whose own purpose the name says', () => {
    expect(classify('Тумба под ТВ Фламенко 702', 'Мебель для ванной комнаты / Тумба').confident).toBe(true);
  });
});

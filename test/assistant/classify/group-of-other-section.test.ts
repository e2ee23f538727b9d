import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readClassifierDoubt } from '../../../src/assistant/review/find-proposal-doubt.js';
import { indexes } from './find-sure-names.js';

const sure = (name: string, groupPath: string): boolean => classifyProduct(indexes.marketplace, { name, groupPath }).confident;

describe("a seller's group whose words name goods of other sections only", () => {
  // classify32's phone-parts list: a repair clamp under the shop's tools, accepted sure among clothes pegs.
  const TOOLS = 'Оборудование, инструменты, расходные материалы / Инструменты';

  it('makes the name\'s sure pick of another section a question (Прищепка under tools)', () => {
    expect(classifyProduct(indexes.marketplace, { name: 'Прищепка (85 мм*55 мм)' }).confident).toBe(true);
    const result = classifyProduct(indexes.marketplace, { name: 'Прищепка (85 мм*55 мм)', groupPath: TOOLS });
    expect(result.confident).toBe(false);
    expect(result.doubt).toMatch(/^the seller's group names goods of "[^"]+", none of the leaf's section$/);
    expect(readClassifierDoubt(result.doubt ?? '')?.namesAnotherLeaf).toBe(true);
  });

  // A paint shop's plaster floats under its surface preparation, sure kitchen graters before.
  it('makes Тёрка пластиковая under Подготовка поверхности a question', () => {
    expect(sure('Тёрка пластиковая, резина 10 мм 280х140мм', 'Подготовка поверхности')).toBe(false);
  });

  // A word of the leaf's own section, whole or as part of a longer one, agrees with the pick; so does a word of every trade.
  it.each([
    ['Паяльник Baku BK-451 (40W)', TOOLS],
    ['Грунтовка Pinotex BASE 1л', 'Грунты и шпатлевки'],
    ['Респиратор FFP1 складной', 'Аксессуары'],
    ['Упаковочная лента 48ммx66м 0,42мм прозрачная', 'Защита поверхности'],
  ])('%s under %s stays sure', (name, group) => {
    expect(sure(name, group)).toBe(true);
  });

  // reviewC33: a supplier's surname (`Чернов` stems as `чёрный` of `Чай чёрный`, an adjective), a gift shelf (goods of every
  // trade), a size word (`Ракетки для большого тенниса` holds it as a purpose) name no goods: the pick stays sure.
  it.each([
    ['Насос циркуляцион. "Хозяин"', 'Чернов'],
    ['Зубная паста Colgate 100 мл', 'Чернов'],
    ['Конструктор LEGO Classic', 'Подарки'],
    ['Носки мужские хлопок', 'Подарочные наборы'],
    ['Ручка шариковая синяя', 'Большой ассортимент'],
  ])('%s under %s stays sure (the group names no goods)', (name, group) => {
    expect(classifyProduct(indexes.marketplace, { name }).confident).toBe(true);
    expect(sure(name, group)).toBe(true);
  });

  // A section's or a branch's title names its goods as a leaf's head does: a mixer cartridge under the shop's `Сантехника`
  // (a branch of `Строительство и ремонт`) is no sure printer cartridge; a paint shop's coverall under its `Аксессуары` (a
  // section of the original directory) no sure children's overall.
  it.each([
    ['marketplace', 'Картридж 40 мм', 'Сантехника'],
    ['original', 'Комбинезон PP/PE категория III тип 5+6 цвет WH #L', 'Аксессуары'],
  ] as const)('%s: %s under %s is a question', (directory, name, group) => {
    expect(classifyProduct(indexes[directory], { name }).confident).toBe(true);
    expect(classifyProduct(indexes[directory], { name, groupPath: group }).confident).toBe(false);
  });

  // The group's purpose (`для инструментов`) names a trade as its goods word does; `аксессуар` alone is a word of every trade.
  it('reads the group\'s purpose: Прищепка under Аксессуары для инструментов is a question', () => {
    expect(sure('Прищепка (85 мм*55 мм)', 'Аксессуары для инструментов')).toBe(false);
  });

  // Where the seller's label reaches the leaf too, the seller has said the goods; the group's other trade does not outweigh it.
  it('a label reaching the leaf keeps it sure (Прищепка labelled Прищепки under Инструменты)', () => {
    expect(classifyProduct(indexes.marketplace, { name: 'Прищепка (85 мм*55 мм)', groupPath: 'Инструменты', label: 'Прищепки' }).confident).toBe(true);
  });

  // A group of words no section holds (a brand, the seller's own word) says nothing of the trade.
  it('a group of no section\'s words changes nothing', () => {
    expect(sure('Прищепка (85 мм*55 мм)', 'Новинки Зимы')).toBe(true);
  });
});

/**
 * A plain leaf whose kinds the directory sorts in another branch of its section (sure26): a pet shop's `Корм для кошек …`
 * went sure to the plain `Зоотовары / Корма / Корм для кошек`, while its goods were dry, wet or veterinary food, each a leaf of
 * `Зоотовары / Товары для кошек` (75 sure-wrong rows of probe 26's pet list).
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readBranch } from '../../../src/assistant/classify/file-sections.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { findKindsSortedElsewhere, saysMoreThanType, type KindOfLeaf } from '../../../src/assistant/classify/kinds-sorted-elsewhere.js';
import { findSure, indexes } from './find-sure-names.js';

const PLAIN = 'Зоотовары / Корма / Корм для кошек';
const kind = (leafId: number, path: string, extra: string[], purpose: string[] = ['кошк']): KindOfLeaf => ({ leafId, path, extra, purpose });
const DRY = kind(1, 'Зоотовары / Товары для кошек / Сухие корма для кошек', ['сух']);
const WET = kind(2, 'Зоотовары / Товары для кошек / Влажные корма для кошек', ['влажн']);

describe('a plain leaf beside its kinds sorted in another branch', () => {
  it('asks a pet food name that says no kind', () => {
    expect(findSure('marketplace', ['Корм для кошек Felix с курицей 1,5 кг', 'Корм для собак Chappi говядина 2,5 кг', 'Корм д/кошек Purina One 750 г'])).toEqual([]);
  });

  it('names the branch and its kinds in the doubt, and keeps the plain leaf as the proposal', () => {
    const result = classifyProduct(indexes.marketplace, { name: 'Корм для кошек Felix с курицей 1,5 кг' });
    expect(result).toMatchObject({ confident: false, path: PLAIN });
    expect(result.doubt).toContain('Зоотовары / Товары для кошек');
    expect(result.doubt).toContain('Сухие корма для кошек');
  });

  it('reads two kinds of one branch of the same section, the same purpose and words added, as the goods sorted by kind', () => {
    expect(findKindsSortedElsewhere(PLAIN, ['кошк'], [DRY, WET])).toEqual({ branch: 'Зоотовары / Товары для кошек', paths: [WET.path, DRY.path] });
  });
});

describe('traps: what is no sorting by kind', () => {
  it('one kind elsewhere is a special product, not the goods sorted by kind', () => {
    expect(findKindsSortedElsewhere(PLAIN, ['кошк'], [DRY])).toBeUndefined();
  });

  it('kinds of another top-level section, of another purpose, or of the plain leaf\'s own branch are no such sorting', () => {
    const elsewhere = [kind(1, 'Продукты питания / Товары для кошек / Сухие корма для кошек', ['сух']), kind(2, 'Продукты питания / Товары для кошек / Влажные корма для кошек', ['влажн'])];
    expect(findKindsSortedElsewhere(PLAIN, ['кошк'], elsewhere)).toBeUndefined();
    expect(findKindsSortedElsewhere(PLAIN, ['кошк'], [{ ...DRY, purpose: ['собак'] }, { ...WET, purpose: ['собак'] }])).toBeUndefined();
    expect(findKindsSortedElsewhere(PLAIN, ['кошк'], [{ ...DRY, path: 'Зоотовары / Корма / Сухие корма для кошек' }, { ...WET, path: 'Зоотовары / Корма: дополнительно / Влажные корма для кошек' }])).toBeUndefined();
    expect(findKindsSortedElsewhere(PLAIN, ['кошк'], [{ ...DRY, extra: [] }, { ...WET, extra: [] }])).toBeUndefined();
  });

  it('a text that is its type alone names a category, as a label does: the plain leaf stays sure', () => {
    expect(classifyProduct(indexes.marketplace, { name: 'Корм для кошек' })).toMatchObject({ confident: true, path: PLAIN });
    expect(saysMoreThanType(extractProductType('Корм для кошек'))).toBe(false);
    expect(saysMoreThanType(extractProductType('Корм для кошек Felix 400 г'))).toBe(true);
  });

  it('an overflow group is its own branch', () => {
    expect(readBranch('Дом и сад / Освещение: дополнительно / Бра')).toBe(readBranch('Дом и сад / Освещение / Светильники'));
    expect(readBranch('Дом и сад / Освещение / Светильники')).toBe('Дом и сад / Освещение');
  });

  it.each([
    ['Корм для кошек сухой Felix 1,5 кг', 'Сухие корма для кошек'],
    ['Корм для собак влажный Chappi 400 г', 'Влажные корма для собак'],
    ['Набор для творчества Бисер', 'Наборы для творчества'],
    ['Аккумулятор автомобильный 60 Ач', 'Аккумуляторы'],
    ['Палатка 3-местная Outventure', 'Палатки'],
    ['Книжка для малышей с окошками', 'Книги для малышей'],
  ])('%s stays sure (%s): a kind said, or kinds of other goods, another section or an overflow group', (name, leaf) => {
    expect(classifyProduct(indexes.marketplace, { name })).toMatchObject({ confident: true, path: expect.stringContaining(leaf) as unknown });
  });
});

describe('a plain leaf met by its Kazakh name (mend26b)', () => {
  it('asks a Kazakh pet food name that says no kind: the kinds are read by the leaf\'s Russian name', () => {
    expect(findSure('marketplace', ['Иттерге арналған жем Josera Sport Maxi 0,4кг', 'Иттерге арналған жем PURINA ONE 85г'])).toEqual([]);
    const result = classifyProduct(indexes.marketplace, { name: 'Иттерге арналған жем Josera Sport Maxi 0,4кг' });
    expect(result).toMatchObject({ confident: false, path: 'Зоотовары / Корма / Корм для собак' });
    expect(result.doubt).toContain('Сухие корма для собак');
  });

  it('traps: the Kazakh type alone stays sure, and a name of the same words but its maker is decided on its own', () => {
    expect(classifyProduct(indexes.marketplace, { name: 'Иттерге арналған жем' })).toMatchObject({ confident: true, path: 'Зоотовары / Корма / Корм для собак' });
    expect(classifyProduct(indexes.marketplace, { name: 'Иттерге арналған жем 2 кг' }).confident).toBe(false);
    expect(classifyProduct(indexes.marketplace, { name: 'Иттерге арналған жем' }).confident).toBe(true);
  });
});

describe("traps: a section's own overflow group (review26 D-3)", () => {
  it('kinds in the catch-all group right under the top section are no sorting by kind: a novel stays sure', () => {
    const novels = 'Книги / Художественная литература / Романы';
    const historical = kind(3, 'Книги / Книги: дополнительно / Исторические романы', ['исторически'], []);
    const love = kind(4, 'Книги / Книги: дополнительно / Любовные романы', ['любовн'], []);
    expect(findKindsSortedElsewhere(novels, [], [historical, love])).toBeUndefined();
    expect(classifyProduct(indexes.marketplace, { name: 'Роман Преступление и наказание Достоевский' })).toMatchObject({ confident: true, path: novels });
  });

  it("names the kinds' parent path as the directory writes it, never a branch cut to `Книги / Книги`", () => {
    const lamps = kind(5, 'Дом и сад / Освещение: дополнительно / Бра настенные', ['настен'], []);
    const other = kind(6, 'Дом и сад / Освещение / Бра потолочные', ['потолочн'], []);
    const found = findKindsSortedElsewhere('Дом и сад / Светильники / Бра', [], [lamps, other]);
    expect(found?.branch).toBe('Дом и сад / Освещение; Дом и сад / Освещение: дополнительно');
  });
});

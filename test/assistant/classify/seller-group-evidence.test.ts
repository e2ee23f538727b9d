/**
 * The seller's group (a category column, 1C group rows) read beside the name: evidence of the kind of goods, never of more. A
 * pick is sure only where the name and the group together explain the leaf: whom the goods are for, the name's own words and
 * purpose, and a qualifier the group says (`describeSellerGroupDoubt`, `askSellerQualifier` in `classify-product.ts`).
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { stemForIndex } from '../../../src/assistant/classify/stem-for-index.js';
import { indexes } from './find-sure-names.js';

const index = indexes.marketplace;
const classify = (name: string, groupPath?: string, neutral?: readonly string[]) =>
  classifyProduct(index, { name, ...(groupPath === undefined ? {} : { groupPath }) }, neutral === undefined ? undefined : { neutralStems: new Set(neutral.map(stemForIndex)) });

describe('the seller\'s group is evidence of the kind, never of whom the goods are for', () => {
  it('leaves a leaf that says people nobody says a question', () => {
    expect(classify('Lace Leggings (5)', 'Лосины')).toMatchObject({ path: expect.stringContaining('Леггинсы') as unknown, confident: false, doubt: expect.stringContaining('whom the goods are for') as unknown });
  });

  it('reads a children\'s size of the name against the plain leaf the group names', () => {
    expect(classify('SAPKA COCUK 4-8 YAS', 'Кепки')).toMatchObject({ confident: false, doubt: expect.stringContaining('for children') as unknown });
  });

  it('takes the people the group says', () => {
    expect(classify('Skinny Jeans (5)', 'Джинсы, девочки 5')).toMatchObject({ path: 'Одежда / Детская одежда / Брюки и джинсы', confident: true });
  });
});

describe('the name\'s own words are read against the leaf the group names', () => {
  it('doubts a purpose of the name the leaf does not explain', () => {
    expect(classify('Угги серые на пуговице', 'Обувь женская / Угги')).toMatchObject({ path: 'Обувь / Женская обувь / Угги', confident: false, doubt: expect.stringContaining('"пуговице"') as unknown });
  });

  it('doubts a noun of the name that is other goods than the group\'s', () => {
    expect(classify('Тройка с курткой для мальчика', 'Куртки')).toMatchObject({ confident: false, doubt: expect.stringContaining('"тройка"') as unknown });
  });

  it('places a name with no type by its group (trap)', () => {
    expect(classify('Tefal Classic 24', 'Сковороды')).toMatchObject({ path: 'Дом и сад / Посуда и кухня / Сковороды', confident: true });
  });

  it('lets the group say the purpose the name leaves unsaid (trap: an industrial supplier\'s groups)', () => {
    expect(classify('Сверло 3,2 мм', 'Инструменты / Сверла по металлу')).toMatchObject({ path: expect.stringContaining('Свёрла по металлу') as unknown, confident: true });
    expect(classify('Бур SDS+ 6x110', 'Ручные инструменты / Режущий инструмент / Буры')).toMatchObject({ path: expect.stringContaining('Буры для перфоратора') as unknown, confident: true });
  });

  it('lets the group say the rest of the leaf\'s name the name cuts short (trap)', () => {
    expect(classify('Лапша б/п Роллтон 90 г', 'Лапша быстрого приготовления')).toMatchObject({ path: expect.stringContaining('Лапша быстрого приготовления') as unknown, confident: true });
  });

  it('changes nothing of a name read alone', () => {
    expect(classify('Угги серые на пуговице')).toMatchObject({ confident: false });
    expect(classify('Брюки черные (6-10)')).toMatchObject({ path: 'Одежда / Детская одежда / Брюки и джинсы', confident: true });
  });
});

describe('a group cell is one level, whatever `/` it holds between words (review27 D2)', () => {
  const classifyCells = (name: string, cells: readonly string[]) => classifyProduct(index, { name, groupPath: cells });

  it('is not sure of the last half of a folder list read as the deepest group (trap)', () => {
    const result = classifyCells('Tefal Classic 24', ['Сковороды/кастрюли']);
    expect(result.confident).toBe(false);
    expect(result.path).not.toBe('Дом и сад / Посуда и кухня / Кастрюли');
  });

  it('reads a group named by a model\'s memory as the kind it says (trap)', () => {
    expect(classifyCells('Samsung A06 4/64', ['Смартфоны 4/64'])).toMatchObject({ path: 'Электроника / Смартфоны и гаджеты / Смартфоны', confident: true });
  });

  it('splits a joined path at its spaced separator as the cells it was joined from', () => {
    expect(classify('Tefal Classic 24', 'Посуда / Сковороды')).toEqual(classifyCells('Tefal Classic 24', ['Посуда', 'Сковороды']));
  });
});

describe('the group explains the type the name says, not the purpose it says otherwise (review27 D6)', () => {
  it.each([
    ['Чехол для iPhone 13', 'Женская одежда'],
    ['Чехол для паспорта', 'Мужская одежда'],
  ])('is not sure of a leaf for the goods the group names where the name says its own purpose: %s under %s', (name, group) => {
    expect(classify(name, group)).toMatchObject({ confident: false, doubt: expect.stringContaining('only the seller\'s group says what the leaf is for') as unknown });
  });

  it('takes the group\'s purpose where the name says none, or the same (traps)', () => {
    expect(classify('Чехол', 'Женская одежда')).toMatchObject({ path: 'Дом и сад / Хранение вещей / Чехлы для одежды', confident: true });
    expect(classify('Чехол для одежды', 'Женская одежда')).toMatchObject({ path: 'Дом и сад / Хранение вещей / Чехлы для одежды', confident: true });
  });

  it('takes a group that says the purpose itself, of which the name\'s is one (trap)', () => {
    expect(classify('Чехол для iPhone 13', 'Аксессуары для телефонов')).toMatchObject({ path: 'Электроника / Смартфоны и гаджеты / Чехлы для телефонов', confident: true });
  });

  it('takes a group that says the name\'s purpose beside the leaf\'s, and a purpose said with another preposition (traps)', () => {
    expect(classify('Пистолет для монтажной пены 9" алюминий', 'Пистолеты для герметика и монтажной пены')).toMatchObject({ path: expect.stringContaining('Пистолеты для герметика') as unknown, confident: true });
    expect(classify('Бур по бетону SDS PLUS 10х160', 'Буры для перфоратора SDS+')).toMatchObject({ path: expect.stringContaining('Буры для перфоратора') as unknown, confident: true });
  });

  it.each(['Набор 3 шт', 'Комплект'])('reads a count or container word as a type the group must explain: %s under Смартфоны', (name) => {
    expect(classify(name, 'Смартфоны')).toMatchObject({ confident: false, doubt: expect.stringContaining('which the leaf the seller\'s group names does not explain') as unknown });
  });

  it('takes a container word the group says (trap)', () => {
    expect(classify('Набор', 'Наборы кастрюль')).toMatchObject({ path: 'Дом и сад / Посуда и кухня / Кастрюли', confident: true });
  });
});

describe('a qualifier the group says is doubted as the name\'s own', () => {
  it('names the leaf of the branch the qualifier says', () => {
    const result = classify('Брюки черные (6-10)', 'Брюки школьные');
    expect(result).toMatchObject({ confident: false, doubt: expect.stringContaining('Школьная форма') as unknown });
    expect(result.heldBy).toBeUndefined();
  });

  it('asks a qualifier no leaf of the branch says as a word the seller may confirm harmless', () => {
    expect(classify('Платье с бантом (110)', 'Платья нарядные')).toMatchObject({ confident: false, heldBy: ['нарядные'] });
    expect(classify('Платье с бантом (110)', 'Платья нарядные', ['нарядные'])).toMatchObject({ path: 'Одежда / Детская одежда / Платья для девочек', confident: true });
  });

  it('takes a group that only repeats the name\'s kind (trap)', () => {
    expect(classify('Брюки черные (6-10)', 'Брюки')).toMatchObject({ path: 'Одежда / Детская одежда / Брюки и джинсы', confident: true });
  });
});

describe('only the groups above the one read as the type vouch for a plain leaf\'s purpose', () => {
  it('leaves a plain leaf weak for the name\'s purpose a question under a group that repeats it', () => {
    expect(classify('Москитная сетка на голову черная')).toMatchObject({ confident: false });
    expect(classify('Москитная сетка на голову черная', 'Москитная сетка на голову')).toMatchObject({ confident: false, doubt: expect.stringContaining('"голову"') as unknown });
  });


  it('keeps a purpose the group repeats from raising a plain leaf of another section', () => {
    expect(classify('Кондиционер для волос Pantene для сухих волос 200 мл', 'Бальзам для волос')).toMatchObject({ path: 'Красота и здоровье / Уход за волосами / Бальзамы и кондиционеры', confident: true });
  });
});

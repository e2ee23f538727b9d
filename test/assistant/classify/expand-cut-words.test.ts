import { describe, expect, it } from 'vitest';
import type { Category } from '../../../src/domain/index.js';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { buildClassifierDirectories } from './classifier-directory.js';

/** A leaf of the branch `Товары` (id 30) with its Kazakh name the Russian one. */
function leaf(id: number, rus: string): Category {
  return { id, parentId: 30, name: { rus, kaz: rus }, path: { rus: `Товары / ${rus}`, kaz: `Тауарлар / ${rus}` }, isLeaf: true };
}

const BRANCH: Category = { id: 30, parentId: null, name: { rus: 'Товары', kaz: 'Тауарлар' }, path: { rus: 'Товары', kaz: 'Тауарлар' }, isLeaf: false };

function buildIndex(leaves: readonly Category[]): ReturnType<typeof buildClassifierIndex> {
  return buildClassifierIndex(buildClassifierDirectories([BRANCH, ...leaves]));
}

const shop = buildIndex([
  leaf(3001, 'Чайники электрические'),
  leaf(3002, 'Колбасы варёные'),
  leaf(3003, 'Вода газированная'),
  leaf(3004, 'Плиты газовые'),
  leaf(3005, 'Халаты женские'),
  leaf(3006, 'Баллоны'),
  leaf(3007, 'Ледянки'),
  leaf(3008, 'Футболки длинные'),
  leaf(3009, 'Чайники'),
  leaf(3010, 'Порошки стиральные'),
  leaf(3011, 'Бантики'),
  leaf(3012, 'Палатки'),
  leaf(3013, 'Коврики туристические'),
  leaf(3014, 'Панели варочные'),
]);
const known = readKnownBrands(shop);
const typeOf = (name: string, brands = known): string => extractProductType(name, undefined, undefined, brands).text;

describe('a cut word read from the directory', () => {
  it('is written whole where one word of the directory opens with it, in the form the head noun takes', () => {
    expect(typeOf('ХАЛАТ ЖЕН. XL')).toBe('халат женский');
    expect(typeOf('Порошок стир. 3 кг')).toBe('порошок стиральный');
    // Read without the directory, it stays cut.
    expect(extractProductType('ХАЛАТ ЖЕН. XL').text).toBe('халат жен');
  });

  it('gives the review key of the same goods written whole', () => {
    expect(readProductTypeKey('ХАЛАТ ЖЕН. XL', undefined, known)).toBe(readProductTypeKey('Халат женский XL', undefined, known));
  });

  it('is decided by the head noun\'s leaves where the directory has two words it opens', () => {
    expect(typeOf('Вода газ. 1,5 л')).toBe('вода газированная');
    expect(typeOf('Плита газ. настольная')).toBe('плита газовая настольная');
    expect(classifyProduct(shop, { name: 'Вода газ. 1,5 л' })).toMatchObject({ leafId: 3003 });
  });

  it('stays cut where nothing tells the two apart: a doubt, never a guess', () => {
    // `Баллоны` has no leaf that says газовый or газированный: the directory has both.
    expect(typeOf('Баллон газ. 5 л')).toBe('баллон газ');
    expect(classifyProduct(shop, { name: 'Баллон газ. 5 л' }).leafId).not.toBe(3004);
  });

  it('beside a whole noun that heads leaves, is read from those leaves only: a word none of them uses stays cut', () => {
    expect(typeOf('ПАЛАТКА ТУРИСТ. зелёная')).toBe('палатка турист');
    // With no such noun, the directory's words read it.
    expect(typeOf('Гамак турист.')).toBe('гамак туристический');
  });

  it('reads a name of cut words from its head read whole first (`КОЛБ. ВАР.`)', () => {
    // `вар.` alone opens `варёные` and `варочные`; beside `колбасы`, read whole first, the sausages' leaf says which.
    expect(typeOf('КОЛБ. ВАР. 500 г')).toBe('колбасы вареные');
    // After a cut adjective read whole, a cut word may be the noun.
    const wipes = readKnownBrands(buildIndex([leaf(3501, 'Салфетки влажные'), leaf(3502, 'Салфетки бумажные')]));
    expect(typeOf('ВЛАЖН. САЛФ. 120 шт', wipes)).toBe('влажные салфетки');
    // A noun further on (`АКЦИЯ`) is not the one the cut words stand beside.
    expect(typeOf('ВЛАЖН. САЛФ. 120шт АКЦИЯ', wipes)).toBe('влажные салфетки');
  });

  it('of two letters is read from the head noun\'s leaves only: too many words of the directory open it', () => {
    const compound = readKnownBrands(buildIndex([leaf(3101, 'Электрочайники'), leaf(3102, 'Чайники'), leaf(3103, 'Плиты электрические')]));
    expect(typeOf('ЧАЙНИК ЭЛ. 1,7 л', compound)).toBe('чайник эл');
  });
});

describe('a word with a dot that is no cut word', () => {
  it('stays: a real short word (`ЧАЙ.` ends in `й`), a name\'s only word (`ЛЁД.`), a size\'s label (`ДЛ. 50`)', () => {
    expect(typeOf('ЧАЙ. ЗЕЛЕНЫЙ 100 г')).toBe('чай зеленый');
    expect(typeOf('ЛЁД.')).toBe('лед');
    expect(typeOf('БАНТ.')).toBe('бант');
    expect(typeOf('ФУТБОЛКА ДЛ. 50')).toBe('футболка дл');
    expect(typeOf('ФУТБОЛКА ДЛ. 50 см')).toBe('футболка дл');
    expect(typeOf('ХАЛАТ ЖЕН. 48')).toBe('халат жен');
    // Beside words, the head noun's leaves read it.
    expect(typeOf('ФУТБОЛКА ДЛ. РУКАВ')).toBe('футболка длинная рукав');
  });

  it('stays after a preposition: a noun\'s phrase the head\'s leaves never explain (`Кофе в зерн.`)', () => {
    const coffee = readKnownBrands(buildIndex([leaf(3201, 'Кофе зерновой'), leaf(3202, 'Кофе молотый')]));
    expect(extractProductType('Кофе в зерн. 1 кг', undefined, undefined, coffee).form).toEqual(['зерн']);
  });

  it('stays a noun\'s adjective beside a whole noun: never another noun the directory has (`варенье`)', () => {
    const jam = readKnownBrands(buildIndex([leaf(3301, 'Варенье'), leaf(3302, 'Колбасы')]));
    expect(typeOf('Колбаса вар. Докторская', jam)).toBe('колбаса вар докторская');
  });
});

describe('a name of cut words whose beginning opens two words of the directory', () => {
  const sausages = buildIndex([leaf(3401, 'Колбаски для гриля'), leaf(3402, 'Колбасы варёные')]);

  it('stays cut: `колб.` opens `колбасы` and `колбаски`, a doubt, and `вар.` after it waits for it', () => {
    expect(typeOf('КОЛБ. ВАР. 400 г', readKnownBrands(sausages))).toBe('колб вар');
  });
});

describe('a cut head noun before the count of pieces a set holds, or after a Latin brand (issue 33, loop23: a toy shop)', () => {
  const toys = buildIndex([leaf(3501, 'Конструкторы'), leaf(3502, 'Наборы инструментов'), leaf(3503, 'Футболки длинные')]);
  const toyBrands = readKnownBrands(toys);

  it('is written whole: pieces (`512 деталей`, `95 дет.`, `35 эл.`) are what the set holds, no size the word labels', () => {
    expect(typeOf('Констр. 512 деталей LEGO', toyBrands)).toBe('конструкторы');
    expect(typeOf('Констр. 35 эл.', toyBrands)).toBe('конструкторы');
    expect(typeOf('Набор инстр. 108 предм.', toyBrands)).toBe('набор инструментов');
  });

  it('is written whole after a Latin brand or model, which no Russian word agrees with (`Lego City Констр.`)', () => {
    expect(typeOf('Lego City Констр. 95 дет.', toyBrands)).toBe('конструкторы');
  });

  it('is written whole where it opens the type and the name\'s nouns come further on (`Констр. Magformers, Замок`: a set\'s theme)', () => {
    const themed = readKnownBrands(buildIndex([leaf(3501, 'Конструкторы'), leaf(3504, 'Замки навесные')]));
    expect(typeOf('Констр. Magformers, Замок 35 эл.', themed)).toBe('конструкторы');
  });

  it('but a size\'s label stays cut, and after a Russian noun a cut word is still its adjective (traps)', () => {
    expect(typeOf('ФУТБОЛКА ДЛ. 50 см', toyBrands)).toBe('футболка дл');
    expect(typeOf('Констр. 512 мм', toyBrands)).toBe('констр');
    expect(typeOf('ФУТБОЛКА ДЛ. РУКАВ', toyBrands)).toBe('футболка длинная рукав');
    const themed = readKnownBrands(buildIndex([leaf(3501, 'Конструкторы'), leaf(3504, 'Замки навесные'), leaf(3505, 'Палатки'), leaf(3506, 'Коврики туристические')]));
    expect(typeOf('Палатка Tramp турист. 3-местная', themed)).toBe('палатка');
  });
});

import { describe, expect, it } from 'vitest';
import { rewriteWithSynonyms } from '../../src/assistant/category-synonyms.js';
import { buildClassifierIndex } from '../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../src/assistant/classify/classify-product.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { tokenizeForMatch } from '../../src/assistant/normalize-for-match.js';
import { stemWord } from '../../src/assistant/stem-word.js';
import { buildSandboxDirectories } from './measure-matching.js';

const market = buildSandboxDirectories('marketplace');
const index = buildClassifierIndex(market);
const leafStems = new Set(market.categories.flatMap((leaf) => tokenizeForMatch(leaf.path?.rus ?? leaf.name.rus).map(stemWord)));

// The general retail vocabulary, one or two words per department: what a price list writes → the directory's leaf.
const EXACT: readonly [string, string][] = [
  ['Газировка', 'Газированные напитки'],
  ['Энергетик', 'Энергетические напитки'],
  ['Минералка', 'Вода минеральная'],
  ['Сгущенка', 'Сгущённое молоко'],
  ['Жвачка', 'Жевательная резинка'],
  ['Конфитюр', 'Варенье и джемы'],
  ['Курага', 'Сухофрукты'],
  ['Пельмешки', 'Пельмени'],
  ['Крупа гречневая', 'Гречка'],
  ['Цыплёнок', 'Курица'],
  ['Хозмыло', 'Хозяйственное мыло'],
  ['Дезик', 'Дезодоранты'],
  ['АКБ', 'Аккумуляторы'],
  ['Флеш-накопитель', 'USB-флешки'],
  ['Наждачка', 'Шлифовальная бумага'],
  ['Стерка', 'Ластики'],
  ['Плюшевый мишка', 'Мягкие игрушки'],
  ['Штаны', 'Брюки'],
  ['Пакеты для мусора', 'Мусорные пакеты'],
  ['Гигиеническая помада', 'Бальзамы для губ'],
  ['Куриное филе', 'Курица'],
  ['Мультифоры', 'Файлы'],
  ['Лизун', 'Слаймы'],
  ['Брынза', 'Сыры мягкие'],
  ['Пахлава', 'Восточные сладости'],
  ['Кроксы', 'Сабо'],
  ['Батареи отопления', 'Радиаторы отопления'],
];

describe('the general retail vocabulary of the synonyms table', () => {
  it('rewrites shop and trade words into words the marketplace directory names its leaves with', () => {
    for (const [seller, leaf] of EXACT) {
      const rewrite = rewriteWithSynonyms(seller);
      expect(rewrite, seller).toMatchObject({ exact: true });
      const stems = tokenizeForMatch(rewrite?.text ?? '').map(stemWord);
      expect(stems.filter((stem) => !leafStems.has(stem)), `${seller} → ${rewrite?.text ?? ''} (${leaf})`).toEqual([]);
    }
  });

  it('places a price-list name written in those words in its leaf, confidently', () => {
    const cases: [string, string][] = [
      ['Газировка Буратино 1,5 л', 'Газированные напитки'],
      ['Энергетик Gorilla 0,45 л', 'Энергетические напитки'],
      ['Сгущенка Рогачев 380 г', 'Сгущённое молоко'],
      ['Конфитюр Bonne Maman 370 г', 'Варенье и джемы'],
      ['Плюшевый мишка 40 см', 'Мягкие игрушки'],
      ['Наждачка P120 230x280', 'Шлифовальная бумага'],
    ];
    for (const [name, leaf] of cases) {
      const answer = classifyProduct(index, { name });
      expect({ name, leaf: answer.path?.split(' / ').at(-1), confident: answer.confident }).toEqual({ name, leaf, confident: true });
    }
  });

  it('keeps a near word loose: it adds candidates but never a confident reading', () => {
    // `грунт` may be garden soil, `шнур` need not be a cable, `овсянка` may be porridge.
    for (const word of ['Грунт', 'Шнур', 'Овсянка', 'Гарнитура', 'Силикон']) expect(rewriteWithSynonyms(word), word).toMatchObject({ exact: false });
    expect(classifyProduct(index, { name: 'Грунт универсальный 10 л' }).leafId).not.toBe(market.categories.find((leaf) => leaf.name.rus === 'Грунтовки')?.id);
  });
});

describe('a two-word phrase of the vocabulary written head noun first, as price lists write it', () => {
  it('may be the same phrase (`Диски литые`, `Протеин сывороточный`), so it adds the candidates of its rewrite', () => {
    expect(rewriteWithSynonyms('Диски литые')?.text).toBe('колесные диски');
    expect(rewriteWithSynonyms('Протеин сывороточный')?.text).toBe('протеин');
    expect(rewriteWithSynonyms('Колонки Bluetooth')?.text).toBe('портативные колонки');
  });

  it('may be another trade\'s phrase, so the reversal alone is never a sure rewrite (review of issue 33, finding 2)', () => {
    // Written in its own order the phrase is exact (`литые диски`); reversed, `Пистолет водяной` is a garden spray gun as
    // often as a toy, `Кассета сменная` a water filter's cartridge as often as a razor's.
    expect(rewriteWithSynonyms('Литые диски')).toEqual({ text: 'колесные диски', exact: true });
    for (const text of ['Колонки Bluetooth', 'Пистолет водяной', 'Мячи гимнастические']) expect(rewriteWithSynonyms(text), text).toMatchObject({ exact: false });
  });

  it('keeps a reversal written out on its own, and reverses only two-word phrases', () => {
    expect(rewriteWithSynonyms('Крупа гречневая')?.text).toBe('гречка');
    // Whey protein and alloy wheels, as price lists write them, are written out too: each names one kind.
    expect(rewriteWithSynonyms('Диски литые')).toEqual({ text: 'колесные диски', exact: true });
    expect(rewriteWithSynonyms('Протеин сывороточный')).toEqual({ text: 'протеин', exact: true });
    expect(rewriteWithSynonyms('Мусора для мешки')).toBeUndefined();
  });

  it('is never a hyphenated compound read backwards: its order is its meaning', () => {
    // `Ополаскиватель-бальзам` of a dishwasher rinse aid is no hair balm.
    expect(rewriteWithSynonyms('Ополаскиватель-бальзам')).toBeUndefined();
    expect(rewriteWithSynonyms('Трусики-подгузники')).toBeUndefined();
  });
});

// The review of issue 33 (finding 2): labels a reversed phrase, or an entry mapping a generic phrase to one trade's leaf, made
// sure of another trade's leaf, while the rows said what the goods are.
const REVERSED_TRAPS: readonly (readonly [string, string, string])[] = [
  ['Пистолет водяной', 'Пистолет водяной для полива 7 режимов', 'Игрушечное оружие'],
  ['Водяные пистолеты', 'Пистолет водяной для полива 7 режимов', 'Игрушечное оружие'],
  ['Кассета сменная', 'Кассета сменная Аквафор В100-15', 'Лезвия и кассеты'],
  ['Сменные кассеты', 'Кассета сменная Аквафор В100-15', 'Лезвия и кассеты'],
  ['Ополаскиватель-бальзам', 'Ополаскиватель-бальзам для посудомоечной машины Somat 750 мл', 'Бальзамы и кондиционеры'],
  ['Бальзам-ополаскиватель', 'Ополаскиватель-бальзам для посудомоечной машины Somat 750 мл', 'Бальзамы и кондиционеры'],
  ['Мячи гимнастические', 'Мяч для художественной гимнастики 15 см', 'Фитболы'],
];

describe('a generic trade phrase (trap, review of issue 33)', () => {
  it('never makes a label sure of one trade\'s leaf on either directory', () => {
    for (const breadth of ['original', 'marketplace'] as const) {
      const matcher = createDirectoryMatchers(buildSandboxDirectories(breadth)).categoryMatcher();
      for (const [label, product, wrong] of REVERSED_TRAPS) {
        for (const productNames of [[], [product]]) {
          const match = matcher.match(label, { productNames });
          const sure = match.status === 'todo' ? undefined : match.best?.entry.name.rus;
          expect(sure, `${breadth}: ${label} (${productNames.length} names)`).not.toBe(wrong);
        }
      }
    }
  });
});

/**
 * The stemmer's Russian inflection classes (issue 33): every form a product name or a leaf uses of one noun or
 * adjective gets one index key (`stemForIndex`) and one shared stem (`stemWord`), and the classes read so do not
 * join words of different meaning. Each paradigm below is one class the audit of the directories' and the probe
 * lists' words found split; each trap is a pair that must stay apart.
 */
import { describe, expect, it } from 'vitest';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { stemForIndex } from '../../../src/assistant/classify/stem-for-index.js';
import { stemWord } from '../../../src/assistant/stem-word.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

/** One class: its name and some of its words, each as the forms that must meet (nominative first). */
interface InflectionClass {
  name: string;
  paradigms: readonly (readonly string[])[];
}

const CLASSES: readonly InflectionClass[] = [
  {
    name: 'neuter -ие and feminine -ия (stem ending in и)',
    paradigms: [
      ['удобрение', 'удобрения', 'удобрений', 'удобрению', 'удобрением', 'удобрении', 'удобрениями', 'удобрениях'],
      ['растение', 'растения', 'растений', 'растениями'],
      ['парфюмерия', 'парфюмерии', 'парфюмерию', 'парфюмерией'],
      ['сандалия', 'сандалии', 'сандалий', 'сандалиями'],
    ],
  },
  {
    name: 'masculine -ий (stem ending in и)',
    paradigms: [
      ['магний', 'магния', 'магнию', 'магнием'],
      ['гербарий', 'гербария', 'гербарии', 'гербариев', 'гербариями'],
      ['сценарий', 'сценария', 'сценарии', 'сценариев'],
    ],
  },
  {
    name: 'feminine -ея (stem ending in е)',
    paradigms: [
      ['батарея', 'батареи', 'батарей', 'батарее', 'батарею', 'батареей', 'батареями', 'батареях'],
      ['орхидея', 'орхидеи', 'орхидей', 'орхидеями'],
      ['бакалея', 'бакалеи', 'бакалею'],
    ],
  },
  {
    name: 'masculine -ей (stem ending in е)',
    paradigms: [
      ['трофей', 'трофея', 'трофеи', 'трофеев', 'трофеем', 'трофеями'],
      ['хоккей', 'хоккея', 'хоккею', 'хоккеем'],
      ['спрей', 'спрея', 'спреи', 'спреев'],
    ],
  },
  {
    name: 'feminine -ь in the instrumental (`уход за обувью`)',
    paradigms: [
      ['обувь', 'обуви', 'обувью'],
      ['гладь', 'глади', 'гладью'],
      ['печать', 'печати', 'печатью'],
    ],
  },
  {
    name: 'adjectives in the instrumental plural',
    paradigms: [
      ['кнопочный', 'кнопочная', 'кнопочные', 'кнопочными'],
      ['женский', 'женская', 'женские', 'женскими'],
      ['игровой', 'игровая', 'игровые', 'игровыми'],
    ],
  },
  {
    name: 'the genitive plural of -йка after a vowel (`Набор батареек`)',
    paradigms: [
      ['батарейка', 'батарейки', 'батареек'],
      ['наклейка', 'наклейки', 'наклеек'],
      ['гайка', 'гайки', 'гаек'],
      ['стойка', 'стойки', 'стоек'],
      ['линейка', 'линейки', 'линеек'],
      ['канарейка', 'канарейки', 'канареек'],
    ],
  },
  {
    name: 'a fleeting е after a soft л (`кошелек`/`кошелька`, `шпилек`/`шпилька`)',
    paradigms: [
      ['кошелек', 'кошелька', 'кошельки', 'кошельков'],
      ['шпилька', 'шпильки', 'шпилек'],
      ['стелька', 'стельки', 'стелек'],
    ],
  },
];

// The stem without the index's own readings: the two readings (`-йка`, `-лек`) are the index's.
const SHARED_STEM_CLASSES = new Set(CLASSES.slice(0, 6).map((inflection) => inflection.name));

function keysOf(paradigm: readonly string[], readKey: (word: string) => string): string[] {
  return [...new Set(paradigm.map(readKey))];
}

describe('the stemmer gives every form of a word one key', () => {
  for (const inflection of CLASSES) {
    it(`in the class ${inflection.name}`, () => {
      for (const paradigm of inflection.paradigms) {
        expect(keysOf(paradigm, stemForIndex), paradigm.join(' ')).toHaveLength(1);
        if (SHARED_STEM_CLASSES.has(inflection.name)) expect(keysOf(paradigm, stemWord), paradigm.join(' ')).toHaveLength(1);
      }
    });
  }
});

// Pairs of different words that must keep different keys: what a careless ending would join.
const TRAPS: readonly (readonly [string, string])[] = [
  // Cookies and liver: the `-ье` noun keeps its soft sign, the `-ь` noun loses it.
  ['печенье', 'печень'],
  ['печенья', 'печени'],
  // The genitive plural of a stand is no drain.
  ['стоек', 'сток'],
  // A purse is no basket.
  ['кошелек', 'кошелка'],
  // A short noun's `-ей` is not read as a genitive plural: a museum is no muse.
  ['музей', 'муза'],
  ['музеи', 'музы'],
];

describe('the classes read keep different words apart', () => {
  it.each(TRAPS)('%s and %s', (first, second) => {
    expect(stemForIndex(first)).not.toBe(stemForIndex(second));
  });

  it('a short noun in `-ов`/`-ей` is a lemma as often as a genitive plural (`кузов`, `спрей`), so it is read as one', () => {
    expect(keysOf(['кузов', 'кузова', 'кузовы'], stemForIndex)).toHaveLength(1);
    expect(keysOf(['засов', 'засова', 'засовы'], stemForIndex)).toHaveLength(1);
    expect(keysOf(['спрей', 'спрея', 'спреи'], stemForIndex)).toHaveLength(1);
  });

  it('a soft adjective keeps one stem in every case', () => {
    expect(keysOf(['летний', 'летней', 'летнего', 'летними'], stemWord)).toHaveLength(1);
    expect(keysOf(['зимний', 'зимней', 'зимнего', 'зимними'], stemForIndex)).toHaveLength(1);
  });
});

describe('a product named by the singular reaches the leaf named by the plural', () => {
  const directories = buildSandboxDirectories('marketplace');
  const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));

  it('`Кошелек` reaches `Кошельки`', () => {
    const purse = classifyProduct(classifier, { name: 'Кошелек женский кожаный' });
    expect(purse.path).toBe('Аксессуары / Сумки и рюкзаки / Кошельки');
  });

  it('`на солнечной батарее` reaches `на солнечных батареях`, and `Набор батареек` reaches `Батарейки`', () => {
    const light = classifyProduct(classifier, { name: 'Светильник на солнечной батарее Gauss настенный' });
    expect(light.path).toBe('Дом и сад / Освещение: дополнительно / Светильники на солнечных батареях');
    const cells = classifyProduct(classifier, { name: 'Набор батареек АА' });
    expect(cells.path).toBe('Электроника / Аксессуары для электроники / Батарейки');
  });
});

/**
 * Words that tell twins of two sections apart (issue 33, probe 18: a careless seller's `yes` wrote household LED lamps for car
 * bulbs, chocolate bars for protein bars): a word the proposed leaf does not explain that another top-level section names its
 * goods by, where that section has goods of the type's noun (`автомобильная` beside `Автотовары / … / Автолампы`), is a doubt
 * naming another section, never a harmless word; and a kind of another section said only by the rest of the name (a flavour
 * after the brand) is no narrowing of the best leaf but a tie with it. Real classifier on the sandbox's directories.
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { findSectionWord } from '../../../src/assistant/classify/section-words.js';
import { stemForIndex } from '../../../src/assistant/classify/stem-for-index.js';
import { findUnsaidPurposeTwin } from '../../../src/assistant/classify/unsaid-leaf-purpose.js';
import { readClassifierDoubt } from '../../../src/assistant/review/find-proposal-doubt.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const SECTION_WORD = 'a word the leaf does not explain names goods of another section';

/** The review's reading of the doubt the classifier writes for a name (`none` when it is sure), with the leaf. */
function readDoubt(name: string): { path: string; doubt: string; namesAnotherLeaf: boolean | undefined; heldBy: readonly string[] | undefined } {
  const result = classifyProduct(marketplace, { name });
  const read = result.doubt === undefined ? undefined : readClassifierDoubt(result.doubt);
  return { path: result.path ?? '', doubt: result.confident ? 'none' : (read?.name ?? `unknown: ${result.doubt ?? ''}`), namesAnotherLeaf: read?.namesAnotherLeaf, heldBy: result.heldBy };
}

/** The leaf of the marketplace directory at `path`. */
function leafAt(path: string): NonNullable<(typeof marketplace.leaves)[number]> {
  const leaf = marketplace.leaves.find((item) => item.path === path);
  if (leaf === undefined) throw new Error(`no leaf ${path}`);
  return leaf;
}

describe('a word another section names its goods by', () => {
  it.each([
    ['Лампа светодиодная автомобильная H4 LED', 'Светодиодные лампы', 'Автотовары'],
    ['LED Car Bulb H7 Canbus', 'Светодиодные лампы', 'Автотовары'],
    ['Масло раст. Мирас 5л', 'Маникюр', 'Продукты питания'],
    ['Мешок боксёрский 120 см', 'Бытовая техника', 'Спорт и отдых'],
  ])('%s under %s names the section %s: no harmless word, a doubt naming another section', (name, leaf, section) => {
    const read = readDoubt(name);
    expect(read).toMatchObject({ path: expect.stringContaining(leaf) as unknown, doubt: SECTION_WORD, namesAnotherLeaf: true, heldBy: undefined });
    expect(classifyProduct(marketplace, { name }).doubt).toContain(`the section ${section}`);
  });

  it('is read from the directory: a word most leaves saying it are of one section, and the section has the goods (`Автолампы`)', () => {
    const lamps = leafAt('Дом и сад / Освещение / Светодиодные лампы');
    expect(findSectionWord(marketplace, ['автомобильная'], lamps, [stemForIndex('лампа')])).toEqual({ word: 'автомобильная', section: 'Автотовары' });
    // Not where the section has no goods of the noun, nor for the leaf's own section.
    expect(findSectionWord(marketplace, ['автомобильная'], lamps, [stemForIndex('подушка')])).toBeUndefined();
    expect(findSectionWord(marketplace, ['автомобильная'], leafAt('Автотовары / Кузов и оптика / Автолампы'), [stemForIndex('лампа')])).toBeUndefined();
  });

  it('but not a word of a section without the goods, a word of several sections, nor a short ending (traps)', () => {
    // `казахский` names books (`Казахская литература`), which hold no bracelets: a style, not another place of them.
    expect(readDoubt('Казахский браслет серебро').doubt).not.toBe(SECTION_WORD);
    // `садовая` is said by garden leaves, which have no hacksaw: still a word a seller may confirm harmless.
    expect(readDoubt('Ножовка садовая Fiskars 500 мм')).toMatchObject({ doubt: 'words the leaf does not explain', heldBy: ['садовая'] });
    // `жаңа` (new) of a Kazakh meat name: the clothing leaves of newborns (`жаңа туған`) end in no `ет`.
    expect(readDoubt('Тауык етi тутас жаңа').doubt).toBe('words the leaf does not explain');
    // A word of the leaf's own section is no other place: the car holder stays a car holder.
    expect(readDoubt('Автомобильный пылесос').doubt).toBe('none');
  });
});

describe('a kind of another section said only by the rest of the name', () => {
  it('is a tie with the leaf it narrows, never sure (`Протеиновый батончик … шоколад`)', () => {
    const result = classifyProduct(marketplace, { name: 'Протеиновый батончик Protein Rex шоколад 60 г' });
    expect(result.confident).toBe(false);
    expect(readClassifierDoubt(result.doubt ?? '')?.name).toBe('another leaf fits as well');
    expect(result.doubt).toContain('Спортивное питание / Батончики');
  });

  it('while a bare type the kind narrows, or a kind the type says, is still sure in the kind (traps)', () => {
    for (const [name, leaf] of [
      ['Мыло Palmolive кусковое', 'Кусковое мыло'],
      ['MIDI-клавиатура Akai MPK Mini 25 клавиш', 'MIDI'],
      ['Батончик шоколадный', 'Шоколадные батончики'],
    ] as const) {
      const result = classifyProduct(marketplace, { name });
      expect([name, result.confident, result.path]).toEqual([name, true, expect.stringContaining(leaf) as unknown]);
    }
  });
});

describe("a purpose of the leaf's name the product does not say, beside a twin without it", () => {
  const UNSAID = 'the leaf is for what the name does not say, and the same goods without it have a leaf';

  it.each([
    ['ӘЙЕЛДЕР ДЖИНСЫСЫ СКИННИ', 'Джинсы для беременных', 'Женская одежда / Джинсы'],
    ['Подгузники Pampers Active Baby р.3 54 шт', 'Подгузники для взрослых', 'Детские товары'],
    ['Кофе 3в1 Jacobs 10 шт', 'Кофе в зёрнах', 'Чай и кофе'],
  ])('%s under %s names the twin: a doubt naming another leaf, no line a group\'s yes takes', (name, leaf, twin) => {
    const result = classifyProduct(marketplace, { name });
    expect(readDoubt(name)).toMatchObject({ path: expect.stringContaining(leaf) as unknown, doubt: UNSAID, namesAnotherLeaf: true, heldBy: undefined });
    expect(result.doubt).toContain(twin);
  });

  it('but a name that says the purpose, in full or cut (`д/`), stays sure, and a sure pick is never doubted by it (traps)', () => {
    // `Корм для кошек Whiskas` says no kind of the cat food the directory sorts by kind elsewhere (`kinds-sorted-elsewhere.ts`,
    // sure26): it is a question for that; the dry kind it names says the purpose as well.
    for (const name of ['Джинсы для беременных', 'Подгузники для взрослых Seni', 'Корм для кошек сухой Whiskas', 'Очки д/плавания', 'Чай черный Шах листовой 250г']) {
      expect([name, readDoubt(name).doubt]).toEqual([name, 'none']);
    }
  });
});

describe('a section word in the rest of the name, outside the type (doubts16, review7 F4)', () => {
  it.each([
    ['Лампа светодиодная Osram автомобильная H4', 'автомобильная'],
    ['Лампа светодиодная H4 автомобильная', 'автомобильная'],
    ['Лампа светодиодная H4 12V для авто', 'авто'],
  ])('%s: "%s" after the brand or in a purpose the type leaves out is a doubt naming Автотовары, never sure', (name, word) => {
    const result = classifyProduct(marketplace, { name });
    expect(readDoubt(name)).toMatchObject({ path: expect.stringContaining('Светодиодные лампы') as unknown, doubt: SECTION_WORD, namesAnotherLeaf: true, heldBy: undefined });
    expect(result.doubt).toBe(`the leaf does not explain "${word}", by which the section Автотовары names its goods`);
  });

  it('but the rest of a household lamp\'s name, a word the leaf explains, or a section without the goods, keeps a sure pick (traps)', () => {
    for (const [name, leaf] of [
      ['Лампа светодиодная Osram E27 10W', 'Светодиодные лампы'],
      ['Лампа светодиодная Gauss груша матовая E27', 'Светодиодные лампы'],
      // `автомобильный` is the car vacuum's own section's word: no other place of it.
      ['Пылесос автомобильный Xiaomi беспроводной', 'Автотовары'],
    ] as const) {
      const result = classifyProduct(marketplace, { name });
      expect([name, result.confident, result.path]).toEqual([name, true, expect.stringContaining(leaf) as unknown]);
    }
  });
});

describe("a leaf's purpose said in Kazakh (doubts16, review7 F6)", () => {
  it('reads the purpose of the leaf\'s Kazakh name as said: no twin named for `Бет кремі` (face cream)', () => {
    const face = leafAt('Красота и здоровье / Уход за лицом / Кремы для лица');
    expect(findUnsaidPurposeTwin(marketplace, face, new Set(['бет', 'крем']))).toBeUndefined();
    // Without the Kazakh purpose word the twin is still named (trap).
    expect(findUnsaidPurposeTwin(marketplace, face, new Set(['крем']))).toBeDefined();
    expect(findUnsaidPurposeTwin(marketplace, face, new Set(['кол', 'крем']))).toBeDefined();
  });
});

describe('a kind of another section the type says more of (doubts16, review7 F5)', () => {
  it('is a tie with the leaf it narrows: `протеиновый` of `Протеиновый батончик в шоколаде` is no word of `Шоколадные батончики`', () => {
    const result = classifyProduct(marketplace, { name: 'Протеиновый батончик в шоколаде' });
    expect(result.confident).toBe(false);
    expect(readClassifierDoubt(result.doubt ?? '')?.name).toBe('another leaf fits as well');
    expect(result.doubt).toContain('Спортивное питание / Батончики');
  });

  it('while a type the kind explains whole stays sure in it, whatever brand follows (traps)', () => {
    for (const name of ['Батончик шоколадный', 'Шоколадный батончик Mars', 'Батончик Snickers шоколадный']) {
      const result = classifyProduct(marketplace, { name });
      expect([name, result.confident, result.path]).toEqual([name, true, 'Продукты питания / Сладости / Шоколадные батончики']);
    }
  });
});

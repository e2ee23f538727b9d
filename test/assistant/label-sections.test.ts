import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { findUnheldGroupWords, isGroupWord } from '../../src/assistant/read-group-words.js';
import { getClassifierIndex } from '../../src/assistant/classify/load-classifier-index.js';
import { buildSandboxDirectories } from './measure-matching.js';

const matchers = createDirectoryMatchers(buildSandboxDirectories('marketplace'));
const marketplace = matchers.categoryMatcher();
const leafAt = (path: string) => {
  const leaf = getClassifierIndex(matchers.index.directories, matchers.index).leaves.find((candidate) => candidate.path === path);
  if (leaf === undefined) throw new Error(`no leaf ${path}`);
  return leaf;
};

describe('a label naming a group of goods (issue 33, labels3)', () => {
  it('reads every form of a word for goods in general, Russian and Kazakh', () => {
    for (const word of ['продукция', 'продукты', 'изделия', 'товары', 'өнімдері', 'өнімі', 'тауарлары', 'бұйымдары']) expect(isGroupWord(word), word).toBe(true);
    for (const word of ['молоко', 'сүт', 'молочная', 'бумага']) expect(isGroupWord(word), word).toBe(false);
  });

  it('holds the group word against a leaf whose names lack it, never against one named by it', () => {
    expect(findUnheldGroupWords(['сүт', 'өнімдері'], leafAt('Продукты питания / Молочные продукты и яйца / Молоко'))).toEqual(['өнімдері']);
    expect(findUnheldGroupWords(['ватные', 'изделия'], leafAt('Бытовая химия и гигиена / Бумажная продукция / Ватные изделия'))).toEqual([]);
  });

  it('is a section, never one leaf of it nor one near a match, however its rows read (`Сүт өнімдері` of milk only)', () => {
    for (const [label, product] of [
      ['Сүт өнімдері', 'Сүт Адал 1л'],
      ['Сүт өнімдері', 'Сүт 3,2% 1 л'],
      ['Молочная продукция', 'Молоко 3,2% 1 л'],
      ['Нан өнімдері', 'Нан'],
    ] as const) {
      const match = marketplace.match(label, { productNames: [product] });
      expect(match.status, `${label} + ${product}`).toBe('todo');
      expect(Math.max(...match.candidates.map((candidate) => candidate.score)), `${label} + ${product}`).toBeLessThanOrEqual(0.5);
    }
  });

  it('is no misspelling of the path\'s group word in another form (`өнімі` beside `Сүт өнімдері және жұмыртқа`)', () => {
    const match = marketplace.match('Сүт өнімі');
    expect(match.status).toBe('todo');
    expect(match.heldBy).toEqual(['өнімі']);
  });

  it('still names a leaf whose own name holds the group word, or one a rewrite names (`Макаронные изделия`)', () => {
    expect(marketplace.match('Ватные изделия').best?.entry.path?.rus).toBe('Бытовая химия и гигиена / Бумажная продукция / Ватные изделия');
    expect(marketplace.match('Веганские продукты').best?.entry.path?.rus).toBe('Продукты питания / Здоровое питание / Веганские продукты');
    const pasta = marketplace.match('Макаронные изделия', { productNames: ['Макароны Султан рожки'] });
    expect(pasta.status).toBe('confident');
    expect(pasta.best?.entry.path?.rus).toBe('Продукты питания / Крупы, макароны и мука / Макароны');
  });
});

describe('a label naming a branch of the directory (issue 33, labels3)', () => {
  it('shows no leaf of it near a match (`Обувь` is no work shoes at 0.93)', () => {
    for (const [label, product] of [
      ['Обувь', 'Кроссовки Nike'],
      ['Женская обувь', ''],
      ['Аяқ киім', 'Кроссовки'],
      ['Обувь/Женская обувь', 'Обувь женская'],
      ['Домашний текстиль', 'Полотенце махровое 50х90'],
    ] as const) {
      const match = marketplace.match(label, { productNames: product === '' ? [] : [product] });
      expect(match.status, label).toBe('todo');
      expect(match.doubt, label).toBe('the label names a branch of the directory, not one leaf of it');
      expect(Math.max(...match.candidates.map((candidate) => candidate.score)), label).toBeLessThanOrEqual(0.5);
    }
  });

  it('keeps the order of its candidates (`Мужские часы`: wristwatches first) and a leaf named exactly so', () => {
    const watches = marketplace.match('Мужские часы');
    expect(watches.candidates[0]?.entry.path?.rus).toBe('Аксессуары / Часы / Наручные часы');
    expect(marketplace.match('Парфюмерия женская').best?.entry.path?.rus).toBe('Красота и здоровье / Парфюмерия / Женская парфюмерия');
  });

  it('leaves a path whose last level is a leaf matched (`Женщинам / Обувь / Сапоги`)', () => {
    const match = marketplace.match('Женщинам / Обувь / Сапоги', { productNames: ['Сапоги женские ботфорты'] });
    expect(match.status).toBe('confident');
    expect(match.best?.entry.path?.rus).toBe('Обувь / Женская обувь / Сапоги');
  });
});

import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildClassifierDirectories } from './classify/classifier-directory.js';
import { buildSandboxDirectories } from './measure-matching.js';

const matcher = createDirectoryMatchers(buildClassifierDirectories()).categoryMatcher();
const decide = (label: string, productNames: string[]): string => {
  const match = matcher.match(label, { productNames });
  return `${match.status} ${match.best?.key ?? ''}`.trim();
};

describe('a category label read with the product names of its rows', () => {
  it('is answered by the names when the label alone is only weakly its first candidate', () => {
    expect(decide('Кастрюльки', [])).toBe('todo');
    expect(decide('Кастрюльки', ['Кастрюля 3 л'])).toBe('confident 802');
    // A name with a word the leaf does not hold is no proof by itself; several such names agreeing are.
    expect(decide('Кастрюльки', ['Кастрюля эмалированная 3 л'])).toBe('todo');
    expect(decide('Кастрюльки', ['Кастрюля эмалированная 3 л', 'Кастрюля эмалированная 5 л', 'Кастрюля 2 л'])).toBe('confident 802');
  });

  it('leaves the question a word of the label the leaf does not explain raised to names that leave the word out, however many', () => {
    expect(matcher.match('Кастрюли индукционные').doubt).toContain('индукционные');
    expect(decide('Кастрюли индукционные', [])).toBe('todo');
    // `Свечи ректальные` with `Свечи Виферон №10` is no decor candle: a name without the word says nothing of it.
    expect(decide('Кастрюли индукционные', ['Кастрюля 3 л'])).toBe('todo');
    expect(decide('Кастрюли индукционные', ['Кастрюля 3 л', 'Кастрюля 5 л', 'Кастрюля 2 л'])).toBe('todo');
    // Russian typed in Latin letters is read as the directory's own word (`read-latin-spelling.ts`, labels32): no word is left
    // unexplained, with or without the names (a word the leaf does not explain is held: `label-initials.test.ts`).
    expect(matcher.match('Kastryuli').heldBy).toBeUndefined();
    expect(decide('Kastryuli', [])).toBe('confident 802');
    expect(decide('Kastryuli', ['Кастрюля 3 л'])).toBe('confident 802');
    // A name that says the word too is no proof that the word is harmless.
    expect(decide('Кастрюли индукционные', ['Кастрюля индукционная 3 л'])).toBe('todo');
    expect(decide('Кабель сварочный', ['Кабель сварочный КГ 1х25'])).toBe('todo');
  });

  it('answers that question by a name of the leaf\'s type when the leaf\'s own section sorts its goods by the word', () => {
    // `Мониторы игровые` under `Электроника`, which has `Игровые аксессуары`: the word qualifies goods of the section.
    const induction = [
      { id: 11, parentId: null, name: { rus: 'Индукционная посуда', kaz: 'Индукциялық ыдыс' }, path: { rus: 'Посуда / Индукционная посуда', kaz: 'Ыдыс / Индукциялық ыдыс' }, isLeaf: false },
      { id: 1101, parentId: 11, name: { rus: 'Сковороды', kaz: 'Табалар' }, path: { rus: 'Посуда / Индукционная посуда / Сковороды', kaz: 'Ыдыс / Индукциялық ыдыс / Табалар' }, isLeaf: true },
    ];
    const sorted = createDirectoryMatchers(buildClassifierDirectories(induction)).categoryMatcher();
    expect(sorted.match('Кастрюли индукционные').status).toBe('todo');
    expect(sorted.match('Кастрюли индукционные', { productNames: ['Кастрюля 3 л'] })).toMatchObject({ status: 'confident', best: { key: '802' } });
  });

  it('becomes a question when most names are goods of another branch than the leaf the label reads as', () => {
    expect(decide('Станки', [])).toBe('exact 1002');
    expect(decide('Станки', ['Казан 10 л', 'Казан 5 л', 'Казан чугунный'])).toBe('todo');
    expect(matcher.match('Станки', { productNames: ['Казан 10 л', 'Казан 5 л'] }).candidates.map((candidate) => candidate.key)).toContain('801');
  });

  it('becomes a question when most names hold a dose the label\'s one-word leaf cannot (a homonym\'s other sense)', () => {
    const extra = [
      { id: 17, parentId: null, name: { rus: 'Декор', kaz: 'Декор' }, path: { rus: 'Дом / Декор', kaz: 'Үй / Декор' }, isLeaf: false },
      { id: 1701, parentId: 17, name: { rus: 'Свечи', kaz: 'Шамдар' }, path: { rus: 'Дом / Декор / Свечи', kaz: 'Үй / Декор / Шамдар' }, isLeaf: true },
    ];
    const candles = createDirectoryMatchers(buildClassifierDirectories(extra)).categoryMatcher();
    expect(candles.match('Свечи', { productNames: ['Свечи ароматические 2 шт', 'Свеча в стакане'] }).status).toBe('exact');
    expect(candles.match('Свечи', { productNames: ['Свечи Виферон 150000 МЕ №10', 'Свечи Парацетамол 100 мг'] }).status).toBe('todo');
    // One dosed name of three is no proof.
    expect(candles.match('Свечи', { productNames: ['Свечи Виферон 150000 МЕ №10', 'Свеча ароматическая', 'Свечи чайные 6 шт'] }).status).toBe('exact');
  });

  it('becomes a question when most names say what the leaf\'s goods serve by a verbal noun the leaf does not explain', () => {
    const extra = [
      { id: 17, parentId: null, name: { rus: 'Декор', kaz: 'Декор' }, path: { rus: 'Дом / Декор', kaz: 'Үй / Декор' }, isLeaf: false },
      { id: 1701, parentId: 17, name: { rus: 'Свечи', kaz: 'Шамдар' }, path: { rus: 'Дом / Декор / Свечи', kaz: 'Үй / Декор / Шамдар' }, isLeaf: true },
    ];
    const candles = createDirectoryMatchers(buildClassifierDirectories(extra)).categoryMatcher();
    // Spark plugs are no decor candles: `зажигания` says what they serve.
    const plugs = candles.match('Свечи', { productNames: ['Свеча зажигания NGK BKR6E'] });
    expect(plugs.status).toBe('todo');
    expect(plugs.doubt).toContain('"зажигания"');
    expect(candles.match('Свечи', { productNames: ['Свеча зажигания NGK', 'Свеча ароматическая'] }).status).toBe('todo');
    // An abstract noun's genitive says what they serve as well (a seat belt).
    expect(candles.match('Свечи', { productNames: ['Свеча безопасности'] }).status).toBe('todo');
    // An adjective only qualifies, and a genitive plural's ending is also a loanword's nominative (`спрей`).
    expect(candles.match('Свечи', { productNames: ['Свеча ароматическая 200 г'] }).status).toBe('exact');
    expect(candles.match('Свечи', { productNames: ['Свеча спрей'] }).status).toBe('exact');
    // One name of three is no proof; a noun the leaf does not name as the type's head is the classifier's to read.
    expect(candles.match('Свечи', { productNames: ['Свеча зажигания NGK', 'Свеча ароматическая', 'Свечи чайные 6 шт'] }).status).toBe('exact');
  });

  it('becomes a question when most names are a thing the leaf does not name, of the leaf\'s goods (a genitive singular)', () => {
    const extra = [
      { id: 18, parentId: null, name: { rus: 'Уборка', kaz: 'Тазалау' }, path: { rus: 'Техника / Уборка', kaz: 'Техника / Тазалау' }, isLeaf: false },
      { id: 1801, parentId: 18, name: { rus: 'Пылесосы', kaz: 'Шаңсорғыштар' }, path: { rus: 'Техника / Уборка / Пылесосы', kaz: 'Техника / Тазалау / Шаңсорғыштар' }, isLeaf: true },
    ];
    const brands = [{ id: 1, name: 'Tefal', code: null }];
    const directories = { ...buildClassifierDirectories(extra), brands };
    const cleaners = createDirectoryMatchers(directories).categoryMatcher();
    // A vacuum cleaner's brush is no vacuum cleaner; nor a pan's lid a pan.
    const brush = cleaners.match('Пылесосы', { productNames: ['Щетка пылесоса универсальная'] });
    expect(brush.status).toBe('todo');
    expect(brush.doubt).toContain('"щетка"');
    expect(cleaners.match('Казаны', { productNames: ['Крышка казана 10 л'] }).status).toBe('todo');
    // The goods themselves, a collection of them (a genitive plural), a compound, a brand written first: the leaf.
    expect(cleaners.match('Пылесосы', { productNames: ['Пылесос моющий'] }).status).not.toBe('todo');
    expect(cleaners.match('Казаны', { productNames: ['Набор казанов'] }).status).not.toBe('todo');
    expect(cleaners.match('Казаны', { productNames: ['Казан-жаровня 6 л'] }).status).not.toBe('todo');
    expect(cleaners.match('Кастрюли', { productNames: ['Тефаль кастрюля 3 л'] }).status).not.toBe('todo');
    // A measure of a mass good (a leaf named in the singular) is the good itself.
    expect(decide('Мясо', ['Кусок мяса 1 кг'])).toBe('exact 202');
  });

  it('becomes a question when most names are made for what the leaf is, headed by a word the leaf does not explain', () => {
    const extra = [
      { id: 18, parentId: null, name: { rus: 'Уборка', kaz: 'Тазалау' }, path: { rus: 'Техника / Уборка', kaz: 'Техника / Тазалау' }, isLeaf: false },
      { id: 1801, parentId: 18, name: { rus: 'Пылесосы', kaz: 'Шаңсорғыштар' }, path: { rus: 'Техника / Уборка / Пылесосы', kaz: 'Техника / Тазалау / Шаңсорғыштар' }, isLeaf: true },
    ];
    const cleaners = createDirectoryMatchers(buildClassifierDirectories(extra)).categoryMatcher();
    const bags = cleaners.match('Пылесосы', { productNames: ['Мешки для пылесоса 5 шт'] });
    expect(bags.status).toBe('todo');
    expect(bags.doubt).toContain('"мешки"');
    // The goods themselves, for whatever they are for.
    expect(cleaners.match('Пылесосы', { productNames: ['Пылесос для дома'] }).status).not.toBe('todo');
    // A leaf whose own purpose the name's purpose is (`Корм для собак`) is what the name is for, not what it is made for.
    expect(decide('Казаны', ['Подставка для казана'])).toBe('todo');
    expect(decide('Казаны', ['Казан для плова'])).toBe('exact 801');
  });

  it('becomes a question when most names are for what only another section\'s goods are for, and nobody else is said', () => {
    const extra = [
      { id: 19, parentId: null, name: { rus: 'Корма', kaz: 'Жемдер' }, path: { rus: 'Зоотовары / Корма', kaz: 'Зоотауарлар / Жемдер' }, isLeaf: false },
      { id: 1901, parentId: 19, name: { rus: 'Корм для собак', kaz: 'Иттерге арналған жем' }, path: { rus: 'Зоотовары / Корма / Корм для собак', kaz: 'Зоотауарлар / Жемдер / Иттерге арналған жем' }, isLeaf: true },
    ];
    const vitamins = createDirectoryMatchers(buildClassifierDirectories(extra)).categoryMatcher();
    expect(vitamins.match('Витамин C', { productNames: ['Витамин C 500 мг'] }).status).not.toBe('todo');
    const pets = vitamins.match('Витамин C', { productNames: ['Витамин C для собак 60 таблеток'] });
    expect(pets.status).toBe('todo');
    expect(pets.doubt).toContain('"собак"');
    // Whom the goods are for, said by the label or the name, is the demographic rules' to judge; a purpose the label says too is the label's.
    expect(vitamins.match('Витамин C', { productNames: ['Витамин C для детей'] }).status).not.toBe('todo');
    expect(vitamins.match('Витамин C', { productNames: ['Витамин C детский для собак'] }).status).not.toBe('todo');
  });

  it('is never confident when the label holds a catch-all word', () => {
    expect(decide('Прочие кастрюли', ['Кастрюля 3 л', 'Кастрюля 5 л', 'Кастрюля 2 л'])).toBe('todo');
    expect(decide('Кастрюли разные', [])).toBe('todo');
  });
});

describe('a label whose few product names choose among its candidates', () => {
  const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
  const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();
  const read = (categoryMatcher: typeof original, label: string, productNames: string[]): string => {
    const match = categoryMatcher.match(label, { productNames });
    return `${match.status} ${match.best?.key ?? ''}`.trim();
  };

  it('is its first candidate when even one name is confidently there with its whole type', () => {
    // `Колонки` holds `Портативные колонки` among more words; the name says the narrower leaf's word.
    expect(read(original, 'Колонки Bluetooth', [])).toBe('todo');
    expect(read(original, 'Колонки Bluetooth', ['Портативная колонка 20 Вт IPX7'])).toBe('confident 10304');
    // Car batteries first, power banks (`Внешние аккумуляторы`) a narrower rival of another root. Since labels33 the battery
    // terminals (`Аккумулятор клеммалары`) are no rival of the plain leaf, so the name settles the label inside the matcher:
    // the leaf's exact name, the tool batteries no rival once the name is read sure into the car batteries.
    expect(read(marketplace, 'Аккумуляторы', [])).toBe('todo');
    expect(read(marketplace, 'Аккумуляторы', ['Аккумулятор автомобильный 60 Ач'])).toBe('exact 100404');
  });

  it('is its first candidate beside a leaf of the same name for children filed in another branch, when the names do not say children', () => {
    // `Мебель / Комоды` and `Детская комната / Детские комоды` score alike for a bare `Комод`; since labels26 a children's leaf
    // of a children's department is no rival where nothing says children (`label-childrens-kind.test.ts`), so the label alone is sure.
    expect(read(marketplace, 'Комод', [])).toBe('confident 60306');
    expect(read(marketplace, 'Комод', ['Комод 4 ящика'])).toBe('confident 60306');
    expect(read(marketplace, 'Комод', ['Комод детский с пеленальным столиком'])).toBe('todo');
  });

  it('stays a question when rivals score alike, or when the name is not whole in the leaf', () => {
    // `Велосипеды` beside `Детские велосипеды`, and a label listing two leaves: one name does not choose.
    expect(read(original, 'Велосипеды', ['Велосипед 26 дюймов'])).toBe('todo');
    expect(read(original, 'Холодильники и морозильники', ['Холодильник с морозильной камерой'])).toBe('todo');
    expect(read(marketplace, 'Аккумуляторы', ['Аккумулятор AA GP'])).toBe('todo');
  });

  it('lets the names choose among the leaves a weak label reads about alike, never one far below its first', () => {
    // Office `Регистраторы` and `Видеорегистраторы` score within the confident gap of each other for this label.
    expect(read(marketplace, 'Регистратор автомобильный', [])).toBe('todo');
    expect(read(marketplace, 'Регистратор автомобильный', ['Видеорегистратор Full HD'])).toBe('confident 100201');
    // `Погружные блендеры` is far below `Блендеры` for the English word: the name does not choose it. Since the English table
    // reads plurals (english2), the label's own word is the directory's `Блендеры`, sure by itself.
    expect(read(marketplace, 'Blenders', ['Блендер погружной 800 Вт'])).not.toBe('confident 20702');
    expect(read(marketplace, 'Blenders', ['Блендер погружной 800 Вт'])).toBe('confident 20204');
  });
});

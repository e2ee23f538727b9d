import { describe, expect, it } from 'vitest';
import { isMachineWord } from '../../src/assistant/category-label/machine-words.js';
import { readPoweredLeaves } from '../../src/assistant/category-label/read-attribute-leaves.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const originalDirectories = buildSandboxDirectories('original');
const original = createDirectoryMatchers(originalDirectories).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a word of how a machine works (issue 33, labels23)', () => {
  it('reads the working principle and the battery, in every form of the adjective, and no word that moves a machine to another trade', () => {
    for (const word of ['планетарный', 'шнековая', 'центробежные', 'роторная', 'поршневой', 'мембранный', 'винтовой', 'инверторный', 'индукционная', 'конвекционный', 'паровой', 'аккумуляторный', 'автоматическая', 'электрическая']) expect(isMachineWord(word), word).toBe(true);
    for (const word of ['бензиновый', 'погружной', 'портативный', 'стационарный', 'ручной', 'механический', 'вибрационная', 'ударная', 'дисковая', 'цепная', 'сетевой', 'газовый', 'пар', 'шнек', 'аккумулятор', 'автомат']) expect(isMachineWord(word), word).toBe(false);
  });

  it('reads the leaves the directory links an attribute of power to: appliances and power tools, no jewellery', () => {
    const powered = readPoweredLeaves(originalDirectories);
    for (const id of [20208, 20209, 120102]) expect(powered.has(id), String(id)).toBe(true);
    for (const id of [50201, 100405, 60108]) expect(powered.has(id), String(id)).toBe(false);
  });

  it('qualifies a leaf of machines whose whole name the label\'s other words say', () => {
    for (const [matcher, label, key] of [
      [original, 'Миксер планетарный', '20208'],
      [original, 'Соковыжималка шнековая', '20209'],
      [marketplace, 'Соковыжималка шнековая', '20209'],
      [original, 'Утюг паровой', '20303'],
      // `аккумуляторный` is no pointer to the car batteries' leaf beside a leaf of machines.
      [original, 'Шуруповерт аккумуляторный', '120102'],
      [marketplace, 'Шуруповерты аккумуляторные', '120102'],
      // labels25: an automatic machine is a model of the machine (a coffee machine grinding and brewing by itself, a
      // blood pressure monitor inflating its cuff).
      [original, 'Кофемашины автоматические', '20203'],
      [marketplace, 'Тонометры автоматические', '80601'],
      // labels31: an electric machine beside a noun-first leaf of electric tools (`Рубанки электрические`), whose last word
      // read as what that leaf is.
      [marketplace, 'Мясорубки электрические', '20205'],
      [marketplace, 'Массажеры электрические', '20409'],
      // labels33: the car vacuums of another section are named by the noun, but the directory links no power to them.
      [marketplace, 'Пылесосы аккумуляторные', '20301'],
    ] as const) {
      const match = matcher.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.key, label).toBe(key);
    }
  });

  it('leaves a part of a machine, goods of no power and a noun two sections name questions', () => {
    for (const [matcher, label] of [
      // A piston ring, a compressor the directory files with car goods, a kettle for an induction hob, a keyboard: no leaf of machines.
      [original, 'Кольца поршневые'],
      [marketplace, 'Кольца поршневые'],
      [original, 'Компрессор поршневой'],
      [original, 'Чайник индукционный'],
      [original, 'Клавиатура мембранная'],
      [original, 'Фонарь аккумуляторный'],
      // Words left out of the class: an engine, water, camping and hands say another trade's machine.
      [original, 'Триммер бензиновый'],
      [original, 'Обогреватель погружной'],
      [original, 'Холодильник портативный'],
      [original, 'Миксер ручной'],
      // Kitchen and builders' mixers, beard and garden trimmers: the word does not say which.
      [marketplace, 'Миксер планетарный'],
      [marketplace, 'Триммер аккумуляторный'],
      // labels25: automatic umbrellas, click pens, mechanical pencils and toy guns are no machines.
      [original, 'Зонты автоматические'],
      [original, 'Ручки автоматические'],
      [original, 'Карандаши автоматические'],
      [marketplace, 'Зонты автоматические'],
    ] as const) {
      expect(matcher.match(label).status, label).toBe('todo');
    }
  });
});

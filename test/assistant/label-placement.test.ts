import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { isPlacementWord } from '../../src/assistant/category-label/placement-words.js';
import { findRoomOfOutdoorLeaf, isRoomWord } from '../../src/assistant/category-label/room-words.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a word of where goods are mounted (issue 33, labels18)', () => {
  it('reads every case and number of the class, and no other word of the same beginning', () => {
    for (const word of ['настенный', 'настенные', 'потолочная', 'угловой', 'угловых', 'напольное', 'подвесные', 'прикроватная']) expect(isPlacementWord(word), word).toBe(true);
    // `настольный` names the table version of a game; `уголь`, `угол` are nouns of other things.
    for (const word of ['настольный', 'навесной', 'встраиваемый', 'уголь', 'угол', 'ручной']) expect(isPlacementWord(word), word).toBe(false);
    // A noun whose stem meets the class's (`углов` of `Защита углов`) is no placement (mend18).
    for (const word of ['углов', 'углом']) expect(isPlacementWord(word), word).toBe(false);
  });

  it('qualifies the leaf whose name is the label\'s head, in a directory that never uses the word', () => {
    for (const [label, key] of [
      ['Диваны угловые', '60301'],
      ['Светильники потолочные', '60405'],
      ['Полки угловые', '60307'],
    ] as const) {
      const match = original.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.key, label).toBe(key);
    }
    expect(marketplace.match('Диваны угловые').best?.key).toBe('60301');
  });

  it('qualifies it before the noun too, where the classifier\'s one doubt is that word', () => {
    // A word before the name may make another thing (`Роликовые коньки`), so the matcher asks; a class word does not.
    for (const matcher of [original, marketplace]) expect(matcher.match('Угловые диваны').best?.key).toBe('60301');
    expect(original.match('Настенные светильники').best?.key).toBe('60405');
    for (const label of ['Угловые кресла', 'Настенные фонари', 'Настенные турники', 'Роликовые коньки']) expect(original.match(label).status, label).toBe('todo');
  });

  it('points to no other leaf where a sibling is named with it (`Настенные часы` beside `Фоторамки`)', () => {
    const match = original.match('Фоторамки настенные');
    expect(match.status).toBe('confident');
    expect(match.best?.key).toBe('60504');
  });

  it('leaves the match to a leaf the directory names by the word and the label\'s head', () => {
    // `Потолочные светильники` (marketplace), `Настенные часы`: that leaf, never the plain one.
    expect(marketplace.match('Светильники потолочные').best?.key).toBe('61802');
    expect(original.match('Часы настенные').best?.key).toBe('60507');
  });

  it('picks no general leaf where the section holds a placed kind of the noun (mend18)', () => {
    // Marketplace: `Бра` (a kind of `светильники` in the synonyms table) and `Потолочные светильники` (the directory sorts
    // lamps by placement itself): the general `Светильники` is no answer for a wall, floor or hanging lamp.
    for (const label of ['Светильники настенные', 'Светильники напольные', 'Светильники подвесные']) expect(marketplace.match(label).status, label).toBe('todo');
    // Where no leaf sorts the noun so, the placement still qualifies the general leaf.
    expect(marketplace.match('Диваны угловые').best?.key).toBe('60301');
    expect(marketplace.match('Фоторамки настенные').best?.key).toBe('60504');
    // A leaf of a narrower noun than the kind's (`Садовые светильники`, no `Бра`) is still qualified.
    expect(marketplace.match('Светильники садовые подвесные').best?.key).toBe('61411');
  });

  it('qualifies only goods of a section that sorts goods by where they are mounted', () => {
    // `Настенные часы`, `Напольные весы`: home and appliances. A flashlight of `Туризм` on a wall is a lantern, a wall
    // organiser no car organiser; the cost: `Турник настенный` (sport) stays a question.
    for (const label of ['Фонари настенные', 'Органайзеры настенные', 'Турник настенный']) {
      expect(original.match(label).status, label).toBe('todo');
      expect(marketplace.match(label).status, label).toBe('todo');
    }
  });

  it('is no word the matcher read as a misspelling of the leaf\'s own', () => {
    // `угловые` is near `игровые`, `подвесные` near `придверные`: the leaf's word is not the label's.
    for (const [matcher, label] of [
      [original, 'Кресла угловые'],
      [marketplace, 'Кресла угловые'],
      [marketplace, 'Коврики угловые'],
      [marketplace, 'Коврики подвесные'],
    ] as const) expect(matcher.match(label).status, label).toBe('todo');
  });

  it('settles no rivalry and lifts no other doubt', () => {
    // Air or hair conditioner: the placement says which to a person, not to the rules; a wall console is no game console.
    for (const label of ['Кондиционер настенный', 'Консоль настенная', 'Плитка настенная', 'Коврики настенные']) {
      expect(original.match(label).status, label).toBe('todo');
      expect(marketplace.match(label).status, label).toBe('todo');
    }
    // A word beside it that makes other goods still asks.
    expect(original.match('Кольца поршневые настенные').status).toBe('todo');
  });

  it('is spelt as meant: no misspelling of a leaf\'s look-alike placement', () => {
    // `напольные` is two letters from `настольные`: floor lamps are no table lamps, table scales no floor scales, floor clocks
    // no table clocks (the first two were confident picks before).
    for (const [label, wrong] of [
      ['Лампы напольные', '60402'],
      ['Весы настольные', '20408'],
      ['Игры напольные', '70106'],
    ] as const) {
      for (const matcher of [original, marketplace]) {
        const match = matcher.match(label);
        expect(match.status, label).toBe('todo');
        expect(match.candidates[0]?.key, label).toBe(wrong);
      }
    }
    expect(marketplace.match('Часы напольные').status).toBe('todo');
  });

  it('is not `настольный`: a table game or sport is other goods than the game\'s', () => {
    for (const label of ['Теннис настольный', 'Хоккей настольный']) {
      expect(original.match(label).status, label).toBe('todo');
      expect(marketplace.match(label).status, label).toBe('todo');
    }
  });
});

describe('a room the goods are used in (issue 33, labels18)', () => {
  it('reads the room by its word forms, never a bathtub by the shared stem', () => {
    for (const word of ['кухни', 'ванной', 'спальни', 'прихожей', 'балкона']) expect(isRoomWord(word), word).toBe(true);
    for (const word of ['ванн', 'ванны', 'кухонный', 'сада', 'детской']) expect(isRoomWord(word), word).toBe(false);
  });

  it('says a room is no place of a leaf whose branches name a place outdoors, the top-level section aside', () => {
    expect(findRoomOfOutdoorLeaf('Дом и сад / Сад и дача / Шланги и полив', ['кухни'])).toBe('кухни');
    expect(findRoomOfOutdoorLeaf('Дом и сад / Мебель / Стулья', ['кухни'])).toBeUndefined();
    expect(findRoomOfOutdoorLeaf('Дом и сад / Сад и дача / Шланги и полив', ['полива'])).toBeUndefined();
  });

  it('only places the goods of the leaf whose whole name is the label\'s head, though a branch of the section names it', () => {
    // `кухни` of `Посуда и кухня`, a branch beside `Мебель`: kitchen chairs and kitchen towels are chairs and towels.
    for (const [label, key] of [
      ['Стулья для кухни', '60304'],
      ['Полотенца для кухни', '60204'],
    ] as const) {
      const match = original.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.key, label).toBe(key);
    }
  });

  it('is no place of goods a path files outdoors: a hose for the kitchen or the bathroom is no garden hose', () => {
    // `Сад и дача / Шланги и полив`; `Шланги для ванной` was a confident garden hose before.
    for (const label of ['Шланги для кухни', 'Шланги для ванной']) {
      const match = original.match(label);
      expect(match.status, label).toBe('todo');
      expect(match.doubt, label).toContain('outdoors');
    }
  });

  it('chooses no leaf among several the head names, nor makes bath goods of a bathtub\'s', () => {
    // `Детские столы и стулья` (marketplace) are chairs too; a knife leaf is no scissors; bath salt is no table salt.
    expect(marketplace.match('Стулья для кухни').status).toBe('todo');
    expect(original.match('Ножницы для кухни').status).toBe('todo');
    expect(original.match('Соль для ванн').status).toBe('todo');
    expect(marketplace.match('Соль для ванн').best?.key).toBe('81205');
  });
});

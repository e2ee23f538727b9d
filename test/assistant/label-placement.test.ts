import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { isPlacementWord, readPlacementSpelling } from '../../src/assistant/classify/placement-words.js';
import { createCandidateMatcher } from '../../src/assistant/score-candidates.js';
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
    // (`Настенные турники` left this list in labels31: the vocabulary names a wall pull-up bar a pull-up bar.)
    for (const label of ['Угловые кресла', 'Настенные фонари', 'Роликовые коньки']) expect(original.match(label).status, label).toBe('todo');
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
    // organiser no car organiser. (The cost, `Турник настенный` (sport) a question, is the vocabulary's since labels31:
    // a wall pull-up bar is a kind of `турники`.)
    for (const label of ['Фонари настенные', 'Органайзеры настенные']) {
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
    // A wall console is no game console. (`Кондиционер настенный`, air or hair conditioner, was here until labels25: a rival of
    // a section that sorts nothing by placement is none, below.)
    for (const label of ['Консоль настенная', 'Плитка настенная', 'Коврики настенные']) {
      expect(original.match(label).status, label).toBe('todo');
      expect(marketplace.match(label).status, label).toBe('todo');
    }
    // A word beside it that makes other goods still asks.
    expect(original.match('Кольца поршневые настенные').status).toBe('todo');
  });

  it('is spelt as meant: no misspelling of a leaf\'s look-alike placement', () => {
    // `напольные` is two letters from `настольные`, `настенные` three: floor or wall lamps are no table lamps, table scales no
    // floor scales, floor games no table games (the first two were confident picks before, `Лампы настенные` until lookalike18).
    for (const [label, wrong] of [
      ['Лампы напольные', '60402'],
      ['Лампы настенные', '60402'],
      ['Весы настольные', '20408'],
      ['Игры напольные', '70106'],
    ] as const) {
      for (const matcher of [original, marketplace]) {
        const match = matcher.match(label);
        expect(match.status, label).toBe('todo');
        // The look-alike leaf meets the label by its noun alone, never at a typo's score.
        expect(match.candidates.find((candidate) => candidate.key === wrong)?.score ?? 0, label).toBeLessThanOrEqual(0.5);
      }
    }
    expect(marketplace.match('Часы напольные').status).toBe('todo');
  });

  it('is read as the word of the class it misspells by one letter, never as another of the class (lookalike18)', () => {
    // `настеные` is `настенные` misspelt: a wall clock, and no table lamp.
    for (const matcher of [original, marketplace]) {
      for (const [label, key] of [
        ['Настеные часы', '60507'],
        ['Весы наполные', '20408'],
      ] as const) {
        const match = matcher.match(label);
        expect(match.status, label).toBe('confident');
        expect(match.best?.key, label).toBe(key);
      }
      const lamps = matcher.match('Лампы настеные');
      expect(lamps.status).toBe('todo');
      expect(lamps.candidates.find((candidate) => candidate.key === '60402')?.score ?? 0).toBeLessThanOrEqual(0.5);
      // The leaf's own word is still its own: `Лампы настольные` are table lamps.
      expect(matcher.match('Лампы настольные').best?.key).toBe('60402');
    }
  });

  it('knows the class\'s words by their spelling: those left out of the placements too, and a one-letter slip of one', () => {
    expect(readPlacementSpelling('настенные')).toBe(readPlacementSpelling('настенный'));
    // Left out of the placements for what they mean (`Теннис настольный`, `Замок навесной`), not for how they are spelt.
    for (const word of ['настольные', 'навесные', 'встраиваемая']) expect(readPlacementSpelling(word), word).toBeDefined();
    expect(readPlacementSpelling('настольные')).not.toBe(readPlacementSpelling('настенные'));
    expect(readPlacementSpelling('настеные')).toBe(readPlacementSpelling('настенные'));
    expect(readPlacementSpelling('наполные')).toBe(readPlacementSpelling('напольные'));
    // Other words, however near: another adjective two letters off, a noun of the same stem, a word no adjective.
    for (const word of ['игровые', 'уголовные', 'углов', 'настил', 'потолок']) expect(readPlacementSpelling(word), word).toBeUndefined();
  });

  it('makes the word scorer read two words of a closed class as two words, and only those', () => {
    const candidates = [{ key: '1', label: 'Настольные лампы', names: [{ text: 'Настольные лампы' }], entry: 1 }];
    const plain = createCandidateMatcher(candidates);
    const placed = createCandidateMatcher(candidates, { readClassWord: readPlacementSpelling });
    // Without the class, `настенные` is a near typo of `настольные`; with it, another word.
    expect(plain.scoreWord('настенные', 'настольные')).toBeGreaterThan(0.7);
    expect(placed.scoreWord('настенные', 'настольные')).toBe(0);
    expect(placed.scoreWord('напольные', 'настольные')).toBe(0);
    // A word of the class and its own misspelling, or a word out of the class, keep their scores.
    expect(placed.scoreWord('настеные', 'настенные')).toBe(plain.scoreWord('настеные', 'настенные'));
    expect(placed.scoreWord('настеные', 'настенные')).toBeGreaterThan(0.85);
    expect(placed.scoreWord('угловые', 'игровые')).toBe(plain.scoreWord('угловые', 'игровые'));
    expect(placed.score('Лампы настенные')[0]?.score ?? 0).toBeLessThan(plain.score('Лампы настенные')[0]?.score ?? 0);
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

describe('a rival of a section that sorts no goods by where they are mounted (issue 33, labels25)', () => {
  it('is none of a label saying a placement, beside a first leaf whose section does', () => {
    // Before: `Кондиционер настенный` tied air conditioners (`Бытовая техника`, which has `Напольные весы`) with hair conditioners.
    for (const label of ['Кондиционер настенный', 'Кондиционеры настенные']) {
      const match = original.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.entry.name.rus, label).toBe('Кондиционеры');
    }
  });

  it('leaves a bare noun a question, and the first leaf to the veto', () => {
    expect(original.match('Кондиционер').status).toBe('todo');
    // Marketplace: the veto does not take `настенный` of air conditioners; a lantern and a pull-up bar of sections sorting nothing so.
    expect(marketplace.match('Кондиционер настенный').status).toBe('todo');
    for (const label of ['Фонари настенные']) expect(original.match(label).status, label).toBe('todo');
  });
});

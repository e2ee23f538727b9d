/**
 * An answer for a product type never reaches a name that says, outside the type, the word a twin of the answered leaf is told
 * apart by (`twin-leaf-words.ts`, issue 33): `чай` answered `Чай чёрный` does not take `Чай Шах гран.` or `Чай … в
 * пакетиках`, `кофе` answered `Кофе растворимый` does not take ground coffee, `велосипед` answered `Велосипеды` does not take
 * a bike `для девочки`. Such a name is read as if no answer reached it; every other name of the type keeps the answer.
 */
import { describe, expect, it } from 'vitest';
import { indexAnsweredTypes, saysTwinOfAnswer } from '../../../src/assistant/review/classify-with-answers.js';
import { classifyWithAnswers } from '../eval/classify-with-answers.js';
import { indexes } from '../classify/find-sure-names.js';

const index = indexes.marketplace;
const BLACK_TEA = 141101;
const GREEN_TEA = 141102;
const BAGGED_TEA = 141104;
const GRANULATED_TEA = 141105;
const GROUND_COFFEE = 141107;
const INSTANT_COFFEE = 141108;
const BIKES = 90201;
const KIDS_BIKES = 90202;

const answered = indexAnsweredTypes([
  ['чай', BLACK_TEA],
  ['кофе', INSTANT_COFFEE],
  ['велосипед', BIKES],
]);

function readAnswered(name: string, types = answered): number | undefined {
  const result = classifyWithAnswers(index, types, name);
  return result.evidence[0]?.matched === 'your answer' ? result.leafId : undefined;
}

describe('a twin of the answered leaf that the name names', () => {
  it.each([
    ['Чай Казахстанский в пакетиках 25 пак', BAGGED_TEA],
    ['ХИТ Чай Шах пакетированный 100 пак', BAGGED_TEA],
    ['Чай Шах Gold 20 пак.', BAGGED_TEA],
    // A count's unit cut short, with or without the dot.
    ['Чай Akbar 100 пак', BAGGED_TEA],
    ['Чай Пиала гран. 50г', GRANULATED_TEA],
    ['Т71729 Чай Шах гранулы 75 г', GRANULATED_TEA],
    ['Чай Greenfield зеленый', GREEN_TEA],
    ['Кофе Gutenberg мол. 200 г', GROUND_COFFEE],
    ['Кофе Movenpick Blend молотый 95 гр', GROUND_COFFEE],
  ])('keeps %s from the answer', (name, twin) => {
    expect(readAnswered(name)).toBeUndefined();
    const result = classifyWithAnswers(index, answered, name);
    // Read as no answer reached it: never the answered leaf made sure by the answer.
    expect(result.confident && result.leafId !== twin).toBe(false);
  });

  it('reads a child named anywhere in the name as the twin whose own name is for children', () => {
    expect(readAnswered('Велосипед Navigator Kids Pilot 110 16" для девочки')).toBeUndefined();
    expect(readAnswered('Велосипед Stels Pilot 110 20" для мальчика')).toBeUndefined();
    expect(saysTwinOfAnswer(index, BIKES, 'Велосипед Corso Joy 20" для мальчика', 'велосипед')).toBe(true);
  });
});

describe('traps: where the answer stands', () => {
  it('takes every name of the type that names no twin', () => {
    expect(readAnswered('Чай Ахмад 100 г')).toBe(BLACK_TEA);
    expect(readAnswered('Чай Dilmah 250г OPA')).toBe(BLACK_TEA);
    expect(readAnswered('Велосипед Stels Navigator 700 28"')).toBe(BIKES);
    // A word that only starts like a twin's word (`Пакистан`, `пак…` of `пакетиках`), written whole, is no twin's word.
    expect(readAnswered('Чай Пакистан 100 г')).toBe(BLACK_TEA);
    expect(readAnswered('Чай Шах Gold пакистанский')).toBe(BLACK_TEA);
  });

  it('takes a name that says the answered leaf’s own word, or the twin word inside the answered type', () => {
    const ground = indexAnsweredTypes([['кофе', GROUND_COFFEE], ['чай в пакетиках', BLACK_TEA]]);
    expect(readAnswered('Кофе Paulig молотый 250 г', ground)).toBe(GROUND_COFFEE);
    // The seller answered `чай в пакетиках` with its words in view.
    expect(readAnswered('Чай в пакетиках Lipton 25 шт', ground)).toBe(BLACK_TEA);
  });

  it('takes a name that says the answered leaf’s own word beside the twin’s', () => {
    const bagged = indexAnsweredTypes([['чай', BAGGED_TEA]]);
    // `пак.` is the answer's own word (`Чай в пакетиках`), `черный` the twin's (`Чай чёрный`): both fit, the answer stands.
    expect(readAnswered('Чай Пиала черный 25 пак.', bagged)).toBe(BAGGED_TEA);
    expect(readAnswered('Чай Ахмад черный в пакетиках', bagged)).toBe(BAGGED_TEA);
    expect(readAnswered('Чай чёрный Ahmad гранулированный 200 г', indexAnsweredTypes([['чай чёрный', BLACK_TEA]]))).toBe(BLACK_TEA);
  });

  it('never reads a purpose, a preposition, what the goods come with or a brand as a twin’s word', () => {
    const others = indexAnsweredTypes([
      ['сыворотка для волос', 81003],
      ['аквариум', 110702],
      ['витамин d3', 170502],
    ]);
    // `Средства против выпадения волос` shares only its purpose with `Сыворотки для волос`: no twin; `против` is no word.
    expect(readAnswered('Сыворотка для волос Dove 50 мл против ломкости', others)).toBe(81003);
    // `Освещение для аквариума` is no aquarium; `с освещением` is what it comes with.
    expect(readAnswered('Аквариум Juwel Primo 75 с освещением', others)).toBe(110702);
    // `Детримакс` opens like `дети`, but only a child after `для` is one (`Витамины для детей`).
    expect(readAnswered('Витамин D3 Детримакс 500 МЕ капли', others)).toBe(170502);
  });

  it('takes a child’s bike under an answer for children’s bikes, and never reads a twin of another parent', () => {
    const kids = indexAnsweredTypes([['велосипед', KIDS_BIKES]]);
    expect(readAnswered('Велосипед Stels Pilot 16" для мальчика', kids)).toBe(KIDS_BIKES);
    // `Электросамокаты` shares no word with `Велосипеды`: `электро` in a name is no twin's word.
    expect(saysTwinOfAnswer(index, BIKES, 'Велосипед Stels электро 26"', 'велосипед')).toBe(false);
  });
});

describe('traps of review9: notes and function words are no twin words', () => {
  const leafNamed = (name: string): number => {
    const leaf = index.leaves.find((entry) => entry.path.split(' / ').at(-1) === name);
    if (leaf === undefined) throw new Error(`no leaf ${name}`);
    return leaf.id;
  };

  it('never reads a Kazakh conjunction or postposition of a twin’s Kazakh name as its word', () => {
    const toys = leafNamed('Интерактивные игрушки');
    expect(saysTwinOfAnswer(index, toys, 'Ойыншық Робот Bumblebee мен Optimus', 'ойыншық')).toBe(false);
    // A word of the twin's own name still says it: a robot that plays music may be a musical toy.
    expect(saysTwinOfAnswer(index, toys, 'Ойыншық Робот музыка мен жарық', 'ойыншық')).toBe(true);
  });

  it('never reads the pack the goods come in as the diminutive twin’s word (`пакет` is not `пакетик`)', () => {
    expect(saysTwinOfAnswer(index, BLACK_TEA, 'Чай Ахмад листовой 200 г пакет zip-lock', 'чай')).toBe(false);
    expect(readAnswered('Чай Tess листовой 100 г в пакете')).toBe(BLACK_TEA);
  });

  it('reads only a pack unit after a count as a unit cut short', () => {
    expect(saysTwinOfAnswer(index, BLACK_TEA, 'Чай Ахмад 100 пак', 'чай')).toBe(true);
    expect(saysTwinOfAnswer(index, BLACK_TEA, 'Чай Ахмад выдержка 5 лет', 'чай')).toBe(false);
  });

  it('reads `дет.` cut short as the children’s twin', () => {
    expect(saysTwinOfAnswer(index, BIKES, 'Велосипед Forward 26 дет.', 'велосипед')).toBe(true);
  });
});

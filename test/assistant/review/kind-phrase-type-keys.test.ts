/**
 * Phrases that tell kinds of one head apart stay in the review's type key (issue 33, probe 16): a `2 в 1` after the head
 * (`Коляска 2 в 1` beside `Коляска`: the directory has `Коляски 2 в 1`) and a Kazakh purpose before it (`Унитазға арналған
 * гель`, toilet gel, beside `Душқа арналған гель`, shower gel). Without them one answer carried one kind's leaf to the other.
 */
import { describe, expect, it } from 'vitest';
import { findAnsweredType, indexAnsweredTypes } from '../../../src/assistant/review/classify-with-answers.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';

describe('a `2 в 1` phrase after the head', () => {
  it('stays in the key, written apart or together', () => {
    expect(readProductTypeKey('Коляска 2 в 1 Anex Fox серый')).toBe('коляска 2 в 1');
    expect(readProductTypeKey('КОЛЯСКА 2В1 Tutis')).toBe('коляска 2 в 1');
    expect(readProductTypeKey('Кофе 3 в 1 Nescafe Classic')).toBe('кофе 3 в 1');
  });

  it('keeps the plain type\'s answer from the 2-in-1 goods, and theirs from the plain ones', () => {
    const plain = indexAnsweredTypes([['коляска', 70202]]);
    expect(findAnsweredType(plain, 'Коляска 2 в 1 Anex Fox серый')).toBeUndefined();
    expect(findAnsweredType(plain, 'Коляска Cybex Vista черная')?.answer).toBe(70202);
    const twoInOne = indexAnsweredTypes([['коляска 2 в 1', 70702]]);
    expect(findAnsweredType(twoInOne, 'КОЛЯСКА 2В1 Tutis')?.answer).toBe(70702);
    expect(findAnsweredType(twoInOne, 'Коляска Cybex Vista черная')).toBeUndefined();
  });

  it('is no other number phrase (traps)', () => {
    expect(readProductTypeKey('Коляска Cybex Vista черная')).toBe('коляска');
    expect(readProductTypeKey('Шампунь для собак Beaphar 250 мл')).toBe('шампунь для собак');
    expect(readProductTypeKey('Кабель 2 м')).toBe('кабель');
    expect(readProductTypeKey('Набор 1 в 1')).toBe('набор');
  });
});

describe('a Kazakh `… арналған` purpose before the head', () => {
  it('stays in the key, as Russian `для …` after the head does', () => {
    expect(readProductTypeKey('Унитазға арналған гель Domestos')).toBe('унитазға арналған гель');
    expect(readProductTypeKey('Душқа арналған гель Nivea')).toBe('душқа арналған гель');
  });

  it('keeps the shower gel\'s answer from the toilet gel', () => {
    const answered = indexAnsweredTypes([['душқа арналған гель', 80501]]);
    expect(findAnsweredType(answered, 'Унитазға арналған гель Domestos')).toBeUndefined();
    expect(findAnsweredType(answered, 'Жууға арналған гель Persil')).toBeUndefined();
    expect(findAnsweredType(answered, 'Душқа арналған гель Palmolive')?.answer).toBe(80501);
  });

  it('leaves a name without the phrase as it was (trap)', () => {
    expect(readProductTypeKey('Гель для душа Nivea')).toBe('гель для душа');
    expect(readProductTypeKey('Гель Nivea')).toBe('гель');
  });
});

// review5 F3: `р` before a number became a size's mark (`сапоги пвх мбс`, no longer `сапоги пвх мбс р`); a mapping reviewed
// before holds its answers under the former key, which must still reach the rows, not fall back to the classifier unnoticed.
describe('an answer given under a key the size mark renamed', () => {
  it('still answers the name', () => {
    for (const [key, name] of [['сапоги пвх мбс р', 'HRC-0423 САПОГИ ПВХ МБС Р.43'], ['чешки белые р', 'ЧЕШКИ БЕЛЫЕ Р.34'], ['костюм р р', 'Костюм р-р 52']] as const) {
      expect(readProductTypeKey(name), name).not.toMatch(/ р$/u);
      expect(findAnsweredType(indexAnsweredTypes([[key, 30901]]), name)?.answer, name).toBe(30901);
    }
  });

  it('answers only the type it was given for, and a split of kinds keeps its old answer off (traps)', () => {
    expect(findAnsweredType(indexAnsweredTypes([['сапоги р', 40101]]), 'Сапоги ПВХ Р.43')).toBeUndefined();
    expect(findAnsweredType(indexAnsweredTypes([['сапоги пвх мбс р', 40101]]), 'Сапоги ПВХ МБС 43')?.answer).toBeUndefined();
    expect(findAnsweredType(indexAnsweredTypes([['коляска', 70202]]), 'Коляска 2 в 1 Anex')).toBeUndefined();
    // The new key's own answer wins over the former one's.
    expect(findAnsweredType(indexAnsweredTypes([['сапоги пвх мбс', 1], ['сапоги пвх мбс р', 2]]), 'САПОГИ ПВХ МБС Р.43')?.answer).toBe(1);
  });
});

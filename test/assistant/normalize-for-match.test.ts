import { describe, expect, it } from 'vitest';
import { tokenizeForMatch } from '../../src/assistant/normalize-for-match.js';
import { stemWord } from '../../src/assistant/stem-word.js';
import { buildLatinSkeleton, foldKazakhLetters, transliterateToLatin } from '../../src/assistant/transliterate.js';

describe('tokenizeForMatch', () => {
  it.each([
    ['  ЧЁРНЫЙ  ', 'черный'],
    ['ЧЕРН.', 'черн'],
    ['10мм', '10 мм'],
    ['10 mm', '10 мм'],
    ['128Gb', '128 гб'],
    ['128 GB', '128 гб'],
    ['1TB', '1 тб'],
    ['256 гигабайт', '256 гб'],
    ['1,5 л', '1.5 л'],
    ['Смарт-часы', 'смарт часы'],
    ['Kärcher', 'karcher'],
    ["L'Oréal Paris", 'loreal paris'],
    ['XXXL', '3 xl'],
    ['100% хлопок', 'хлопок'],
    ['«Рахат»', 'рахат'],
  ])('%j → %j', (text, expected) => {
    expect(tokenizeForMatch(text).join(' ')).toBe(expected);
  });

  // What the one-pass scan of plain texts must read as the regex chain did (checked over every directory text and 300,000 names).
  it.each([
    // A comma or point between digits is a decimal point, no digit in two (`1,2,3`: `1.2`, then `3`).
    ['1,2,3 кг', ['1.2', '3', 'кг']],
    ['d1.2.3.4', ['d', '1.2', '3.4']],
    ['Торт, 1. 5 кг', ['торт', '1', '5', 'кг']],
    ['Набор 3шт.,10.5см', ['набор', '3', 'шт', '10.5', 'см']],
    ['Болт М8х1.25x40', ['болт', 'м', '8', 'х', '1.25', 'x', '40']],
    ['A4, 80г/м2', ['a', '4', '80', 'г', 'м', '2']],
    ['iPhone15Pro 256GB', ['iphone', '15', 'pro', '256', 'гб']],
    ['Қалам-ұшы 0,5мм', ['қалам', 'ұшы', '0.5', 'мм']],
    // A Cyrillic sign that is no letter breaks words.
    ['\u04821,5', ['1.5']],
  ])('splits %j into %j', (text, expected) => {
    expect(tokenizeForMatch(text)).toEqual(expected);
  });

  it('turns look-alike letters of mixed-script words into the script the word can be written in', () => {
    // Latin e in a Cyrillic word; Cyrillic а in a Latin word; Cyrillic Х in a Latin size.
    expect(tokenizeForMatch('Чeрный')).toEqual(['черный']);
    expect(tokenizeForMatch('Sаmsung')).toEqual(['samsung']);
    expect(tokenizeForMatch('ХХL')).toEqual(['xxl']);
    // Words in one script keep their letters: a Latin brand stays Latin.
    expect(tokenizeForMatch('Toshiba')).toEqual(['toshiba']);
    expect(tokenizeForMatch('Тошиба')).toEqual(['тошиба']);
  });

  it('normalises compatibility forms and combining marks, which plain Russian, Kazakh and English text skips', () => {
    // Full-width digits and letters, a ligature, an accent written apart, `Ё` as `Е` + diaeresis.
    expect(tokenizeForMatch('１２８ＧＢ')).toEqual(['128', 'гб']);
    expect(tokenizeForMatch('ﬁlter')).toEqual(['filter']);
    expect(tokenizeForMatch('Ka\u0308rcher')).toEqual(['karcher']);
    expect(tokenizeForMatch('Е\u0308лка')).toEqual(['елка']);
    // Plain text takes the short way to the same tokens.
    expect(tokenizeForMatch('Құлаққап ЁЛКА Smart-часы 0,5л')).toEqual(['құлаққап', 'елка', 'smart', 'часы', '0.5', 'л']);
  });

  it('spells units one way only after a number', () => {
    expect(tokenizeForMatch('m 5')).toEqual(['m', '5']);
    expect(tokenizeForMatch('5 m')).toEqual(['5', 'м']);
  });
});

describe('stemWord', () => {
  it('brings forms of one word to one stem', () => {
    expect(stemWord('смартфоны')).toBe(stemWord('смартфондар'));
    expect(stemWord('черный')).toBe('черн');
    expect(stemWord('мужская')).toBe(stemWord('мужские'));
  });

  it('brings the singular, the plural and the cases of a noun ending like a Kazakh plural to one stem', () => {
    const words = [
      ['блендер', 'блендеры', 'блендера', 'блендером', 'блендерами', 'блендеров'],
      ['принтер', 'принтеры', 'принтера', 'принтеров', 'принтерлер'],
      ['компьютер', 'компьютеры', 'компьютера', 'компьютерами'],
      ['стартер', 'стартеры', 'стартера'],
      ['смартфон', 'смартфоны', 'смартфонов', 'смартфондар', 'смартфондары'],
      ['кітап', 'кітаптар', 'кітаптары'],
    ];
    for (const forms of words) expect(forms.map(stemWord), forms.join(' ')).toEqual(forms.map(() => stemWord(forms[0] ?? '')));
  });

  it('leaves short words and numbers whole', () => {
    expect(stemWord('фен')).toBe('фен');
    expect(stemWord('128')).toBe('128');
    expect(stemWord('шины')).toBe('шины');
  });
});

describe('transliteration', () => {
  it('writes Russian and Kazakh words in Latin letters', () => {
    expect(transliterateToLatin('самсунг')).toBe('samsung');
    expect(transliterateToLatin('смартфоны')).toBe('smartfony');
    expect(transliterateToLatin('қазақ')).toBe('kazak');
  });

  it('reads Cyrillic size letters as Latin sizes', () => {
    expect(transliterateToLatin('хл')).toBe('xl');
    expect(transliterateToLatin('ххс')).toBe('xxs');
  });

  it('folds Kazakh letters into the Russian ones sellers type instead', () => {
    expect(foldKazakhLetters('атамұра')).toBe('атамура');
  });

  it('reduces spellings of one sound to one skeleton', () => {
    expect(buildLatinSkeleton('huawei')).toBe(buildLatinSkeleton(transliterateToLatin('хуавей')));
    expect(buildLatinSkeleton('philips')).toBe(buildLatinSkeleton(transliterateToLatin('филипс')));
    expect(buildLatinSkeleton('bosch')).toBe(buildLatinSkeleton(transliterateToLatin('бош')));
  });
});

/**
 * Words beside a head noun that never make it another kind of thing: what it is made of (for
 * ordinary goods), how big, which season, which shape, and a seller's praise. `Кастрюля
 * эмалированная` is still a pot; `Свечи зажигания`, `Ручки дверные`, `Фен строительный` are not the
 * candles, pens and hair dryers their head nouns name. A leaf is a confident answer only when every
 * other word of the product type is found in the leaf (its path, its names in both languages) or is
 * one of these. Colours, sizes in letters and numbers end the head phrase before it is read, and
 * words of whom a product is for are compared with the leaf's path on their own. A material that makes
 * goods another kind is no such word: paper and cardboard goods are party or disposable ones
 * (`Фонарики бумажные` are no flashlights, `Тарелки бумажные` no tableware), artificial ones decor
 * (`Цветы искусственные`, `Снег искусственный`).
 */
import { MATERIALS } from './materials.js';
import { stemForIndex } from './stem-for-index.js';

const WORDS = [
  // Material of ordinary goods (`materials.ts`).
  ...MATERIALS.flatMap((item) => item.adjectives),
  // Size and shape.
  'большой', 'маленький', 'малый', 'средний', 'крупный', 'мелкий', 'мини', 'макси', 'компактный', 'широкий', 'узкий', 'длинный', 'короткий',
  'высокий', 'низкий', 'круглый', 'квадратный', 'прямоугольный', 'овальный', 'плоский', 'толстый', 'тонкий', 'огромный',
  // Season.
  'летний', 'зимний', 'осенний', 'весенний', 'демисезонный', 'всесезонный', 'утепленный', 'утеплённый',
  // Praise and the seller's words.
  'новый', 'классический', 'универсальный', 'стандартный', 'премиум', 'premium', 'оригинальный', 'модный', 'стильный', 'качественный',
  'прочный', 'легкий', 'лёгкий', 'удобный', 'красивый', 'элегантный', 'базовый', 'повседневный', 'практичный', 'надежный',
  'надёжный', 'мягкий', 'теплый', 'тёплый', 'однотонный', 'подарочный',
];

// The same materials as a name says them after `из` (`Шапка из шерсти`), ordinary ones only: `из бумаги` stays a kind word. This
// form only there: without `из` the genitive names another thing (`Семена льна` are flax seeds, food, no garden seeds made of
// flax). Another form of the noun (`Диван велюр`, `Сумка кожа`) says the material as before.
const MADE_OF = MATERIALS.flatMap((item) => item.madeOf);

// What goods are flavoured with or smell of (`Мармелад клубничный`, `Джем абрикосовый`, `Свеча лавандовая`). A bare taste
// (`сладкий`, `горький`, `острый`, `солёный`) is left out: it names a variety of vegetables and peppers (`Перец сладкий` is no
// spice), and a flavour the directory names (`Фруктовые чипсы`, `Кокосовая вода`) is no flavour here (`isFlavourWord`).
// A berry that names a remedy more than a taste is left out too: `Свечи облепиховые` are suppositories, `Лист брусничный` a herb.
const FLAVOURS = [
  'клубничный', 'земляничный', 'вишнёвый', 'вишневый', 'черешневый', 'яблочный', 'грушевый', 'апельсиновый', 'мандариновый', 'лимонный',
  'лаймовый', 'грейпфрутовый', 'банановый', 'абрикосовый', 'персиковый', 'ананасовый', 'виноградный', 'черничный', 'голубичный',
  'смородиновый', 'клюквенный', 'ежевичный', 'ягодный', 'фруктовый', 'манговый', 'кокосовый', 'ванильный',
  'карамельный', 'мятный', 'имбирный', 'коричный', 'лавандовый', 'цветочный', 'медовый', 'ореховый', 'арбузный', 'дынный', 'гранатовый',
];

/** Stems of the words above, in every form `stemForIndex` gives them (the endings are read off the masculine form). */
const NEUTRAL_STEMS: ReadonlySet<string> = new Set(WORDS.flatMap(formsOf).map(stemForIndex));
const MADE_OF_STEMS: ReadonlySet<string> = new Set(MADE_OF.map(stemForIndex));
const MADE_OF_WORDS: ReadonlySet<string> = new Set(MADE_OF);
const FLAVOUR_STEMS: ReadonlySet<string> = new Set(FLAVOURS.flatMap(formsOf).map(stemForIndex));

/**
 * Whether a word of a product type (its stem, and the word as written, normalised) never changes what the head noun is;
 * `madeOf` says the type read it after `из` (`ProductType.madeOf`), the only place where a material's genitive is one.
 */
export function isNeutralModifier(stem: string, word: string, madeOf: boolean): boolean {
  return NEUTRAL_STEMS.has(stem) || (MADE_OF_STEMS.has(stem) && (madeOf || !MADE_OF_WORDS.has(word)));
}

/** Whether a stemmed word says what goods are flavoured with: no kind, unless the directory names goods by it (the caller asks). */
export function isFlavourWord(stem: string): boolean {
  return FLAVOUR_STEMS.has(stem);
}

/** Whether a word (normalised) is an ordinary material's genitive (`льна`, `шерсти`): what goods are made of, never a brand's word. */
export function isMaterialGenitive(word: string): boolean {
  return MADE_OF_WORDS.has(word);
}

function formsOf(word: string): string[] {
  const adjective = /^(.+?)(ый|ий|ой)$/u.exec(word);
  if (adjective === null) return [word];
  const base = adjective[1] ?? word;
  const soft = adjective[2] === 'ий' && /[гкхжшщч]$/u.test(base) === false;
  const endings = soft ? ['ий', 'яя', 'ее', 'ие', 'юю', 'его', 'их'] : [adjective[2] ?? 'ый', 'ая', 'ое', 'ые', 'ую', 'ого', 'ых', 'ие', 'ий', 'ое'];
  return endings.map((ending) => `${base}${ending}`);
}

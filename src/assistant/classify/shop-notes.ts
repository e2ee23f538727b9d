/**
 * A shop's note in front of a product's name (`УЦЕНКА Гречка ядрица`, `АКЦИЯ! Молоко`, `Уценка - Геймпад`, `NEW! Наушники`,
 * `Витрина Наушники JBL`): it says how the goods are sold, not what they are, so the type is read from what follows it. The
 * words are data, each with why it is a note; a word that also names goods is a note only where the word after it is no
 * adjective or preposition of its own (`Витрина холодильная`, `Витрина для сумок` are display cases).
 */
import { createListedPhraseFinder } from './find-listed-phrase.js';
import { NOMINATIVE_ADJECTIVE_ENDING } from './nominative-adjective.js';

/** One note word, normalised (`tokenizeForMatch`), and whether it may also be the name of goods. */
interface ShopNote {
  word: string;
  /** The word also names goods (a display case): a note only before another type's word. */
  alsoGoods?: true;
  /** The word is also a word of goods' names (`Hot Air Brush`): a note only written in capitals in a name that is not. */
  inCapitals?: true;
  why: string;
}

const SHOP_NOTES: readonly ShopNote[] = [
  { word: 'уценка', why: 'marked down (a defect or a damaged pack): the goods are still what follows' },
  { word: 'уцененный', why: 'marked down, as an adjective of the note' },
  { word: 'уцененная', why: 'marked down, as an adjective of the note' },
  { word: 'акция', why: 'on promotion' },
  { word: 'новинка', why: 'new in the range' },
  { word: 'распродажа', why: 'clearance sale' },
  { word: 'суперцена', why: 'a price label' },
  { word: 'хит', why: 'a best-seller label (`ХИТ продаж`)' },
  { word: 'скидка', why: 'a discount' },
  { word: 'new', why: 'new in the range, in English' },
  { word: 'жаңа', why: 'new in the range, in Kazakh (`Жаңа Жылыжай`): the shop’s mark, the goods follow it' },
  { word: 'sale', why: 'on sale, in English' },
  { word: 'hit', why: 'a best-seller label, in English' },
  { word: 'hot', inCapitals: true, why: 'a best-seller label in capitals (`HOT Electric Tire Pump`); `Hot Air Brush` is a hot-air brush' },
  { word: 'top', inCapitals: true, why: 'a best-seller label in capitals (`TOP Video Doorbell`); `Top Case` names goods' },
  { word: 'жиынтық', alsoGoods: true, why: 'a set, in Kazakh, written in front of the goods as a shop’s mark (`жиынтық Палатка трекинговая`): the goods are what follows; before an adjective or a preposition of its own it is a set' },
  { word: 'витрина', alsoGoods: true, why: 'a display sample (`Витрина Наушники JBL`); `Витрина холодильная` is a display case' },
];

const NOTES = new Map(SHOP_NOTES.map((note) => [note.word, note]));
// `ХИТ продаж`: the words that finish a note of two.
const NOTE_TAILS = new Set(['продаж']);
const PREPOSITIONS = new Set(['для', 'с', 'со', 'из', 'под', 'на', 'в', 'от', 'к']);

/**
 * A note that says where the goods come from, that they are a copy, how they are sold or stocked, or what version a factory
 * calls them (`Humidifier Flame 300ml Китай`, `Wireless Mouse (копия)`, `TRIMMER NOSE HAIR оптом`, `[in stock]`, `Global
 * Version`): it is never the goods, wherever it stands. Read as the type of a name in English (whose Latin words read as a
 * brand or model beside a Cyrillic one) it made one type of dashcams, chargers and watches, and one answer sent them all to
 * one leaf. Each phrase is normalised (`tokenizeForMatch`) and says why it is a note.
 */
const NOTES_ANYWHERE: readonly { words: readonly string[]; why: string }[] = [
  { words: ['китай'], why: 'country of origin (China), the commonest note of an importer' },
  { words: ['кнр'], why: 'country of origin (the PRC)' },
  { words: ['россия'], why: 'country of origin (Russia): where the goods come from, written as the country' },
  { words: ['рф'], why: 'country of origin (the Russian Federation): where the goods come from, written as the country' },
  { words: ['рк'], why: 'country of origin (the Republic of Kazakhstan): where the goods come from, written as the country' },
  { words: ['казахстан'], why: 'country of origin (Kazakhstan): where the goods come from, written as the country' },
  { words: ['германия'], why: 'country of origin (Germany): where the goods come from, written as the country' },
  { words: ['италия'], why: 'country of origin (Italy): where the goods come from, written as the country' },
  { words: ['турция'], why: 'country of origin (Turkey): where the goods come from, written as the country' },
  { words: ['корея'], why: 'country of origin (Korea): where the goods come from, written as the country' },
  { words: ['япония'], why: 'country of origin (Japan): where the goods come from, written as the country' },
  { words: ['сша'], why: 'country of origin (the USA): where the goods come from, written as the country' },
  { words: ['польша'], why: 'country of origin (Poland): where the goods come from, written as the country' },
  { words: ['беларусь'], why: 'country of origin (Belarus): where the goods come from, written as the country' },
  { words: ['узбекистан'], why: 'country of origin (Uzbekistan): where the goods come from, written as the country' },
  { words: ['индия'], why: 'country of origin (India): where the goods come from, written as the country' },
  { words: ['франция'], why: 'country of origin (France): where the goods come from, written as the country' },
  { words: ['испания'], why: 'country of origin (Spain): where the goods come from, written as the country' },
  { words: ['тайвань'], why: 'country of origin (Taiwan): where the goods come from, written as the country' },
  { words: ['вьетнам'], why: 'country of origin (Vietnam): where the goods come from, written as the country' },
  { words: ['акция'], why: 'on promotion, written after the goods as before them (`Whey Protein 908g Акция`)' },
  { words: ['новинка'], why: 'new in the range, after the goods as before them' },
  { words: ['распродажа'], why: 'clearance sale, after the goods as before them' },
  { words: ['уценка'], why: 'marked down, after the goods as before them' },
  { words: ['срок'], why: 'an expiry note (`(срок 12.26)`): when the goods expire, not what they are' },
  { words: ['хит', 'продаж'], why: 'a best-seller label after the goods as before them (`Jade Roller Rose Quartz Face Хит продаж`)' },
  { words: ['хит', 'сезона'], why: 'a best-seller label (`хит сезона`)' },
  { words: ['хит'], why: 'a best-seller label cut to one word: no goods are called so' },
  { words: ['топ', 'продаж'], why: 'a best-seller label' },
  { words: ['лидер', 'продаж'], why: 'a best-seller label' },
  { words: ['бестселлер'], why: 'a best-seller label' },
  { words: ['best', 'seller'], why: 'a best-seller label, in English' },
  { words: ['bestseller'], why: 'a best-seller label, in English' },
  { words: ['top', 'seller'], why: 'a best-seller label, in English' },
  { words: ['hot', 'sale'], why: 'a best-seller label, in English' },
  { words: ['new', 'arrival'], why: 'new in the range, in English' },
  { words: ['made', 'in', 'china'], why: 'country of origin, in English' },
  { words: ['копия'], why: 'a copy of a branded product: how it is made, not what it is' },
  { words: ['реплика'], why: 'a replica of a branded product' },
  { words: ['replica'], why: 'a replica, in English' },
  { words: ['оптом'], why: 'sold wholesale (an adverb: no goods)' },
  { words: ['опт'], why: 'wholesale' },
  { words: ['wholesale'], why: 'wholesale, in English' },
  { words: ['в', 'наличии'], why: 'in stock' },
  { words: ['нет', 'в', 'наличии'], why: 'out of stock: a stock note before or after the goods, as `в наличии` is (`нет` read alone was the type)' },
  { words: ['под', 'заказ'], why: 'made to order: how the goods are supplied' },
  { words: ['in', 'stock'], why: 'in stock, in English' },
  { words: ['free', 'shipping'], why: 'delivery terms, in English' },
  { words: ['global', 'version'], why: 'the factory’s name for the export edition' },
  { words: ['japan'], why: 'country of origin (Japan), in English: an importer writes it anywhere (`Ariel Japan Laundry Gel`, `KitKat Japan`)' },
  { words: ['korea'], why: 'country of origin (Korea), in English' },
  { words: ['jp'], why: 'an importer’s mark of Japanese goods (`[JP] Nori Sheets`): where they come from, no goods are called so' },
  { words: ['kr'], why: 'an importer’s mark of Korean goods (`[KR] Cushion`)' },
  { words: ['k', 'beauty'], why: 'a shop’s heading for Korean cosmetics (`K-beauty Etude Peeling Gel`), written on its food and chemicals too' },
  { words: ['последний'], why: 'the last piece in stock (`последний Монитор игровой`): a stock note before or after any goods, never what they are' },
  { words: ['последняя'], why: 'the last piece in stock, in the feminine' },
  { words: ['последние'], why: 'the last pieces in stock, in the plural' },
  { words: ['сапалы'], why: 'of quality, in Kazakh: a shop’s praise written in front of any goods (`сапалы SSD M.2`), never what they are' },
  { words: ['үлкен'], why: 'big, in Kazakh: a size word, written in front of any goods (`үлкен Палатка`); the directory tells no kinds apart by it' },
  { words: ['кішкентай'], why: 'small, in Kazakh: a size word, as `үлкен`' },
  { words: ['түсі'], why: 'colour, in Kazakh (`түсі қара`, colour black): it says a colour follows, never what the goods are' },
  { words: ['предзаказ'], why: 'sold on pre-order: how the goods are supplied' },
  { words: ['refill'], why: 'a refill pack (`Laundry Gel refill`): how the goods are packed, not what they are' },
  { words: ['oem'], why: 'made by the original factory without its brand: how it is sold' },
  { words: ['original'], why: 'a claim of authenticity, in English' },
  { words: ['оригинал'], why: 'a claim of authenticity' },
  { words: ['проф'], why: 'a supply shop’s mark of goods for masters, «профессиональный» cut short, before or after any goods (`ПРОФ Пинцет`, `Cuticle oil TNL ПРОФ`): who the goods are sold to, never what they are' },
];

const findNoteAnywhere = createListedPhraseFinder(NOTES_ANYWHERE.map((note) => note.words));
// Notes that are words of titles too (`Последний звонок`, `Последний из могикан`, `Кішкентай ханзада`, `Үлкен өлшемді дәптер`):
// a note only where the name does not write them as a title's first word, capitalised before a word in lower case.
const TITLE_WORDS: ReadonlySet<string> = new Set(['последний', 'последняя', 'последние', 'үлкен', 'кішкентай', 'сапалы']);
// The nouns of a stock note, dropped with it (`последний экземпляр`, `последняя штука`).
const NOTE_NOUNS: ReadonlySet<string> = new Set(['экземпляр', 'экз', 'штука', 'штуки']);

/**
 * Whether the name writes the word (normalised) as a title's first word: capitalised, before a Cyrillic word in lower case that
 * is no note noun (`Последний звонок`, never `последний Монитор` nor `Последний экземпляр Монитор`). Unsure, the words are kept.
 */
function isWrittenAsTitle(word: string, name: string): boolean {
  const written = new RegExp(`(?<![\\p{L}])(${word})\\s+(\\p{L}+)`, 'iu').exec(name);
  const [, note, next] = written ?? [];
  return note !== undefined && next !== undefined && /^\p{Lu}/u.test(note) && /^[\p{Ll}]/u.test(next) && /[\u0400-\u04ff]/u.test(next) && !NOTE_NOUNS.has(next);
}
// Days and months counted after a number (`90 дней`, `30 days`): a supplement's course.
const DURATION_WORDS: ReadonlySet<string> = new Set(['дней', 'дня', 'суток', 'месяцев', 'месяца', 'days', 'months']);
// `2024 New`, `New 2025`: a year beside `new` is the factory's model-year note.
const YEAR = /^20\d\d$/u;

/**
 * Where the words of a note that may stand anywhere (`NOTES_ANYWHERE`) are in a phrase: `true` at each word of one, and at a
 * year beside `new` (`2024 New`); undefined where the phrase has none (most have none: this runs for every name of a file).
 * The phrase itself is left as it is, for whoever reads the rest of the name. `name`, as written, tells a title's first word
 * (`TITLE_WORDS`) from a note; without it such a word is a note.
 */
export function markNotesAnywhere(words: readonly string[], name?: string): boolean[] | undefined {
  let marked: boolean[] | undefined;
  const mark = (from: number, count: number): void => {
    marked ??= new Array<boolean>(words.length).fill(false);
    for (let i = from; i < from + count; i += 1) marked[i] = true;
  };
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at] ?? '';
    if (word === 'new') {
      const before = YEAR.test(words[at - 1] ?? '');
      const after = YEAR.test(words[at + 1] ?? '');
      if (before || after) mark(before ? at - 1 : at, 1 + (before ? 1 : 0) + (after ? 1 : 0));
      continue;
    }
    // `Vitamin C 90 дней`, `Collagen 30 days`: how long a course lasts, after its number, says nothing of the goods.
    if (DURATION_WORDS.has(word) && /^\d+$/u.test(words[at - 1] ?? '')) {
      mark(at - 1, 2);
      continue;
    }
    const note = findNoteAnywhere(words, at);
    if (note === undefined) continue;
    if (TITLE_WORDS.has(word) && name !== undefined && isWrittenAsTitle(word, name)) continue;
    if (TITLE_WORDS.has(word) && NOTE_NOUNS.has(words[at + 1] ?? '')) mark(at + 1, 1);
    mark(at, note.length);
    at += note.length - 1;
  }
  return marked;
}

/**
 * How many of the first words of a name's first phrase are a shop's note (0 when none): the words of the note, never the
 * whole phrase (a name that is only a note names no goods, and is left as it is). `capitalised` says whether the word at a
 * place is written with a capital in a name not in capitals, `inCapitals` whether it is written all in capitals there.
 */
export function countLeadingShopNotes(words: readonly string[], capitalised: (at: number) => boolean = () => false, inCapitals: (at: number) => boolean = () => false): number {
  let at = 0;
  while (at < words.length) {
    const note = NOTES.get(words[at] ?? '');
    if (note === undefined || (note.inCapitals === true && !inCapitals(at))) break;
    const next = words[at + 1];
    // `Витрина Кухонная вытяжка`: a capital inside a name in lower case opens the goods' own name.
    // An adjective or a preposition after a note word that also names goods shows the word is that word's own (`Витрина холодильная`, `Витрина для …`).
    if (note.alsoGoods === true && (next === undefined || ((NOMINATIVE_ADJECTIVE_ENDING.test(next) || PREPOSITIONS.has(next)) && !capitalised(at + 1)))) break;
    at++;
    while (NOTE_TAILS.has(words[at] ?? '')) at++;
  }
  return at;
}

/** Whether a whole phrase is a shop's note (`Уценка` of `Уценка - Геймпад`, `АКЦИЯ 1+1`): it says nothing of the goods. */
export function isShopNotePhrase(words: readonly string[]): boolean {
  const meaningful = words.filter((word) => !/^\d+$/u.test(word));
  return meaningful.length > 0 && meaningful.every((word) => NOTES.get(word)?.alsoGoods !== true && NOTES.get(word)?.inCapitals !== true && (NOTES.has(word) || NOTE_TAILS.has(word)));
}

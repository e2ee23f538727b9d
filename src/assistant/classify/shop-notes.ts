/**
 * A shop's note in front of a product's name (`УЦЕНКА Гречка ядрица`, `АКЦИЯ! Молоко`, `Уценка - Геймпад`, `NEW! Наушники`,
 * `Витрина Наушники JBL`): it says how the goods are sold, not what they are, so the type is read from what follows it. The
 * words are data, each with why it is a note; a word that also names goods is a note only where the word after it is no
 * adjective or preposition of its own (`Витрина холодильная`, `Витрина для сумок` are display cases).
 */

/** One note word, normalised (`tokenizeForMatch`), and whether it may also be the name of goods. */
interface ShopNote {
  word: string;
  /** The word also names goods (a display case): a note only before another type's word. */
  alsoGoods?: true;
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
  { word: 'sale', why: 'on sale, in English' },
  { word: 'hit', why: 'a best-seller label, in English' },
  { word: 'витрина', alsoGoods: true, why: 'a display sample (`Витрина Наушники JBL`); `Витрина холодильная` is a display case' },
];

const NOTES = new Map(SHOP_NOTES.map((note) => [note.word, note]));
// `ХИТ продаж`: the words that finish a note of two.
const NOTE_TAILS = new Set(['продаж']);
// What shows that the word after a note word that also names goods is that word's own (`Витрина холодильная`, `Витрина для …`).
const OWN_WORD = /(?:ый|ий|ой|ая|яя|ое|ее|ые|ие)$/u;
const PREPOSITIONS = new Set(['для', 'с', 'со', 'из', 'под', 'на', 'в', 'от', 'к']);

/**
 * How many of the first words of a name's first phrase are a shop's note (0 when none): the words of the note, never the
 * whole phrase (a name that is only a note names no goods, and is left as it is). `capitalised` says whether the word at a
 * place is written with a capital in a name not in capitals.
 */
export function countLeadingShopNotes(words: readonly string[], capitalised: (at: number) => boolean = () => false): number {
  let at = 0;
  while (at < words.length) {
    const note = NOTES.get(words[at] ?? '');
    if (note === undefined) break;
    const next = words[at + 1];
    // `Витрина Кухонная вытяжка`: a capital inside a name in lower case opens the goods' own name.
    if (note.alsoGoods === true && (next === undefined || ((OWN_WORD.test(next) || PREPOSITIONS.has(next)) && !capitalised(at + 1)))) break;
    at++;
    while (NOTE_TAILS.has(words[at] ?? '')) at++;
  }
  return at;
}

/** Whether a whole phrase is a shop's note (`Уценка` of `Уценка - Геймпад`, `АКЦИЯ 1+1`): it says nothing of the goods. */
export function isShopNotePhrase(words: readonly string[]): boolean {
  const meaningful = words.filter((word) => !/^\d+$/u.test(word));
  return meaningful.length > 0 && meaningful.every((word) => NOTES.get(word)?.alsoGoods !== true && (NOTES.has(word) || NOTE_TAILS.has(word)));
}

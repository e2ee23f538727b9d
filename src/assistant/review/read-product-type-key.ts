/**
 * The key a review answer is given under: the product type of a name (its head phrase) with the
 * purpose phrase right after it (`шампунь для собак`, not `шампунь`), in the name's own words, so
 * that one answer covers every product of that type and no product of another: the `lookup:
 * category` step finds a `categories:` key in a name as whole words, longest first.
 *
 * The type stops at the first word that reads as a brand or model (`findBrandLikeWords`: `Молоко
 * пастеризованное Емшан`, `Корм для кошек Whiskas`), so that `Молоко` of every dairy is one row of
 * the review.
 */
import { extractProductType, PURPOSE_PREPOSITIONS, readSizeMarks, type ProductType } from '../classify/extract-product-type.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { isProtectionRating } from '../classify/protection-rating.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { KAZAKH_PURPOSE_WORD } from '../kazakh-purpose-word.js';
import { readDirectoryLackedWords, readDirectoryLatinWords, type KnownBrands } from '../classify/known-brands.js';

/** `Шампунь для собак Beaphar 250 мл` → `шампунь для собак`; `''` when the name names no type. `knownBrands`: the directory's, as the classifier reads them. */
export function readProductTypeKey(name: string, brand?: string, knownBrands?: KnownBrands): string {
  return readProductTypeParts(name, brand, knownBrands).key;
}

/** A name's product type key and its parts, read once: the head words, the tail after them (`для собак`), and the head words the name cuts short with a dot. */
export interface ProductTypeParts {
  /** As `readProductTypeKey` gives it. */
  key: string;
  head: string[];
  /** The preposition and the purpose or form words after the head (a Kazakh purpose and `арналған` before it, a `2 в 1` after it), as written; empty when the key has none. */
  tail: string[];
  /** Head words the name writes cut short (`аромат` of `Свеча аромат.`). */
  cut: readonly string[];
  /** The Latin words that end the key (`hdmi` of `кабель hdmi`): words the directory names goods by, which tell two kinds of one head apart. */
  named: string[];
  /** The key without `named` (`кабель`), when it has any: the bare type, whose answer was given for other goods. */
  bare?: string;
  /**
   * The key as this reader wrote it before it read `р` right after the head as a size's mark (`сапоги пвх мбс р` of `Сапоги ПВХ
   * МБС Р.43`), when the name has one there: the same type renamed, whose answers a mapping reviewed before still holds.
   */
  former?: { key: string; head: string[] };
}

/** The parts of `readProductTypeKey`'s key; see `ProductTypeParts`. */
export function readProductTypeParts(name: string, brand?: string, knownBrands?: KnownBrands): ProductTypeParts {
  const type = extractProductType(name, brand, undefined, knownBrands);
  if (type.words.length === 0) return { key: '', head: [], tail: [], cut: [], named: [] };
  const { tokens, words } = type;
  // The purpose (`для`, `к`) or form (`в`) words follow the head after one preposition: keep them as written.
  const tail = type.purpose.length > 0 ? type.purpose : type.form;
  let keyWords = words;
  for (let start = 0; start + words.length <= tokens.length && tail.length > 0; start += 1) {
    if (!words.every((word, i) => tokens[start + i] === word)) continue;
    const kind = readLatinKindBeforePurpose(tokens, start + words.length, type.brand ?? []);
    const after = start + words.length + kind.length;
    const said = tokens.slice(after + 1, after + 1 + tail.length);
    if (said.length === tail.length && said.every((word, i) => word === tail[i])) keyWords = [...words, ...kind, tokens[after] ?? '', ...tail, ...readWhomFor(tokens, after + 1 + tail.length, type.brand ?? [])];
    break;
  }
  // A Kazakh purpose stands before the head; the tail holds it all the same.
  const before = keyWords === words ? readKazakhPurpose(type) : [];
  if (keyWords === words) keyWords = [...before, ...words, ...readPiecesInOne(tokens, words), ...readLacked(tokens, words, knownBrands), ...readVehicleAfterHead(tokens, words, type.vehicle)];
  const named = readNamedLatinWords(tokens, keyWords, knownBrands);
  const bare = keyWords.join(' ');
  const said = [...before, ...keyWords.slice(before.length + words.length)];
  const marks = readSizeMarksAfterHead(tokens, words);
  const former = marks.length === 0 ? {} : { former: { key: [...before, ...words, ...marks, ...said.slice(before.length), ...named].join(' '), head: [...words, ...marks] } };
  if (named.length === 0) return { key: bare, head: words, tail: said, cut: type.cut ?? [], named, ...former };
  return { key: [...keyWords, ...named].join(' '), head: words, tail: said, cut: type.cut ?? [], named, bare, ...former };
}

/**
 * The one Latin word between the head and its purpose (`renal` of `Корм Renal д/кошек`, `indoor` of `Корм Indoor для кошек`),
 * which the type reader takes for a brand: written there, it names the goods' kind (a diet, a use) as often as their maker, and
 * kinds of one head for one purpose the directory sorts apart (dry, wet, veterinary food), so it stays in the key and the answer
 * for one kind never carries its leaf to another (a maker's name there only splits a key, which costs a question, never a
 * wrong leaf). Empty where the word after the head is no such word or no purpose follows it.
 */
function readLatinKindBeforePurpose(tokens: readonly string[], at: number, brand: readonly string[]): string[] {
  const word = tokens[at];
  return word !== undefined && LATIN_WORD.test(word) && brand[0] === word && PURPOSE_PREPOSITIONS.has(tokens[at + 1] ?? '') ? [word] : [];
}

/** The `р` marks of a size right after the head (`р` of `Сапоги Р.43`, `р р` of `Костюм р-р 52`): what the reader took for a kind's letter before. */
function readSizeMarksAfterHead(tokens: readonly string[], words: readonly string[]): string[] {
  const at = tokens.indexOf(words[words.length - 1] ?? '') + 1;
  return at === 0 ? [] : readSizeMarks(tokens, at);
}

/**
 * The Kazakh purpose before the head (`унитазға арналған` of `Унитазға арналған гель Domestos`), as written, with `арналған`:
 * Kazakh says what the goods are for before them, as Russian says `для …` after them, and the purpose tells kinds of one head
 * apart (toilet gel, shower gel, laundry gel), so one answer must not carry one kind's leaf to the others. Empty where the name
 * says no such purpose right before the head.
 */
function readKazakhPurpose(type: ProductType): string[] {
  const { tokens, words, purpose } = type;
  const at = tokens.indexOf(words[0] ?? '');
  if (purpose.length === 0 || at < 2 || tokens[at - 1] !== KAZAKH_PURPOSE_WORD) return [];
  // The purpose opens with the Kazakh words; a Russian `для …` after the head may follow them (`Кір жууға арналған гель для
  // тёмного`), and the key keeps the Kazakh ones, which say the kind, as a Russian key keeps the first purpose after the head.
  for (let count = Math.min(purpose.length, at - 1); count > 0; count -= 1) {
    const said = tokens.slice(at - 1 - count, at - 1);
    if (said.every((word, i) => word === purpose[i])) return [...said, KAZAKH_PURPOSE_WORD];
  }
  return [];
}


/**
 * The `2 в 1` right after the head (`Коляска 2 в 1 Anex`, `КОЛЯСКА 2В1`, `Шампунь 3 в 1`): how many goods the one holds says a
 * kind of its own (the directory has `Коляски 2 в 1`), so it stays in the key and the answer for a plain `коляска` never
 * carries their leaf to it, nor theirs to plain strollers. Empty where the words after the head are no such phrase.
 */
function readPiecesInOne(tokens: readonly string[], words: readonly string[]): string[] {
  const at = tokens.indexOf(words[words.length - 1] ?? '') + 1;
  const phrase = tokens.slice(at, at + 3);
  return at > 0 && PIECES_IN_ONE.test(phrase.join(' ')) ? phrase : [];
}

const PIECES_IN_ONE = /^[2-9] в 1$/u;

/**
 * The vehicle maker right after the head (`ваз` of `Генератор ВАЗ 2110 14В 90А`; `ProductType.vehicle`), normalised: the goods
 * are that vehicle's part, a kind the directory keeps in its own section (Автотовары / Генераторы beside Электростанции и
 * генераторы), so it stays in the key and the answer for a plain `генератор` (a generator set) never carries its leaf to a car's
 * alternator, nor theirs to generator sets. Only right after the head, where a category key found in a name as whole words finds
 * it; empty where the name names no vehicle there.
 */
function readVehicleAfterHead(tokens: readonly string[], words: readonly string[], vehicle: string | undefined): string[] {
  if (vehicle === undefined) return [];
  const at = tokens.indexOf(words[words.length - 1] ?? '') + 1;
  const maker = tokenizeForMatch(vehicle).filter((word) => VEHICLE_WORD.test(word));
  return at > 0 && maker.length > 0 && maker.every((word, i) => tokens[at + i] === word) ? maker : [];
}

const VEHICLE_WORD = /^\p{L}{2,}$/u;

/**
 * The `без …` right after the head whose word the directory names goods by after `без` (`без сахара` of `Конфеты без сахара`,
 * beside `Продукты без сахара`): what the goods lack says a kind of its own, so it stays in the key and the answer for plain
 * `конфеты` never carries their leaf to sugar-free ones, nor theirs to plain sweets. Other lacks (`без косточек`, `без запаха`)
 * say nothing the directory tells apart; nothing without the directory.
 */
function readLacked(tokens: readonly string[], words: readonly string[], knownBrands: KnownBrands | undefined): string[] {
  const after = tokens.indexOf(words[words.length - 1] ?? '') + 1;
  // Written before the goods (`Без сахара Шоколад горький`), which the type reader skips as it skips `для …`, the lack says the same.
  const before = tokens[0] === 'без' && tokens.indexOf(words[0] ?? '') > 1 ? 0 : -1;
  const at = after > 0 && tokens[after] === 'без' ? after : before;
  const lacked = tokens[at + 1];
  return at >= 0 && lacked !== undefined && readDirectoryLackedWords(knownBrands)?.has(stemForIndex(lacked)) === true ? ['без', lacked] : [];
}

/**
 * The `для …` phrase right after a purpose of another preposition (`Капли от блох для собак`, `… от блох и клещей для кошек`),
 * as written, with the `и …` word between: whom or what the goods are for tells kinds of one purpose apart (dogs' drops from
 * cats'), so one answer must not carry one kind's leaf to the other. Empty where the next words are no such phrase, or a brand.
 */
function readWhomFor(tokens: readonly string[], at: number, brand: readonly string[]): string[] {
  const joined = tokens[at] === 'и' ? 2 : 0;
  const words = tokens.slice(at, at + joined + 2);
  const [preposition, whom] = words.slice(joined);
  const isWord = (word: string | undefined): boolean => word !== undefined && LETTERS.test(word) && !brand.includes(word);
  if (preposition !== 'для' || !isWord(whom) || (joined > 0 && !isWord(words[1]))) return [];
  return words;
}

const LETTERS = /^\p{L}{2,}$/u;

/**
 * The Latin words of a name that stay in its key (`Кабель HDMI`, `HDMI кабель` → `hdmi`), each once, as the name writes them
 * first: those the directory names goods by (`Кабели HDMI`, `Хабы USB`); none when the name is read without the directory.
 */
function readNamedLatinWords(tokens: readonly string[], keyWords: readonly string[], knownBrands: KnownBrands | undefined): string[] {
  const latin = readDirectoryLatinWords(knownBrands);
  if (latin === undefined) return [];
  const taken = new Set(keyWords);
  // `Удлинитель USB` beside `Хабы USB`: a Latin word the directory names other goods by says a kind too (`latin-kind-words.ts`),
  // so the answer for power extension leads never carries their leaf to USB extension cables.
  return [...new Set(tokens.filter((word, at) => !taken.has(word) && LATIN_WORD.test(word) && latin.has(word) && !isProtectionRating(tokens, at)))];
}

const LATIN_WORD = /^[a-z]{2,}$/u;

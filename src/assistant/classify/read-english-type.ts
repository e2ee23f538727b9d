/**
 * How a name written in English (no Russian word in it: `Car Phone Holder Magnetic`, `Gaming Mouse Pad RGB 80x30`) is read
 * for its type. A Russian name's capitalised word or Latin word after the type is a brand (`Молоко Емшан`, `Наушники JBL`);
 * English capitalises goods (`Hair Dryer`, `Power Bank`), so a capital says a brand only for a word the English product table
 * (`english-product-words.ts`) does not know, and the letters of a model code (`EW` of `EW05`, `HY` of `HY300`) end the type as
 * a brand does. English puts the head noun last: the type runs to its last noun of goods the table knows, and a feature after
 * it ends it.
 */
import { tokenizeForMatch } from '../normalize-for-match.js';
import { isCapitalsWord, isWrittenInCapitals } from './is-written-in-capitals.js';
import { isEnglishPartWord, isEnglishProductWord, readEnglishProductWord, readEnglishWords } from './english-product-words.js';

// A written word of letters and digits together (`EW05`, `HY300`, `T900`, `2USB`): a model code, or a count before a kind.
const MIXED = /^(?=.*\p{L})(?=.*\p{N})[\p{L}\p{N}]+$/u;
const WRITTEN_WORD = /[\p{L}\p{N}]+/gu;

/**
 * The words of an English name that end its type as a brand's do: the letters of its model codes (`ew` of `EW05`, `a` of
 * `A9`) that the table does not know (`usb` of `2USB` says a kind, no model).
 */
export function readEnglishModelWords(name: string): Set<string> {
  const found = new Set<string>();
  for (const written of name.match(WRITTEN_WORD) ?? []) {
    if (!MIXED.test(written)) continue;
    for (const part of tokenizeForMatch(written)) if (/^\p{L}+$/u.test(part) && !isEnglishProductWord(part)) found.add(part);
  }
  return found;
}

// A word written in capitals (`QNT`, `JBL`), two letters or more and no digit.

/**
 * The words of an English name written in capitals that the table does not know (`qnt` of `Protein Cookie QNT`), in a name not
 * written in capitals: after the head they are a brand's (`usb`, `led` of `Mini Fan USB` are the table's, and stay). Before
 * the head such a word may be a kind (`IPL Hair Removal`), and is left as it is.
 */
export function readEnglishCapitalWords(name: string): Set<string> {
  const found = new Set<string>();
  if (isWrittenInCapitals(name)) return found;
  for (const written of name.match(WRITTEN_WORD) ?? []) {
    if (!isCapitalsWord(written)) continue;
    for (const part of tokenizeForMatch(written)) if (!isEnglishProductWord(part)) found.add(part);
  }
  return found;
}

/**
 * Reads the head of one phrase of an English name (`readHead`: the type reader's, given the words that end a type as a
 * brand's): a capitalised word ends it (`Lip gloss Relouis`, `CREATINE Qnt`) unless the table knows it as goods (`Mouse` of
 * `Gaming Mouse Pad`, `Dryer` of `Hair Dryer`: English capitalises goods) or the type would be its kinds and features alone
 * (`Smart Thermostat Tuya` is no `smart`): then only model codes end it, and an unknown brand stays a word of the type, which
 * costs a question, never a wrong answer. The words read are then cut head-last (`readEnglishHeadWords`).
 */
export function readEnglishHead<T extends { words: string[] }>(readHead: (brandLike: ReadonlySet<string>) => T, byCase: ReadonlySet<string>, models: ReadonlySet<string>, capitals: ReadonlySet<string> = new Set()): T {
  const brandLike = new Set([...models, ...[...byCase].filter((word) => !isEnglishProductWord(word) && !isEnglishPartWord(word))]);
  const read = readHead(brandLike);
  const modifiersOnly = read.words.length > 0 && read.words.every((word) => readEnglishProductWord(word)?.role === 'kind' || readEnglishProductWord(word)?.role === 'feature');
  // `Lion Top Laundry Gel`: a capitalised word the table does not know ended the type before any goods (`lion`); read again with
  // only model codes ending it, the goods are found, and the brand's words before them are dropped (`readEnglishHeadWords`).
  const noGoods = !modifiersOnly && !hasGoodsWord(read.words);
  const again = modifiersOnly || noGoods ? readHead(models) : read;
  const found = noGoods && !hasGoodsWord(again.words) ? read : again;
  return { ...found, words: readEnglishHeadWords(found.words, models, capitals) };
}

/** Whether the table knows one of the words as goods, alone or as a compound's last word. */
function hasGoodsWord(words: readonly string[]): boolean {
  return readEnglishWords(words).some((reading) => reading.entry?.role === 'goods' && reading.partOfCompound !== true);
}

/**
 * The words of an English type read head-last (`read`: the type's words as read from the name, in order; `models`: its model
 * words, `readEnglishModelWords`): up to the word
 * before the first `feature` after the last `goods` word the table knows (`car phone holder` of `Car Phone Holder Magnetic`),
 * kinds and unknown words after the head kept (`Smart Watch Kids`: kids' watches are other goods). Words with no head the
 * table knows are left as they are: a longer type costs a question, a shorter one may spread one answer over unlike goods.
 */
export function readEnglishHeadWords(read: readonly string[], models: ReadonlySet<string>, capitals: ReadonlySet<string> = new Set()): string[] {
  // A model's letter right after the head (`a` of `Mini Camera A9`) was read as a kind's letter (`Витамин C`): the type ends at it.
  const model = read.findIndex((word) => models.has(word));
  const words = model < 0 ? read : read.slice(0, model);
  // Compounds are read first (`night light` is goods at `light`, `food storage` a kind at `storage`), plurals as singulars.
  const readings = readEnglishWords(words);
  const roles = readings.map((reading) => (reading.partOfCompound === true ? undefined : reading.entry?.role));
  const head = roles.findLastIndex((role) => role === 'goods');
  if (head < 0) return [...words];
  // A feature after the head ends the type (`Car Phone Holder Magnetic`), as an unknown word in capitals does (`QNT`: a brand).
  const end = roles.findIndex((role, at) => at > head && (role === 'feature' || (role === undefined && capitals.has(words[at] ?? ''))));
  // Only before the goods of an importer's cosmetics, chemicals and groceries, whose names open with the brand: before other
  // goods an unknown word is as often their kind (`Gift Card`, `IPL Hair Removal`), kept as a question is.
  const start = readings[head]?.entry?.brandFirst === true ? readBrandWordsBefore(words, head) : 0;
  return words.slice(start, end < 0 ? words.length : end);
}

/**
 * How many words open an English type before the first word the table knows, where that word leads to the head (`etude` of
 * `Etude Mascara Volume`, `kao bub` of `Kao Bub Bath Tablets`, `dhc` of `DHC Vitamin C`): an importer writes the brand and its
 * line first and the goods after them, so those words are the brand's. Kept in the type, they made one type of every product
 * of a brand (mascara, eye patches and cleansing foam) and one answer sent them all to one leaf. The words the table knows
 * from there on, and any word after the head, stay (`Petitfee Eye Patch Gold` is an `eye patch gold`).
 */
function readBrandWordsBefore(words: readonly string[], head: number): number {
  // One letter repeated (`CC cream`, `BB Cream`) names a kind, as `AA` of a battery does: the type opens there.
  const first = words.findIndex((word, at) => at <= head && (isEnglishProductWord(word) || REPEATED_LETTER.test(word)));
  return first < 0 ? 0 : first;
}

const REPEATED_LETTER = /^(\p{L})\1+$/u;

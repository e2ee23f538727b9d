/**
 * A maker's part number in a name (issue 33, classify31's real lists): a distributor of lubrication systems writes
 * `Адаптер 90гр. 100-733`, `Удлинитель 100-132`, `Труба пластиковая арт. 4510-001 (6х1,25)` — a one-word kind of goods and
 * the number of one part of its maker's range. The one word names unlike goods of many trades (an extension cord and a
 * fitting's extension; a PC's adapter and a thread adapter), and the number says the product is one part of a system, not
 * the household goods the directory's one leaf of that word holds: all 35 such sure picks of that list were wrong. So a
 * bare one-word type (or that word with only a material or a colour) beside a part number is a question (`classify-product.ts`),
 * as one beside a dose is — unless the name
 * names the machine the part is of (`Стартер ВАЗ 2107 Denso 28100-01983`: the vehicle, which the vehicle rules read).
 *
 * The shapes are what part numbers look like and sizes never do: digit groups joined by hyphens with a zero-padded group
 * (`4510-001`), three groups or more (`100-003-25`), or two groups that no size range is (a range runs upwards by less than
 * double: `39-41`, `122-128`, `145-215`; `100-733`, `5010-101` do not); never a number `children-sizes.ts` reads as children's
 * heights (`104-134`, `080-092`, `98-104-110`), never right before a unit (`30-130 Вт` is a range), and a shop's
 * code opening the name (`ДК-1843 Полотенце`, `extract-product-type.ts`'s `LEADING_CODE`) is no part number: a shop numbers
 * every kind of goods so; nor is a standard's number (`ГОСТ 31450-2013`, `ТУ 10.51.11-001`), a book's ISBN or a span of years
 * (`Календарь 2025-2026`).
 *
 * A number that may be a size range (a rise below double, `100-132`, or children's heights, `104-134`) is read apart
 * (`readNameNumbers`): a size only of goods sold by size (the directory's size attributes: garments, shoes, clamps; where none
 * says it, `isSoldBySize`: bedding, children's goods), else a part number. The lubrication list's `Удлинитель 100-132 … 100-148` rise as a sheet's `145-215` does, and no ratio tells them apart;
 * what does is that no extension cord is sold in a size range.
 */
import { CODE_LABEL_WORDS } from '../match-columns.js';
import { tokenizeForMatch, UNIT_TOKENS } from '../normalize-for-match.js';
import type { IndexedLeaf } from './classifier-types.js';
import { findChildrenSize } from './children-sizes.js';

/** A named shape of part numbers, and why it is one. */
interface PartNumberShape {
  name: string;
  /** Whether the hyphen-joined digit groups (`['100', '733']`) have the shape; `marked`: an article mark stands right before them. */
  fits: (groups: readonly string[], marked: boolean) => boolean;
}

// How far above its first number a size range's second one may stand: sizes (`39-41`), heights (`122-128`), a blanket's or a
// sheet's (`110-140`, `145-215`) run upwards by less than double. The lubrication list's numbers rise from 1.32 (`100-132`) as
// sizes do up to 1.48: no ratio tells those apart, so such a number is a size range (`readNameNumbers`), read by the goods beside it.
const RANGE_RISE = 2;

const PART_NUMBER_SHAPES: readonly PartNumberShape[] = [
  { name: 'after an article mark (`арт.100-125`, `арт 100-156`): the number is the article, whatever its shape', fits: (_groups, marked) => marked },
  { name: 'a zero-padded group (`4510-001`, `0100-050`): no count or size is written so', fits: (groups) => groups.some((group) => group.length > 1 && group.startsWith('0')) },
  { name: 'three groups or more (`100-003-25`): no range has three ends', fits: (groups) => groups.length >= 3 },
  { name: 'two groups that run down or more than double (`5010-101`, `100-733`): no size range does', fits: (groups) => {
    const [from = 0, to = 0] = groups.map(Number);
    return groups.length === 2 && (to <= from || to > from * RANGE_RISE);
  } },
];

// Digit groups joined by hyphens or en dashes, standing alone (no letter or digit glued on either side; `арт.100-125` stands
// after a dot, but no number starts after a dotted one: `ТУ 10.51.11-001`).
const HYPHENED_DIGITS = /(?<![\p{L}\p{N},/\-–]|\d\.)\d+(?:[-–]\d+)+(?![\p{L}\p{N}]|[.,]\d)/gu;
const THREE_DIGITS = /\d{3}/u;
// The whole word right before a number, with what may stand between (`арт.`, `артикул -`, `код №`): a code label
// (`CODE_LABEL_WORDS`, the column matcher's) marks the number as an article; a word ending so (`Старт 100-110`) does not.
const WORD_BEFORE = /(?<!\p{L})(\p{L}+)\.?\s*[-–№#]?\s*$/u;
// A standard's mark right before its number (`ГОСТ 31450-2013`, `ТУ 9222-001-…`, `СТ РК 1732-2007`): what the goods are made to, no part.
const STANDARD_MARK = /(?<![\p{L}\p{N}])(?:гост(?:\s*р)?|ту|ост|сто|ст\s*рк|стб|din|iso|en|isbn)[.:]?\s*$/iu;
// A span of years (`Календарь 2025-2026`, `Учебник … 2023-2024`, `VOLVO 2004-2014`): a calendar's, a school year's or the models'
// years, neither a maker's part number nor a size. Two years of this or the last century, rising by up to `YEAR_SPAN_MAX` years.
const YEAR_SPAN = /^(?:19|20)\d\d[-–](?:19|20)\d\d$/u;
const YEAR_SPAN_MAX = 30;
// A book's ISBN written bare (`978-5-09-087773-2`): thirteen digits opening with 978 or 979.
const ISBN = /^97[89](?:[-–]\d+){3,4}$/u;
// A metric thread with its pitch (`М10х1`, `M8x1,25`, `М6х0,75`): a threaded part's size. A length after the `х` (`М8х40`) is a bolt's, no pitch.
// Written with `х`, `x`, `Х`, `X` or `*`; another thread may follow on the same `х` (an adapter's two ends: `М10х1хМ10х1`).
const THREAD_WITH_PITCH = /(?<![\p{L}\p{N}])[МM]\d{1,2}\s?[хxХX*]\s?(?:0[.,]\d{1,2}|[1-3](?:[.,]\d{1,2})?)(?:(?![\p{L}\p{N}]|[.,]\d)|(?=[хxХX]\s?[МM]\d))/u;

/** One number of digit groups joined by hyphens that a name writes where a part number or a size range may stand. */
interface HyphenedNumber {
  number: string;
  /** Its shape is a part number's (`PART_NUMBER_SHAPES`); else it is one a size range has (`100-132`, `104-134`). */
  part: boolean;
}

/**
 * The hyphened numbers of a name that are part numbers or size ranges, in order. A number right before a unit is a measure's
 * range, none (`Паяльник 30-130 Вт`); one opening the name is the shop's code, none; so are a standard's number and an ISBN.
 */
function* readHyphenedNumbers(name: string): Generator<HyphenedNumber> {
  if (!name.includes('-') && !name.includes('–')) return;
  for (const match of name.matchAll(HYPHENED_DIGITS)) {
    const number = match[0];
    const before = name.slice(0, match.index);
    if (!THREE_DIGITS.test(number) || before.trim() === '' || STANDARD_MARK.test(before) || isIsbn(number) || isYearSpan(number) || isBeforeUnit(name.slice(match.index + number.length))) continue;
    const groups = number.split(/[-–]/u);
    const marked = isCodeLabel(WORD_BEFORE.exec(before)?.[1]);
    // One reader of sizes: a number `children-sizes.ts` reads as children's heights (`104-134`, `080-092`, `98-104-110`) may be a size.
    if (!marked && findChildrenSize(number) !== undefined) yield { number, part: false };
    else if (PART_NUMBER_SHAPES.some((shape) => shape.fits(groups, marked))) yield { number, part: true };
    else if (groups.length === 2) yield { number, part: false };
  }
}

/**
 * The numbers of a name that tell its goods apart, read in one pass: its first part number (`100-733` of `Адаптер 90гр. 100-733`),
 * else its metric thread with a pitch (`М10х1`); and where it has neither, the first number that is a size range only where the
 * goods are sold by size (`100-132` of `Удлинитель 100-132`, `110-140` of `Одеяло 110-140`): beside other goods, a maker's part
 * number (`isSoldBySize`, `classify-product.ts`).
 */
export function readNameNumbers(name: string): { partNumber?: string; sizeRange?: string } {
  let sizeRange: string | undefined;
  for (const found of readHyphenedNumbers(name)) {
    if (found.part) return { partNumber: found.number };
    sizeRange ??= found.number;
  }
  const thread = THREAD_WITH_PITCH.exec(name)?.[0];
  if (thread !== undefined) return { partNumber: thread };
  return sizeRange === undefined ? {} : { sizeRange };
}

// Stems of the levels above a leaf (`IndexedLeaf.ancestorStems`; a leaf's own name says nothing: `Сушилки для обуви` are no
// shoes) that say its goods are sold by size where no size attribute of the directory does (`collectSizedLeafIds` reads
// `Размер одежды`, `Размер обуви`, `Типоразмер`, …, for garments, shoes, clamps): home textiles and hats, a blanket's or a
// sheet's `110-140`, `145-215` (`Домашний текстиль`, `Головные уборы и текстиль`); linen; children's goods, a child's
// height `104-134` (`Детская комната`).
const SOLD_BY_SIZE_STEMS: readonly string[] = ['текстил', 'бель', 'детск'];

/**
 * Whether the leaf's path says its goods are sold by size where no size attribute says it (bedding, children's goods), so that
 * a size range beside them is a size.
 */
export function isSoldBySize(leaf: Pick<IndexedLeaf, 'ancestorStems'>): boolean {
  return leaf.ancestorStems.some((stem) => SOLD_BY_SIZE_STEMS.some((sold) => stem.startsWith(sold)));
}

function isCodeLabel(word: string | undefined): boolean {
  const token = word === undefined ? undefined : tokenizeForMatch(word)[0];
  return token !== undefined && CODE_LABEL_WORDS.has(token);
}

function isYearSpan(number: string): boolean {
  if (!YEAR_SPAN.test(number)) return false;
  const [from = 0, to = 0] = number.split(/[-–]/u).map(Number);
  return to > from && to - from <= YEAR_SPAN_MAX;
}

function isIsbn(number: string): boolean {
  return ISBN.test(number) && number.replace(/\D/gu, '').length === 13;
}

// A maker's model code: Latin letters joined to three digits or more, by a hyphen or nothing, maybe a letter or two after
// (`AD-1024c`, `VK7320`); standing alone, no letter or digit glued on.
const MODEL_CODE = /(?<![\p{L}\p{N}])[A-Za-z]{1,4}[-–]?\d{3,}[A-Za-z]{0,2}(?![\p{L}\p{N}])/u;

/**
 * The first maker's model code a name writes (`AD-1024c` of `Адаптер AD-1024c`), as written: beside a bare one-word type and no
 * brand the directory lists, it may say one part of a system as a part number does (`other-systems-number.ts`).
 */
export function readModelCode(name: string): string | undefined {
  return MODEL_CODE.exec(name)?.[0];
}

/** Whether a part number `readNameNumbers` read is a metric thread with its pitch (`М12х1,5`): a size, where the leaf's goods are sized so. */
export function isThreadSize(partNumber: string): boolean {
  return THREAD_WITH_PITCH.test(partNumber);
}

// Besides the units `tokenizeForMatch` spells one way (`UNIT_TOKENS`): what a range of sizes, ages or counts is written in.
const RANGE_WORDS: ReadonlySet<string> = new Set(['нм', 'а', 'ач', 'шт', 'лет', 'год', 'года', 'дн', 'р', 'размер', 'рост']);

// A unit is a whole word after the number (`30-130 Вт`); a letter glued to digits (`М6хМ6`) is a thread's or a model's, none.
function isBeforeUnit(rest: string): boolean {
  const next = /^\s*(\p{L}+)(?![\p{N}])/u.exec(rest)?.[1];
  const word = next === undefined ? undefined : tokenizeForMatch(next)[0];
  return word !== undefined && (UNIT_TOKENS.has(word) || RANGE_WORDS.has(word));
}

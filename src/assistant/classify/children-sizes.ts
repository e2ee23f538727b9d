/**
 * A children's size written in a name says the goods are children's where the name says no people: a height of a child in
 * centimetres (`(130)`, `134-164`, `56-74см`, `(90/100/110/120)`, `122/7`), an age in months (`(9m)`, `0-3 мес`,
 * `(6/9/12/18/24)`), a US toddler size (`(4T)`, `2T/3T/4T/5T`), an age in years (`4-8 YAS`, `3 года`) or a range of children's
 * shoe sizes (`(27-31)`). Sizes are read from the name as written (its brackets and units), before `tokenizeForMatch` splits
 * them. Each shape is one small reader of the table; a size of adults (`44-46`, `(48)`, `170-176`, `S/M/L`, `W32 L34`, shoe
 * sizes 35 and up, `75B`), a dimension (`140х200`), a warranty (`12 мес`), a volume or a weight is none of them. Whether the
 * goods are of a kind sold by such sizes (garments, shoes, hats) is no question for these readers: the classifier asks the
 * directory (a kind it splits by adults' genders).
 */

import { isDemographicEmpty, type Demographic } from '../demographic-words.js';

/** One shape of a children's size: its name (for tests and doubts) and its reader of a lower-cased name. */
interface ChildrenSizeShape {
  name: string;
  read: (text: string) => boolean;
}

// Heights of children's clothing (the size grids run from a newborn's 50 cm to a teenager's 164 cm); 170 and up are adults'.
const MIN_HEIGHT = 50;
const MAX_HEIGHT = 164;
// A height written bare or alone in brackets starts above the adults' size numbers (40–70: `(48)`, `52-54`).
const MIN_BARE_HEIGHT = 80;
// Ages in years a child's size names; months up to three years; shoe sizes of children (35 and up are adults').
const MAX_AGE_YEARS = 16;
const MAX_AGE_MONTHS = 36;
const MAX_SHOE_SIZE = 34;
// Gloves are sized by the hand's girth in inches, 6 to 11, written as two neighbours (`(7-8)`).
const MIN_HAND_SIZE = 6;
// US toddler sizes run 2T–5T (a few makers write 1T, 6T, 7T).
const MAX_TODDLER_SIZE = 7;

const isHeight = (value: number, lowest = MIN_HEIGHT): boolean => value >= lowest && value <= MAX_HEIGHT;
const isAge = (value: number): boolean => value >= 1 && value <= MAX_AGE_YEARS;

/** Every match of a pattern (global, sticky to nothing), as arrays of its groups. */
function matchAll(text: string, pattern: RegExp): RegExpMatchArray[] {
  return [...text.matchAll(pattern)];
}

/** The numbers of a match's groups from `from` on. */
function numbersOf(match: RegExpMatchArray, from = 1): number[] {
  return match.slice(from).filter((group) => group !== undefined).map(Number);
}

// A number not glued to letters or digits before it (a model code `K71165`, `9230-3`) and not followed by a digit or a letter.
const BEFORE = '(?<![\\p{L}\\d./-])';
const AFTER = '(?![\\p{L}\\d])';
// Each shape's pattern, built once (global: `matchAll` reads a copy).
const HEIGHT_RANGE_IN_CM = new RegExp(`${BEFORE}(\\d{2,3})\\s*[-–]\\s*(\\d{2,3})\\s*(?:см|cm)${AFTER}`, 'gu');
const BARE_HEIGHT_RANGE = new RegExp(`${BEFORE}(\\d{2,3})\\s*[-–]\\s*(\\d{2,3})${AFTER}(?!\\s*(?:мм|mm|м|m|л|l|мл|ml|г|g|кг|kg|шт|x|х|\\*))`, 'gu');
const HEIGHT_WITH_AGE = new RegExp(`${BEFORE}(\\d{1,3})\\s*/\\s*(\\d{1,3})${AFTER}(?!\\s*/)`, 'gu');
const SIZE_RUN = new RegExp(`${BEFORE}(\\d{1,3}\\s*[tтmм]?(?:\\s*/\\s*\\d{1,3}\\s*[tтmм]?){2,})${AFTER}`, 'gu');
const BRACKETS = /\(([^()]*)\)/gu;
const LATIN_MONTHS_PART = /^(\d{1,2})\s*m(?:\s*[-–]\s*(\d{1,2})\s*m)?$/u;
const SMALL_RANGE_PART = /^(\d{1,2})\s*[-–]\s*(\d{1,2})$/u;
const TODDLER_SIZE = new RegExp(`${BEFORE}(\\d)t${AFTER}`, 'gu');
const AGE_IN_YEARS = new RegExp(`${BEFORE}(\\d{1,2})(?:\\s*[-–]\\s*(\\d{1,2}))?\\s*(?:лет|года|yas|yaş|years|yrs)${AFTER}`, 'gu');
const monthRange = (unit: string): RegExp => new RegExp(`${BEFORE}(\\d{1,2})\\s*[-–]\\s*(\\d{1,2})\\s*${unit}(?![\\p{L}\\d])`, 'gu');
const LATIN_MONTH_RANGE = monthRange('m');
const CYRILLIC_MONTH_RANGE = monthRange('м(?:ес\\p{L}*)?\\.?');

/** `56-74см`, `(110-128 см)`: a range of heights with its centimetres. */
function readHeightRangeInCm(text: string): boolean {
  return matchAll(text, HEIGHT_RANGE_IN_CM).some((match) => {
    const [low, high] = numbersOf(match);
    return low !== undefined && high !== undefined && low < high && isHeight(low) && isHeight(high);
  });
}

/** `134-164`, `(110-128)`: a bare range of heights, both ends above the adults' size numbers and at least one grid step apart. */
function readBareHeightRange(text: string): boolean {
  return matchAll(text, BARE_HEIGHT_RANGE).some((match) => {
    const [low, high] = numbersOf(match);
    return low !== undefined && high !== undefined && high - low >= 6 && isHeight(low, MIN_BARE_HEIGHT) && isHeight(high, MIN_BARE_HEIGHT);
  });
}

/** `(130)`, `(белые, 150)`: a height alone in a part of brackets. */
function readHeightInBrackets(text: string): boolean {
  return readBracketParts(text).some((part) => /^\d{2,3}$/u.test(part) && isHeight(Number(part), MIN_BARE_HEIGHT));
}

/** `122/7`, `7/122`: a height with the age it fits. */
function readHeightWithAge(text: string): boolean {
  return matchAll(text, HEIGHT_WITH_AGE).some((match) => {
    const [first, second] = numbersOf(match);
    if (first === undefined || second === undefined) return false;
    return (isHeight(first, MIN_BARE_HEIGHT) && isAge(second)) || (isAge(first) && isHeight(second, MIN_BARE_HEIGHT));
  });
}

/** `(90/100/110/120)`, `(6/9/12/18/24)`, `2T/3T/4T/5T`: three sizes or more, rising, all children's heights or all ages. */
function readSizeRun(text: string): boolean {
  return matchAll(text, SIZE_RUN).some((match) => {
    const values = (match[1] ?? '').split('/').map((part) => Number.parseInt(part, 10));
    const rising = values.every((value, at) => at === 0 || value > (values[at - 1] ?? 0));
    return rising && (values.every((value) => isHeight(value)) || values.every((value) => value >= 0 && value <= MAX_AGE_MONTHS));
  });
}

/** `(9m)`, `6-9m`, `(24M)`, `(6m-24m, 24шт)`: months in the Latin way of baby clothes (in a part of brackets, or a range). */
function readLatinMonths(text: string): boolean {
  const inBrackets = readBracketParts(text).some((part) => {
    const match = LATIN_MONTHS_PART.exec(part);
    return match !== null && numbersOf(match).every((value) => value <= MAX_AGE_MONTHS);
  });
  return inBrackets || readMonthRange(text, LATIN_MONTH_RANGE);
}

/** `0-3 мес`, `(0-3м.)`, `6-12 месяцев`: a range of months (a warranty is one number: `12 мес`). */
function readCyrillicMonths(text: string): boolean {
  return readMonthRange(text, CYRILLIC_MONTH_RANGE);
}

function readMonthRange(text: string, pattern: RegExp): boolean {
  return matchAll(text, pattern).some((match) => {
    const [low, high] = numbersOf(match);
    return low !== undefined && high !== undefined && low < high && high <= MAX_AGE_MONTHS;
  });
}

/** `(4T)`, `3t`: a US toddler size, the Latin `t` right after the digit (`5 т`, `5т` are tonnes). */
function readToddlerSize(text: string): boolean {
  return matchAll(text, TODDLER_SIZE).some((match) => {
    const value = numbersOf(match)[0] ?? 0;
    return value >= 1 && value <= MAX_TODDLER_SIZE;
  });
}

/** `4-8 YAS`, `3 года`, `5-7 лет`, `2-3 years`: an age in years (`1 год`, `1 year` is a term: a licence, a warranty). */
function readAgeInYears(text: string): boolean {
  return matchAll(text, AGE_IN_YEARS).some((match) => numbersOf(match).every(isAge));
}

/**
 * `(2-6)`, `(6-14)`, `(27-31)`, `(2 цвета, 4-8)`: a range in a part of brackets of children's ages or children's shoe sizes. Two
 * neighbouring numbers from 6 up (`(7-8)`, `(9-10)`) are a glove's hand size, adults' as often as children's.
 */
function readSmallRangeInBrackets(text: string): boolean {
  return readBracketParts(text).some((part) => {
    const match = SMALL_RANGE_PART.exec(part);
    if (match === null) return false;
    const [low, high] = numbersOf(match);
    const handSize = low !== undefined && low >= MIN_HAND_SIZE && high === low + 1;
    return low !== undefined && high !== undefined && low < high && high <= MAX_SHOE_SIZE && !handSize;
  });
}

/** The comma-separated parts of every bracket of a text, trimmed (`(белые, 150)` → `белые`, `150`). */
function readBracketParts(text: string): string[] {
  return matchAll(text, BRACKETS).flatMap((match) => (match[1] ?? '').split(',').map((part) => part.trim()));
}

const CHILDREN_SIZE_SHAPES: readonly ChildrenSizeShape[] = [
  { name: 'height range in cm', read: readHeightRangeInCm },
  { name: 'bare height range', read: readBareHeightRange },
  { name: 'height in brackets', read: readHeightInBrackets },
  { name: 'height with age', read: readHeightWithAge },
  { name: 'size run', read: readSizeRun },
  { name: 'months (Latin)', read: readLatinMonths },
  { name: 'months (Cyrillic)', read: readCyrillicMonths },
  { name: 'toddler size', read: readToddlerSize },
  { name: 'age in years', read: readAgeInYears },
  { name: 'small range in brackets', read: readSmallRangeInBrackets },
];

/** The name of the first children's size shape the name carries (`height in brackets` for `Пуховик (130)`), or undefined. */
export function findChildrenSize(name: string): string | undefined {
  const text = name.toLowerCase();
  // Most names carry no digit: no shape to read.
  if (!/\d/u.test(text)) return undefined;
  return CHILDREN_SIZE_SHAPES.find((shape) => shape.read(text))?.name;
}

/**
 * Whom the goods are for, read from a children's size: children, where the name carries one (`findChildrenSize`), the name and
 * the seller's label and groups say no people (`said`), and the leaves the type may be (`candidates`) hold one the directory
 * keeps for adults of one gender (`Женская одежда / Платья`). That is how the size knows it sizes garments, shoes or hats: the
 * directory splits only goods worn by people by their gender; a filter's, a blanket's or a jack's numbers meet no such leaf.
 * Else `said`, unchanged.
 */
export function readChildrenBySize(name: string, said: Demographic, candidates: Iterable<{ demographic: Demographic }>): Demographic {
  if (!isDemographicEmpty(said) || findChildrenSize(name) === undefined) return said;
  for (const leaf of candidates) if (leaf.demographic.gender !== undefined && leaf.demographic.kids !== true) return CHILDREN;
  return said;
}

const CHILDREN: Demographic = { kids: true };

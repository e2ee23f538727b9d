/**
 * Normalisation for fuzzy matching of seller text against directory names. Unlike
 * `normalizeName` (one exact key, white space removed), this keeps words apart so that they can be
 * compared one by one, in any order: `ЧЕРН.` → `черн`, `128Gb` → `128 гб`, `Чeрный` (with a Latin
 * `e`) → `черный`, `Sаmsung` (with a Cyrillic `а`) → `samsung`.
 */
import { readKazakhPurposeWord } from './kazakh-purpose-word.js';

// Letters that look alike in both scripts. A word holding both scripts is turned into the one
// script all its letters can be written in, so `Чeрный` becomes Cyrillic and `ХХL` Latin.
const LATIN_TO_CYRILLIC: Readonly<Record<string, string>> = {
  a: 'а',
  b: 'в',
  c: 'с',
  e: 'е',
  h: 'н',
  i: 'і',
  k: 'к',
  m: 'м',
  o: 'о',
  p: 'р',
  t: 'т',
  x: 'х',
  y: 'у',
};
const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(LATIN_TO_CYRILLIC).map(([latin, cyrillic]) => [cyrillic, latin]));

const CYRILLIC_LETTER = /[\u0400-\u04ff]/;
const LATIN_LETTER = /[a-z]/;
const QUOTES = /["'«»„“”‘’`´]/g;

// Unit words written after a number, in any script, mapped to one spelling.
const UNITS: Readonly<Record<string, string>> = {
  gb: 'гб',
  гб: 'гб',
  гиг: 'гб',
  гигабайт: 'гб',
  tb: 'тб',
  тб: 'тб',
  терабайт: 'тб',
  mb: 'мб',
  мб: 'мб',
  mm: 'мм',
  мм: 'мм',
  cm: 'см',
  см: 'см',
  m: 'м',
  м: 'м',
  kg: 'кг',
  кг: 'кг',
  g: 'г',
  gr: 'г',
  г: 'г',
  гр: 'г',
  грамм: 'г',
  ml: 'мл',
  мл: 'мл',
  l: 'л',
  л: 'л',
  литр: 'л',
  литра: 'л',
  литров: 'л',
  w: 'вт',
  вт: 'вт',
  ватт: 'вт',
  mah: 'мач',
  мач: 'мач',
  v: 'в',
  в: 'в',
  inch: 'дюйм',
  дюйм: 'дюйм',
  дюйма: 'дюйм',
  дюймов: 'дюйм',
  // Volt-amperes of a UPS (`850 ВА`, `650VA`) and revolutions (`5400 об/мин`): measures, no words of goods.
  va: 'ва',
  ва: 'ва',
  об: 'об',
  мес: 'мес',
  месяцев: 'мес',
  месяца: 'мес',
  ай: 'ай',
};

/** The unit spellings `tokenizeForMatch` produces; scorers give these words less weight than names. */
export const UNIT_TOKENS: ReadonlySet<string> = new Set(Object.values(UNITS));

/**
 * Words for matching: NFKC, lower case, `ё`→`е`, quotes dropped, every other punctuation mark a
 * word break (a decimal comma between digits becomes a point), digits split from letters,
 * look-alike letters of mixed-script words unified, and unit words after a number spelled one way.
 */
export function tokenizeForMatch(text: string): string[] {
  // Directory names and paths are tokenized by every matcher and index built over them, labels once per
  // rewrite: the tokens of a text are kept (a copy is returned, so callers may change theirs).
  const known = TOKEN_CACHE.get(text);
  if (known !== undefined) return known.slice();
  const tokens = tokenizeUncached(text);
  if (TOKEN_CACHE.size >= MAX_CACHED_TEXTS) TOKEN_CACHE.clear();
  TOKEN_CACHE.set(text, tokens);
  return tokens.slice();
}

const TOKEN_CACHE = new Map<string, string[]>();
const MAX_CACHED_TEXTS = 50_000;

// Basic Latin and Cyrillic only: no compatibility form, no accent of a Latin letter, nothing normalisation changes.
const PLAIN_TEXT = /^[\u0000-\u007f\u0400-\u04ff]*$/;

function tokenizeUncached(text: string): string[] {
  // `№10` is the number 10: the sign, which NFKC spells `No`, is no word (`Скобы для степлера №10` read a word `no`).
  const dropped = dropPercentages(text.includes('№') ? text.replace(/№/gu, ' ') : text);
  // Most texts are plain Russian, Kazakh or English: the three normalisations would return them unchanged.
  const lowered = PLAIN_TEXT.test(dropped) ? dropped.toLowerCase() : normalizeLetters(dropped);
  // Every name of a file is tokenised once (its phrases are new texts): a rule runs only on a text with the letters it rewrites.
  const plain = lowered.includes('ё') ? lowered.replace(/ё/g, 'е') : lowered;
  // `XXXL` is rewritten by the regex chain; every other text of the two alphabets is split by one scan.
  const words = (plain.includes('xxx') ? undefined : scanPlainWords(plain)) ?? splitWords(plain);
  const tokens: string[] = [];
  for (const raw of words) {
    if (raw === '') continue;
    const word = unifyScript(raw);
    const previous = tokens[tokens.length - 1];
    // The unit table is asked first: most words are none, and the number test is a regex per word.
    // `Object.hasOwn`: a word of the name must never reach the table's prototype (`Набор 3 constructor` took `Object` as its unit).
    const unit = previous !== undefined && Object.hasOwn(UNITS, word) && /^\d+(\.\d+)?$/.test(previous) ? UNITS[word] : undefined;
    // `арналган`: the Kazakh purpose word typed on a Russian keyboard is that word for every reader (`kazakh-purpose-word.ts`).
    tokens.push(unit ?? readKazakhPurposeWord(word));
  }
  return tokens;
}

// What `splitWords` makes of each character below U+0500 (Basic Latin to Cyrillic), read once from the same classes its regexes use.
const BREAK = 0;
const LETTER = 1;
const DIGIT = 2;
const OTHER_NUMBER = 3;
const UNSCANNED = 4;
const SCANNED_BELOW = 0x500;
const CHAR_KINDS = Uint8Array.from({ length: SCANNED_BELOW }, (_, code) => readCharKind(String.fromCharCode(code)));
const COMMA = 44;
const POINT = 46;

function readCharKind(char: string): number {
  // A quote is dropped (not a break) and U+0000 marks a decimal point inside the chain: both are left to it.
  if (new RegExp(QUOTES.source, 'u').test(char) || char === '\u0000') return UNSCANNED;
  if (/\d/.test(char)) return DIGIT;
  if (/\p{L}/u.test(char)) return LETTER;
  return /\p{N}/u.test(char) ? OTHER_NUMBER : BREAK;
}

/**
 * The words `splitWords` reads from a text without quotes and `xxx`, in one pass instead of its six regexes: every
 * character but a letter or number breaks words, a comma or point between digits is a decimal point (as the chain's
 * `(\d)[,.](\d)` matches, no digit in two), a number and a word written together are two words. Undefined for a text
 * with a character the scan does not know (a quote, anything from U+0500 on): the chain reads it.
 */
function scanPlainWords(text: string): string[] | undefined {
  const words: string[] = [];
  let start = -1;
  let hasComma = false;
  let previousKind = BREAK;
  let lastDecimal = -3;
  const end = (at: number): void => {
    if (start < 0) return;
    const word = text.slice(start, at);
    words.push(hasComma ? word.replace(/,/g, '.') : word);
    start = -1;
    hasComma = false;
  };
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code >= SCANNED_BELOW) return undefined;
    const kind = CHAR_KINDS[code] ?? UNSCANNED;
    if (kind === UNSCANNED) return undefined;
    if (kind === BREAK) {
      if ((code === COMMA || code === POINT) && previousKind === DIGIT && lastDecimal !== at - 2 && CHAR_KINDS[text.charCodeAt(at + 1)] === DIGIT) {
        // Inside the number's word; the chain's next match starts after the digit that follows.
        lastDecimal = at;
        hasComma ||= code === COMMA;
        previousKind = BREAK;
        continue;
      }
      end(at);
      previousKind = BREAK;
      continue;
    }
    if ((kind === LETTER && previousKind === DIGIT) || (kind === DIGIT && previousKind === LETTER)) end(at);
    if (start < 0) start = at;
    previousKind = kind;
  }
  end(text.length);
  return words;
}

// The rules of `scanPlainWords`, for any text: quotes dropped, `XXXL`, decimal points, punctuation as breaks, numbers split from words.
function splitWords(plain: string): string[] {
  const bare = plain.replace(QUOTES, '');
  // `XXXL` is how sellers write `3XL`.
  const unquoted = bare.includes('xxx') ? bare.replace(/\b(x{3,5})l\b/g, (_, xs: string) => `${xs.length}xl`) : bare;
  // The number rules have nothing to do in a text without digits (most names and paths).
  const digits = /\d/.test(unquoted);
  const spaced = (digits ? unquoted.replace(/(\d)[,.](\d)/g, '$1\u0000$2') : unquoted).replace(/[^\p{L}\p{N}\u0000]+/gu, ' ');
  const separated = spaced.includes('\u0000') ? spaced.replace(/\u0000/g, '.') : spaced;
  const prepared = digits
    ? separated
        // `10мм`, `128gb`, `R16`, `3XL`: the number and the word are compared separately.
        .replace(/(\d)(\p{L})/gu, '$1 $2')
        .replace(/(\p{L})(\d)/gu, '$1 $2')
    : separated;
  return prepared.split(' ');
}

function normalizeLetters(text: string): string {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      // Accents of Latin letters only (`Kärcher`, `Estée`); `й` and `ё` must keep theirs.
      .normalize('NFD')
      .replace(/([a-z])\p{M}+/gu, '$1')
      .normalize('NFC')
  );
}

/** True when the text holds a Cyrillic letter. */
export function hasCyrillic(text: string): boolean {
  return CYRILLIC_LETTER.test(text);
}

/** True when the text holds a Latin letter. */
export function hasLatin(text: string): boolean {
  return LATIN_LETTER.test(text);
}

// `100% хлопок`: the share says nothing about which value it is. Kept when nothing else is left.
function dropPercentages(text: string): string {
  if (!text.includes('%')) return text;
  const dropped = text.replace(/\d+(?:[.,]\d+)?\s*%/g, ' ');
  return /[\p{L}\p{N}]/u.test(dropped) ? dropped : text;
}

function unifyScript(word: string): string {
  if (!CYRILLIC_LETTER.test(word) || !LATIN_LETTER.test(word)) return word;
  const chars = Array.from(word);
  const cyrillic = chars.filter((char) => CYRILLIC_LETTER.test(char));
  const latin = chars.filter((char) => LATIN_LETTER.test(char));
  const toCyrillic = latin.every((char) => LATIN_TO_CYRILLIC[char] !== undefined);
  const toLatin = cyrillic.every((char) => CYRILLIC_TO_LATIN[char] !== undefined);
  // Both possible (`сoх`): the script of most letters wins; neither: the word is left as written.
  if (toCyrillic && (!toLatin || cyrillic.length >= latin.length)) return chars.map((char) => LATIN_TO_CYRILLIC[char] ?? char).join('');
  if (toLatin) return chars.map((char) => CYRILLIC_TO_LATIN[char] ?? char).join('');
  return word;
}

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
  мес: 'мес',
  месяцев: 'мес',
  месяца: 'мес',
  ай: 'ай',
};

/** The unit spellings `normalizeForMatch` produces; scorers give these words less weight than names. */
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
  const tokens: string[] = [];
  for (const raw of prepared.split(' ')) {
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

/** `tokenizeForMatch` joined with single spaces: the normalised form two texts are equal by. */
export function normalizeForMatch(text: string): string {
  return tokenizeForMatch(text).join(' ');
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

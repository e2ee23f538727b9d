/**
 * Name normalisation for matching seller text against directory names: the same key for
 * `Чёрный`, ` черный `, `ЧЕРНЫЙ` and `Чeрный` (with a Latin `e`).
 */

// Latin letters that look like Cyrillic ones; swapped only inside words that already hold Cyrillic,
// so that Latin brand names stay Latin.
const LATIN_TO_CYRILLIC: Readonly<Record<string, string>> = {
  a: 'а',
  c: 'с',
  e: 'е',
  o: 'о',
  p: 'р',
  x: 'х',
  y: 'у',
  k: 'к',
  m: 'м',
  t: 'т',
  h: 'н',
  b: 'в',
  i: 'і',
};

const CYRILLIC = /[\u0400-\u04ff]/;
const LATIN = /[a-z]/;
const QUOTES = /["'«»„“”‘’`]/g;
const DASHES = /[‐‑‒–—―]/g;
const LETTER_HYPHEN = /(\p{L})-(?=\p{L})/gu;
/** Any character the quote, dash or `ё` replacements act on. */
const TO_REPLACE = /[ё"'«»„“”‘’`‐‑‒–—―]/;

/**
 * The matching key of a name: Unicode NFC, lower case, `ё`→`е`, quotes removed, dashes unified,
 * Latin look-alikes inside Cyrillic words turned Cyrillic, all white space and hyphens between
 * letters removed.
 *
 * Each step runs only where it can change something (a run keys ~15,000 directory names, and
 * most hold no quote, dash or hyphen, and no word mixing the two alphabets): the key is the same.
 */
export function normalizeName(text: string): string {
  let lower = text.normalize('NFC').toLowerCase();
  if (TO_REPLACE.test(lower)) lower = lower.replace(/ё/g, 'е').replace(QUOTES, '').replace(DASHES, '-');
  let key = '';
  // Only a word holding both alphabets has look-alikes to swap; without such a word the key is the text without its white space.
  if (CYRILLIC.test(lower) && LATIN.test(lower)) {
    for (const word of lower.split(/\s+/)) key += CYRILLIC.test(word) && LATIN.test(word) ? swapLookAlikes(word) : word;
  } else key = lower.replace(/\s+/g, '');
  // A hyphen between letters is spelling ("Тёмно-синий" = "темно синий"); before a digit it is a sign.
  return key.includes('-') ? key.replace(LETTER_HYPHEN, '$1') : key;
}

/**
 * The matching key of a category path such as `Одежда / Мужская / Футболки`: each level is
 * normalised with `normalizeName` and the levels are joined with `/` (`splitPathLevels` reads the
 * levels). `normalizeLevel` is `normalizeName` or the same with its
 * results kept (a directory's paths repeat their parents' names).
 */
export function normalizePath(text: string, normalizeLevel: (level: string) => string = normalizeName): string {
  return splitPathLevels(text)
    .map((level) => normalizeLevel(level))
    .filter((level) => level !== '')
    .join('/');
}

/**
 * The levels of a path as a seller writes it (`A / B`, `A > B`, `A | B`, `A › B`, …), trimmed, empty ones left out. A `/` or `\`
 * between two letters or digits is no separator: it is written inside one name (`Сковороды/кастрюли`, `Смартфоны 4/64`, `175/70
 * R13`, `д/ванной`), and splitting it would read a list, a size or an abbreviation as two levels of a path.
 */
export function splitPathLevels(text: string): string[] {
  return text
    .split(PATH_SEPARATOR)
    .map((level) => level.trim())
    .filter((level) => level !== '');
}

// `>`, `|`, `›`, `»` anywhere; `/` and `\` only where a side of them is no letter or digit (a space, the text's end).
const PATH_SEPARATOR = /(?:[>›»|]|(?<![\p{L}\p{N}])[/\\]|[/\\](?![\p{L}\p{N}]))/u;

/** The matching key of a column header: trimmed, lower case, white space collapsed, BOM dropped. */
export function normalizeHeader(text: string): string {
  return text.replace(/^\ufeff/, '').normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase().replace(/ё/g, 'е');
}

/**
 * The text of the rules `normalizeName` and `normalizePath` apply (their code, tables and patterns),
 * and of the Unicode the runtime applies them with: keys kept from an earlier run are used only
 * while this is the same (`stampNameKeyRules` in directory-index.ts).
 */
export function describeNameKeyRules(): string {
  const patterns = [CYRILLIC, LATIN, QUOTES, DASHES, LETTER_HYPHEN, TO_REPLACE, PATH_SEPARATOR].map(String);
  // Case mapping and NFC follow the runtime's Unicode tables; a probe of letters with special rules stands for them.
  const probe = 'ᲀẞİǅꞪ\u0345ё'.normalize('NFC').toLowerCase();
  return [normalizeName, normalizePath, splitPathLevels, swapLookAlikes, JSON.stringify(LATIN_TO_CYRILLIC), ...patterns, probe].map(String).join('\n');
}

function swapLookAlikes(word: string): string {
  let out = '';
  for (const char of word) out += LATIN_TO_CYRILLIC[char] ?? char;
  return out;
}

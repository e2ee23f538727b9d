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

/**
 * The matching key of a name: Unicode NFC, lower case, `ё`→`е`, quotes removed, dashes unified,
 * Latin look-alikes inside Cyrillic words turned Cyrillic, all white space and hyphens between
 * letters removed.
 */
export function normalizeName(text: string): string {
  const words = text.normalize('NFC').toLowerCase().replace(/ё/g, 'е').replace(QUOTES, '').replace(DASHES, '-').split(/\s+/);
  let key = '';
  for (const word of words) {
    key += CYRILLIC.test(word) && LATIN.test(word) ? swapLookAlikes(word) : word;
  }
  // A hyphen between letters is spelling ("Тёмно-синий" = "темно синий"); before a digit it is a sign.
  return key.replace(LETTER_HYPHEN, '$1');
}

/**
 * The matching key of a category path such as `Одежда / Мужская / Футболки`: each level is
 * normalised with `normalizeName` and the levels are joined with `/`. `/`, `>`, `›`, `»`, `\` and
 * `|` are accepted as level separators. `normalizeLevel` is `normalizeName` or the same with its
 * results kept (a directory's paths repeat their parents' names).
 */
export function normalizePath(text: string, normalizeLevel: (level: string) => string = normalizeName): string {
  return text
    .split(/[/>›»\\|]/)
    .map((level) => normalizeLevel(level))
    .filter((level) => level !== '')
    .join('/');
}

/** The matching key of a column header: trimmed, lower case, white space collapsed, BOM dropped. */
export function normalizeHeader(text: string): string {
  return text.replace(/^\ufeff/, '').normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase().replace(/ё/g, 'е');
}

function swapLookAlikes(word: string): string {
  let out = '';
  for (const char of word) out += LATIN_TO_CYRILLIC[char] ?? char;
  return out;
}

/** Checks of Kazakh text: letters lost to a Windows-1251 save, and text copied from Russian. */
// A `?` before a Cyrillic letter, or between two: where ә ғ қ ң ө ұ ү һ і stood before a save in an
// encoding without them. A `?` ending a sentence ("Неужели?") does not match.
const LOST_LETTER = /\?[\u0400-\u04ff]|[\u0400-\u04ff]\?{2,}/;

/** True when the text shows `?` where Kazakh letters were (the mark of a Windows-1251 save). */
export function hasLostKazakhLetters(text: string): boolean {
  return LOST_LETTER.test(text);
}

/** True when the Kazakh text is the Russian text again (ignoring case, spaces and ё/е). */
export function isSameAsRussian(kazakh: string, russian: string): boolean {
  // Runs on every row's names and descriptions (long HTML), so it walks both texts once, skipping
  // white space, ignoring case and ё/е, and stops at the first difference (usually at once).
  if (kazakh === '') return false;
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < kazakh.length && isSpace(kazakh.charCodeAt(i))) i++;
    while (j < russian.length && isSpace(russian.charCodeAt(j))) j++;
    if (i >= kazakh.length || j >= russian.length) return i >= kazakh.length && j >= russian.length;
    const a = kazakh.charCodeAt(i);
    const b = russian.charCodeAt(j);
    if (a !== b && !checkSameFolded(a, b)) return false;
    i++;
    j++;
  }
}

// Lower case of each UTF-16 unit below U+0500 (Latin, Cyrillic and its Kazakh letters), ё as е:
// made once, so that comparing two letters makes no string. 0 where the lower case is not one unit.
const FOLDED = buildFoldTable(0x500);

/** Whether two UTF-16 units are the same letter ignoring case and ё/е (as `fold` says). */
function checkSameFolded(a: number, b: number): boolean {
  const x = a < FOLDED.length ? (FOLDED[a] as number) : 0;
  const y = b < FOLDED.length ? (FOLDED[b] as number) : 0;
  if (x !== 0 && y !== 0) return x === y;
  return fold(String.fromCharCode(a)) === fold(String.fromCharCode(b));
}

function buildFoldTable(size: number): Uint16Array {
  const table = new Uint16Array(size);
  for (let code = 0; code < size; code++) {
    const folded = fold(String.fromCharCode(code));
    if (folded.length === 1) table[code] = folded.charCodeAt(0);
  }
  return table;
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x2007 || code === 0x202f || code === 0xfeff || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x205f || code === 0x3000 || code === 0x1680;
}

function fold(char: string): string {
  const lower = char.toLowerCase();
  return lower === 'ё' ? 'е' : lower;
}

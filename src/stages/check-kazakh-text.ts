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
    if (fold(kazakh[i] as string) !== fold(russian[j] as string)) return false;
    i++;
    j++;
  }
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x2007 || code === 0x202f || code === 0xfeff || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x205f || code === 0x3000 || code === 0x1680;
}

function fold(char: string): string {
  const lower = char.toLowerCase();
  return lower === 'ё' ? 'е' : lower;
}

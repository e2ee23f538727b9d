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
  // Runs on every row's names and descriptions, so it avoids the full name normalisation.
  return kazakh !== '' && simplify(kazakh) === simplify(russian);
}

function simplify(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, '');
}

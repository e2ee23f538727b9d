/**
 * Whether a name is written all in capitals (`ЧАЙ ЧЕРНЫЙ 100 Г`): such a name says nothing by the case of its words, so no word
 * of it is read as a brand or a proper name by its capital letter.
 */
export function isWrittenInCapitals(name: string): boolean {
  return name === name.toUpperCase();
}

// Two capital letters at least: `SSD`, `АКЦИЯ`; a one-letter word is as often a sentence's first letter or an initial.
const CAPITALS_WORD = /^\p{Lu}{2,}$/u;

/** Whether one word of a name is written in capitals (`SSD`, `СИБИРЬ`): an abbreviation, a brand or a note, never read by its case as a sentence's first word. */
export function isCapitalsWord(word: string): boolean {
  return CAPITALS_WORD.test(word);
}

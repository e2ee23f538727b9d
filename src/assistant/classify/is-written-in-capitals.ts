/**
 * Whether a name is written all in capitals (`ЧАЙ ЧЕРНЫЙ 100 Г`): such a name says nothing by the case of its words, so no word
 * of it is read as a brand or a proper name by its capital letter.
 */
export function isWrittenInCapitals(name: string): boolean {
  return name === name.toUpperCase();
}

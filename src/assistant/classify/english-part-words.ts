/**
 * English words for a part or an accessory of other goods (`Curtain Rod`, `Storage Box Lid`, `Nebulizer Mask`): after the
 * head noun such a word is the goods themselves, which English names last, so the name is never the main goods it names
 * first. Short and capitalised as they are written (`Rod`, `Lid`, `Pins`), they are never a brand: the word stays in the
 * type, which the English table does not read, and the seller is asked (a question, never a wrong answer).
 * Written from general knowledge of English product words (rules as data), not from any one list's rows.
 */
const PART_WORDS: ReadonlySet<string> = new Set([
  'basket', 'blade', 'bracket', 'cap', 'clip', 'cutter', 'filter', 'handle', 'head', 'hose', 'insert', 'lid', 'liner',
  'mask', 'mold', 'mould', 'nozzle', 'opener', 'pin', 'refill', 'rod', 'tape', 'tieback', 'tip', 'warmer', 'wrapper',
]);

/** Whether a word (normalised, `tokenizeForMatch`), singular or plural, names a part or an accessory of other goods. */
export function isEnglishPartWord(word: string): boolean {
  return PART_WORDS.has(word) || (word.endsWith('s') && PART_WORDS.has(word.slice(0, -1)));
}

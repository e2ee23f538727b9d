/**
 * Words a leaf name says that name no goods and no trade (`жаңа`, new, of `жаңа туған`, newborn): a section whose leaves happen
 * to say one is not the goods of every name that says it (`Варежки жаңа`, `Топ спортивный жаңа`), so such a word is never a
 * section's word (`section-words.ts`). Written as names write them, stemmed as leaf names are; rules as data.
 */
import { stemForIndex } from './stem-for-index.js';

const NOTE_WORDS = ['жаңа'];

const NOTE_STEMS: ReadonlySet<string> = new Set(NOTE_WORDS.map((word) => stemForIndex(word)));

/** Whether a stem of a leaf name is a word of no goods (`жаңа`, new), which no section names its goods by. */
export function isSectionNoteStem(stem: string): boolean {
  return NOTE_STEMS.has(stem);
}

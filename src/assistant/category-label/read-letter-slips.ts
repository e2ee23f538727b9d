/**
 * Whether one letter written for another is a slip a seller makes: a key beside it on the Russian keyboard (`слайлеры`
 * for `слайдеры`: `л` beside `д`), or a letter of the same sound (`д`/`т`, `е`/`и`, a Kazakh letter typed as its Russian
 * one). Two short words apart by any other letter are two words (`слайдеры` and `слайсеры`: sliders are no slicers).
 */
import { foldKazakhLetters } from '../transliterate.js';

// The three letter rows of the Russian keyboard (ЙЦУКЕН), each shifted half a key right of the one above.
const KEY_ROWS = ['йцукенгшщзхъ', 'фывапролджэ', 'ячсмитьбю'];

// Letters of one sound or one key family: voiced and voiceless pairs, vowels an unstressed syllable blurs, the signs. The
// letters Russian writes for Kazakh ones are `foldKazakhLetters`'s.
const SOUND_PAIRS = ['бп', 'вф', 'гк', 'дт', 'жш', 'зс', 'шщ', 'цс', 'ао', 'еи', 'ея', 'иы', 'ий', 'еэ', 'ею', 'уо', 'ьъ'];

/** Each letter's slips, both ways round. */
const SLIPS: ReadonlyMap<string, ReadonlySet<string>> = buildSlips();

function buildSlips(): Map<string, Set<string>> {
  const slips = new Map<string, Set<string>>();
  const add = (a: string | undefined, b: string | undefined): void => {
    if (a === undefined || b === undefined) return;
    for (const [from, to] of [[a, b], [b, a]] as const) {
      const set = slips.get(from) ?? new Set<string>();
      set.add(to);
      slips.set(from, set);
    }
  };
  KEY_ROWS.forEach((row, r) => {
    [...row].forEach((key, i) => {
      add(key, row[i + 1]);
      // The row below, shifted right: the keys under this one are at its own place and the one before.
      const below = KEY_ROWS[r + 1];
      if (below !== undefined) {
        add(key, below[i]);
        add(key, below[i - 1]);
      }
    });
  });
  for (const [a, b] of SOUND_PAIRS) add(a, b);
  return slips;
}

/**
 * The two letters of two Cyrillic words of one length that differ at exactly one place before the last letter, or
 * `undefined` when they differ otherwise (in length, at several places, not at all, in the ending: `крема` is a form of
 * `кремы`, the form readers' to judge) or are not both Cyrillic.
 */
export function findSwappedLetter(sellerWord: string, directoryWord: string): readonly [string, string] | undefined {
  if (sellerWord.length !== directoryWord.length || !/^[а-яёәғқңөұүһі]+$/u.test(sellerWord) || !/^[а-яёәғқңөұүһі]+$/u.test(directoryWord)) return undefined;
  let swapped: [string, string] | undefined;
  for (let i = 0; i < sellerWord.length; i++) {
    const a = sellerWord[i] as string;
    const b = directoryWord[i] as string;
    if (a === b) continue;
    if (swapped !== undefined || i === sellerWord.length - 1) return undefined;
    swapped = [a, b];
  }
  return swapped;
}

/** Whether a seller who meant `meant` could have typed `typed`: a neighbouring key or a letter of the same sound. */
export function isLetterSlip(typed: string, meant: string): boolean {
  return typed === meant || foldKazakhLetters(typed) === meant || foldKazakhLetters(meant) === typed || (SLIPS.get(typed)?.has(meant) ?? false);
}

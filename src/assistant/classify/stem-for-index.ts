/**
 * The key a word is indexed and looked up by: the shared light stemmer (`stemWord`) over the word
 * with its Kazakh letters folded (sellers type `казан` for `қазан`), plus two forms it leaves apart
 * that product names use all the time: a short word's ending vowel (`мяч`/`мячи`, `шина`/`шины`)
 * and the genitive plural's fleeting vowel (`отверток`/`отвертки`, `чехол`/`чехлы`, `огурец`/`огурцы`),
 * and a short adjective's ending (`сухой`/`сухие`, `общая`/`общие`), which the shared stemmer keeps
 * for a stem that short.
 */
import { stemWord } from '../stem-word.js';
import { foldKazakhLetters } from '../transliterate.js';

const SHORT_ENDING = /^(\p{L}{3,4})[аяыиеоуюьй]$/u;
const SHORT_ADJECTIVE = /^(\p{L}{3,4})(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ую|юю|ого|его|ых|их)$/u;
const FLEETING = /^(\p{L}{3,})[ое]([клц])$/u;

// A catalog repeats a few thousand words over its rows: each is stemmed once (bounded, so a file of codes cannot grow it without end).
const stems = new Map<string, string>();
const MAX_REMEMBERED = 100_000;

/** The index key of one normalised word (`tokenizeForMatch` output). */
export function stemForIndex(word: string): string {
  const known = stems.get(word);
  if (known !== undefined) return known;
  const stem = readStem(word);
  if (stems.size < MAX_REMEMBERED) stems.set(word, stem);
  return stem;
}

function readStem(word: string): string {
  const folded = foldKazakhLetters(word);
  const fleeting = FLEETING.exec(folded);
  if (fleeting !== null) return `${fleeting[1] ?? ''}${fleeting[2] ?? ''}`;
  const adjective = SHORT_ADJECTIVE.exec(folded);
  if (adjective !== null) return adjective[1] ?? folded;
  const stem = stemWord(folded);
  if (stem !== folded) return stem;
  const short = SHORT_ENDING.exec(folded);
  return short === null ? folded : (short[1] ?? folded);
}

/**
 * The key a word is indexed and looked up by: the shared light stemmer (`stemWord`) over the word
 * with its Kazakh letters folded (sellers type `казан` for `қазан`), plus two forms it leaves apart
 * that product names use all the time: a short word's ending vowel (`мяч`/`мячи`, `шина`/`шины`)
 * and the genitive plural's fleeting vowel (`отверток`/`отвертки`, `чехол`/`чехлы`, `огурец`/`огурцы`).
 */
import { stemWord } from '../stem-word.js';
import { foldKazakhLetters } from '../transliterate.js';

const SHORT_ENDING = /^(\p{L}{3,4})[аяыиеоуюьй]$/u;
const FLEETING = /^(\p{L}{3,})[ое]([клц])$/u;

/** The index key of one normalised word (`tokenizeForMatch` output). */
export function stemForIndex(word: string): string {
  const folded = foldKazakhLetters(word);
  const fleeting = FLEETING.exec(folded);
  if (fleeting !== null) return `${fleeting[1] ?? ''}${fleeting[2] ?? ''}`;
  const stem = stemWord(folded);
  if (stem !== folded) return stem;
  const short = SHORT_ENDING.exec(folded);
  return short === null ? folded : (short[1] ?? folded);
}

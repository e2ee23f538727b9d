/**
 * `арналған` ("made for"), the word a Kazakh name puts after its purpose and before the goods (`Душқа арналған гель`), as
 * sellers also type it on a Russian keyboard (`арналган`, `ғ` written `г`): one word either way, so that the purpose is read
 * as a purpose, never as words of the goods.
 */

/** The Kazakh purpose word as the readers know it. */
export const KAZAKH_PURPOSE_WORD = 'арналған';

// The word typed without its Kazakh letter. No Russian word is spelt so.
const TYPED_PURPOSE_WORD = 'арналган';

/** A normalised word (`tokenizeForMatch` output), with the keyboard-typed `арналган` read as `арналған`. */
export function readKazakhPurposeWord(word: string): string {
  return word === TYPED_PURPOSE_WORD ? KAZAKH_PURPOSE_WORD : word;
}

// Letters of the Cyrillic block only (Russian and Kazakh alike): no digit, no Latin letter, no hyphen.
const CYRILLIC_WORD = /^[\u0400-\u04ff]+$/u;

/** Whether a word is written in Cyrillic letters alone (`печенье`, `ВС`, `жем`): a word of the name's language, not a code or model. */
export function isCyrillicWord(word: string): boolean {
  return CYRILLIC_WORD.test(word);
}

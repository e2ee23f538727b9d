/**
 * What each word of a seller's category label can say of the kind of goods, as the type reader
 * (`extractProductType`, which the label veto reads too) reads the label: the words of its type, its
 * purpose and its form can name a kind; what it drops (a brand, a number or code and whatever follows
 * them, as in `Свечи NGK`, `Лампы E27`, `Ремни 6PK`) cannot make a label surer than its bare head.
 */
import { tokenizeForMatch, UNIT_TOKENS } from './normalize-for-match.js';
import { extractProductType, isColourWord } from './classify/extract-product-type.js';
import { isNeutralModifier } from './classify/neutral-modifiers.js';
import { stemForIndex } from './classify/stem-for-index.js';

/** How the type reader reads the words of a label (normalised). */
export interface LabelWordRoles {
  /** The words of the label's type, its purpose and its form (`ProductType.words`, `purpose`, `form`). */
  typed: ReadonlySet<string>;
  /** Colours and words that never change a kind (`isNeutralModifier`). */
  neutral: ReadonlySet<string>;
}

/** Reads the label's words the type reader keeps and its neutral words (the label's leaf level, as written: case matters for brands). */
export function readLabelWordRoles(text: string): LabelWordRoles {
  const type = extractProductType(text);
  const neutral = new Set(tokenizeForMatch(text).filter((word) => isColourWord(word) || isNeutralModifier(stemForIndex(word), word, false)));
  return { typed: new Set([...type.words, ...type.purpose, ...type.form]), neutral };
}

/** Whether a word counts or sizes the goods (a number, a unit): never a kind, whatever the directory names (a leaf's `4` of `PS4` says nothing of `Свечи 4 шт`). */
function isCount(word: string): boolean {
  return /\p{N}/u.test(word) || UNIT_TOKENS.has(word);
}

/** Whether a word is one letter: the type reader may keep the letter of a code the tokenizer splits (`h` of `Лампы H4`, `e` of `Лампы E27`), a kind only where the directory names one by it (`Витамин C`). */
function isCodeLetter(word: string): boolean {
  return /^\p{L}$/u.test(word);
}

/**
 * The words of a label that can name a kind of goods: every word after its head (the words before a
 * preposition: `для PS4`, `для Apple Watch` say which goods), and the head's words the type reader
 * keeps, but neutral words. A neutral word or a word the type reader drops stays where the directory
 * names goods by it (`Чай зелёный` keeps `зелёный`: `Зелёный чай` is a leaf; `Шины 205/55 R16 зимние`
 * keeps `зимние`), a count never. `namedByDirectory` is asked with the word's index stem.
 */
export function selectKindWords(words: readonly string[], head: readonly string[], roles: LabelWordRoles, namedByDirectory: (stem: string) => boolean): string[] {
  const kindOfHead = (word: string): boolean => !isCount(word) && ((roles.typed.has(word) && !roles.neutral.has(word) && !isCodeLetter(word)) || namedByDirectory(stemForIndex(word)));
  return words.filter((word) => !head.includes(word) || kindOfHead(word));
}

/** The head words of a label the type reader drops and the directory names no goods by (`ngk` of `Свечи NGK`, `1` and `л` of `Молоко 1 л`): they weigh nothing against a leaf's name. */
export function selectDroppedWords(words: readonly string[], kind: readonly string[], roles: LabelWordRoles): string[] {
  return words.filter((word) => !kind.includes(word) && !roles.neutral.has(word));
}

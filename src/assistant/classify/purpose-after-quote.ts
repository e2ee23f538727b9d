/**
 * What the goods are for, written after a quoted name that ended the type (issue 33, classify33's greenway list): `Спонж «Инволвер»
 * тройной AQUAmagic Ultra для удаления стойких загрязнений` is a cleaning sponge, yet the type reader ends the head at the quote
 * (`extract-product-type.ts`'s phrase breaks), so `для удаления …` is no purpose of the type, and the one word `спонж` was a sure
 * make-up sponge. Beside a bare one-word type (the caller asks), such a purpose whose words are words of other top-level sections
 * and of none of the leaf's (`удаления`: `Машинки для удаления катышков`) says the goods may be another trade's: the pick is a
 * question. A purpose of words no section holds (`Приправа «Магги» для шашлыка`, `Гречка «Мистраль» … для варки`) or of the
 * leaf's own section (`Приправа «Kotanyi» для плова`) says nothing against it.
 *
 * Measured on 17,546 real names and dropped as too wide: any `для …` after the head of a bare type whose leaf does not explain it
 * (56 sure picks, most of them right: `Приправа Магги 30 г для шашлыка`, `Миска Дарэлл 0,2 л для кошек`); without the quote, the
 * section test alone lost `Плоскогубцы с присосками для разборки телефонов`.
 */
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';
import { findWordsOfOtherSection } from './group-of-other-section.js';
import { stemForIndex } from './stem-for-index.js';

// A quoted name, then a `для` phrase later in the name (`«Инволвер» тройной … для удаления`); `д/` is `для` as the type reader reads it.
const QUOTED_THEN_FOR = /[«"“][^«»"“”]+[»"”].*?(?<![\p{L}\p{N}])(?:для|д\/)\s*(\p{L}.*)$/iu;
// The words of the purpose read: Cyrillic words of three letters or more (a Latin model, `для iPhone 8`, is the Latin rules').
const PURPOSE_WORD = /^[\u0400-\u04ff]{3,}$/u;
const MAX_PURPOSE_WORDS = 3;

/** The words of a `для …` phrase after a quoted name (`удаления стойких загрязнений`), up to three Cyrillic words; undefined where none. */
export function readPurposeAfterQuote(name: string): string[] | undefined {
  // Cheap tests first: nearly every name has no quote or no `для`, and the regex runs per name.
  if (!name.includes('«') && !name.includes('"') && !name.includes('“')) return undefined;
  if (!/для|д\//iu.test(name)) return undefined;
  const rest = QUOTED_THEN_FOR.exec(name)?.[1];
  if (rest === undefined) return undefined;
  const words: string[] = [];
  for (const word of tokenizeForMatch(rest).slice(0, MAX_PURPOSE_WORDS)) {
    if (!PURPOSE_WORD.test(word)) break;
    words.push(word);
  }
  return words.length === 0 ? undefined : words;
}

/** The doubt of a bare one-word type whose purpose after a quoted name names goods of other sections only, or undefined. */
export function describePurposeAfterQuote(index: ClassifierIndex, leaf: IndexedLeaf, words: readonly string[] | undefined): string | undefined {
  if (words === undefined) return undefined;
  const section = findWordsOfOtherSection(index, leaf, words.map(stemForIndex));
  return section === undefined ? undefined : `the name says the goods are "для ${words.join(' ')}" after a quoted name, words of "${section}", none of the leaf's section`;
}

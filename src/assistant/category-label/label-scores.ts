/** The scores and word lengths the label matcher weighs a leaf's names by, in one place. */

/** The score a label gets from a leaf whose name holds all its words among more (a rival, never a winner by itself). */
export const CONTAINED_SCORE = 0.93;
/** A part of a list name (`поло` of `Футболки и поло`) scores this share of the whole name. */
export const PART_FACTOR = 0.98;
/** A leaf named in full inside a longer label (`Ноутбуки игровые`): close, below an exact name. */
export const NAMED_INSIDE_BASE = 0.9;
/** The general matcher (typos, transliteration) is trusted up to here. */
export const GENERAL_CAP = 0.9;
/** Leaves within this of the best share its name: a question lists every one. */
export const SHARED_BAND = 0.03;
/** Two forms of one word (`Юбка`/`Юбки`, `Кошелек`/`Кошельки`); a stem-equal pair scores at least this too. */
export const FORM_SCORE = 0.95;
/** `а` written for an unstressed `о`: a typo's score (one edit in eight letters), for words of six letters or more. */
export const AKANYE_SCORE = 0.9;
/** The shortest word read with `а` for an unstressed `о` (`AKANYE_SCORE`). */
export const MIN_AKANYE_WORD = 6;
/** Words the label does not share with a leaf but whose beginning is a word of another branch. */
export const MIN_RELATED_PREFIX = 6;
/** The score of a leaf and a label that each hold words the other does not: below the confident threshold. */
export const LOOSE_CAP = 0.87;
/** The longest word whose one changed letter must be a slip of the keyboard or the sound to read as a typo (`read-letter-slips.ts`). */
export const MAX_SLIP_CHECKED_WORD = 8;
/** A label word this far from every word of a leaf's name is not named by it (`машинка` is near `машины`, `орехи` far from `сухофрукты`). */
export const UNNAMED_WORD = 0.7;
/** Words of a narrower leaf's path that the file's words share a beginning with. */
export const MIN_NARROWING_PREFIX = 5;
/** The score of a leaf whose name is the label once the gender or age words are set apart, and whose path says the same (`Платья` for `женские платья`). */
export const NAME_WITH_DEMOGRAPHIC = 0.99;

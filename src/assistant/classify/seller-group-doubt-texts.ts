/**
 * The doubts the classifier writes where the seller's label or group named the leaf (`describeSellerGroupDoubt` of
 * `classify-product.ts`): each is written and read here, so the review's table (`find-proposal-doubt.ts`) reads the same
 * wording the classifier writes.
 */

/** The doubt of a leaf that says whom the goods are for where only the group named it. */
export const UNSAID_PEOPLE_DOUBT = "the leaf says whom the goods are for, which neither the name nor the seller's group says";

const NAME_ALONE = 'by the name alone: ';
const QUOTED_WORDS = '"[^"]*"(?:, "[^"]*")*';
const GROUP_PURPOSE_END = " of what the goods are for, which neither the leaf nor the seller's groups above its own explain";
const GROUP_LEAF_WORDS_END = ", which the leaf the seller's group names does not explain";
const OWN_PURPOSE_OPENING = 'the name says what the goods are for (';
const OWN_PURPOSE_END = "), and only the seller's group says what the leaf is for";
// The readers' patterns, built once: the review reads a doubt per type, the row decision per unsure row under an answered group.
const GROUP_PURPOSE_DOUBT = new RegExp(`^the name says ${QUOTED_WORDS}${GROUP_PURPOSE_END}$`, 'u');
const GROUP_LEAF_WORDS_DOUBT = new RegExp(`^the name says ${QUOTED_WORDS}${GROUP_LEAF_WORDS_END}$`, 'u');

/** The words of a doubt, each in quotes, comma-separated. */
function quoteWords(words: readonly string[]): string {
  return words.map((word) => `"${word}"`).join(', ');
}

/** A purpose the name says that a group repeating its type does not explain (`Москитная сетка на голову`). */
export function describeGroupPurposeDoubt(words: readonly string[]): string {
  return `the name says ${quoteWords(words)}${GROUP_PURPOSE_END}`;
}

/** Whether a doubt is the one `describeGroupPurposeDoubt` writes. */
export function isGroupPurposeDoubt(doubt: string): boolean {
  return GROUP_PURPOSE_DOUBT.test(doubt);
}

/** The name's own doubt of the leaf the group named, wrapped. */
export function describeNameAloneDoubt(doubt: string): string {
  return `${NAME_ALONE}${doubt}`;
}

/** The name's own doubt a `describeNameAloneDoubt` text wraps, or undefined for any other doubt. */
export function readNameAloneDoubt(doubt: string): string | undefined {
  return doubt.startsWith(NAME_ALONE) ? doubt.slice(NAME_ALONE.length) : undefined;
}

/** Words of the name the leaf the group named does not explain (`Двойка` under `Спортивки`). */
export function describeGroupLeafWordsDoubt(words: readonly string[]): string {
  return `the name says ${quoteWords(words)}${GROUP_LEAF_WORDS_END}`;
}

/** Whether a doubt is the one `describeGroupLeafWordsDoubt` writes. */
export function isGroupLeafWordsDoubt(doubt: string): boolean {
  return GROUP_LEAF_WORDS_DOUBT.test(doubt);
}

/** The name says its own purpose (`для iPhone`), and only the group explains the leaf's purpose (`Чехлы для одежды` under `Женская одежда`). */
export function describeOwnPurposeDoubt(words: readonly string[]): string {
  return `${OWN_PURPOSE_OPENING}${words.join(' ')}${OWN_PURPOSE_END}`;
}

/** Whether a doubt is the one `describeOwnPurposeDoubt` writes. */
export function isOwnPurposeDoubt(doubt: string): boolean {
  return doubt.startsWith(OWN_PURPOSE_OPENING) && doubt.endsWith(OWN_PURPOSE_END);
}

const GROUP_SECTION_OPENING = 'the seller\'s group says "';
const GROUP_SECTION_MIDDLE = '", which opens the name of the section ';

/** A combining form of the seller's group that opens another section's name (`авто` of `Автотовары`), which the leaf does not explain. */
export function describeGroupSectionDoubt(word: string, section: string): string {
  return `${GROUP_SECTION_OPENING}${word}${GROUP_SECTION_MIDDLE}${section}`;
}

/** Whether a doubt is the one `describeGroupSectionDoubt` writes. */
export function isGroupSectionDoubt(doubt: string): boolean {
  return doubt.startsWith(GROUP_SECTION_OPENING) && doubt.includes(GROUP_SECTION_MIDDLE);
}

const GROUP_ELSEWHERE_OPENING = "the seller's group names ";
const GROUP_ELSEWHERE_END = ', a leaf of another branch than the one the name reads';

/** The seller's group names a leaf as surely as a name would, in another branch than the leaf the name reads (`база` under `Интерьерные краски`, `Перец` under `Соленья`). */
export function describeGroupElsewhereDoubt(path: string): string {
  return `${GROUP_ELSEWHERE_OPENING}${path}${GROUP_ELSEWHERE_END}`;
}

/** Whether a doubt is the one `describeGroupElsewhereDoubt` writes. */
export function isGroupElsewhereDoubt(doubt: string): boolean {
  return doubt.startsWith(GROUP_ELSEWHERE_OPENING) && doubt.endsWith(GROUP_ELSEWHERE_END);
}

const GROUP_OF_OTHER_SECTION_OPENING = "the seller's group names goods of ";

/** The seller's group names goods of another top-level section only (`Инструменты` against clothes pegs). */
export function describeGroupOfOtherSectionDoubt(section: string): string {
  return `${GROUP_OF_OTHER_SECTION_OPENING}"${section}", none of the leaf's section`;
}

/** Whether a doubt is the one `describeGroupOfOtherSectionDoubt` writes. */
export function isGroupOfOtherSectionDoubt(doubt: string): boolean {
  return doubt.startsWith(GROUP_OF_OTHER_SECTION_OPENING);
}

const UPPER_GROUP_OF_OTHER_BRANCH_OPENING = "the seller's upper group names goods of ";

/** The doubt of a sure pick whose seller's upper group names goods of another branch (`findUpperGroupOfOtherBranch`). */
export function describeUpperGroupOfOtherBranchDoubt(branch: string): string {
  return `${UPPER_GROUP_OF_OTHER_BRANCH_OPENING}"${branch}", not the leaf's branch`;
}

/** Whether a doubt is the one `describeUpperGroupOfOtherBranchDoubt` writes. */
export function isUpperGroupOfOtherBranchDoubt(doubt: string): boolean {
  return doubt.startsWith(UPPER_GROUP_OF_OTHER_BRANCH_OPENING);
}

const UPPER_GROUP_PURPOSE_OPENING = "the seller's upper group says the goods are for ";

/** The doubt of a leaf for a purpose of its own where the seller's upper group says another leaf's (`findUpperGroupPurposeOfSibling`). */
export function describeUpperGroupPurposeDoubt(stem: string, leafName: string): string {
  return `${UPPER_GROUP_PURPOSE_OPENING}"${stem}…", as another leaf of the branch is, not as "${leafName}" is`;
}

/** Whether a doubt is the one `describeUpperGroupPurposeDoubt` writes. */
export function isUpperGroupPurposeDoubt(doubt: string): boolean {
  return doubt.startsWith(UPPER_GROUP_PURPOSE_OPENING);
}

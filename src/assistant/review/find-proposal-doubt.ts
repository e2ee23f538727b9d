/**
 * Whether a product type's own evidence doubts the leaf proposed for it (pure): the classifier's doubt
 * names another leaf or section the goods may be (a leaf of another branch that is a kind of the type, one that
 * fits as well, a type naming only part of the leaf's name, a place or vehicle another section holds, a dose
 * of a medicine, a catch-all leaf, a pick outside the file's sections …), or a leaf of another top-level section
 * scores as high as a type must to be asked in a group. Such a type is never one line of a question
 * a single `yes` settles (`group-types-by-leaf.ts`): a seller who answers a block without reading
 * every line would accept it: it is answered on its own row. Nor is a type proposed the same leaf by the same first head word as a
 * doubted one (`тетрадь на кольцах` beside `тетрадь`, whose leaf of another branch is a kind of both).
 * A type whose only doubt is a word the leaf does not explain stays: that is why most types are asked
 * at all, and most of them are right.
 */
import { CONFIDENT_SCORE } from '../classify/classify-product.js';
import { readTopSection } from '../classify/file-sections.js';
import { isGroupElsewhereDoubt, isGroupLeafWordsDoubt, isGroupOfOtherSectionDoubt, isGroupPurposeDoubt, isGroupSectionDoubt, isOwnPurposeDoubt, isUpperGroupOfOtherBranchDoubt, isUpperGroupPurposeDoubt, readNameAloneDoubt, UNSAID_PEOPLE_DOUBT } from '../classify/seller-group-doubt-texts.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { ProductTypeGroup } from './collect-product-types.js';

/**
 * The score from which a leaf of another top-level section than the proposed one is a rival that
 * doubts the proposal: the confidence a type must have to be asked in a group. On the generated price
 * list it took out 3 more of the 26 types proposed a wrong leaf (7 rows) than the classifier's doubts
 * alone, and 8 right ones (23 rows; seed 7: 2 of 27 wrong, 5 rows, and 3 right, 4 rows); 0.7 took out 2
 * (seed 7: 8) wrong types more for 23 (32) right ones, each right one a `yes` cell more for a careful seller.
 */
export const RIVAL_ELSEWHERE = 0.8;

/** A doubt the classifier writes (`classify-product.ts`, `file-sections.ts`, `collect-product-types.ts`): how its text reads. */
export interface ClassifierDoubt {
  /** What the doubt says, for the reader of the review's code and its tests. */
  name: string;
  /**
   * The doubt's text: its fixed opening, and where the classifier's text goes on past a quoted word, what follows it; or the
   * reader the file that writes the doubt exports (`seller-group-doubt-texts.ts`).
   */
  reads: RegExp | ((doubt: string) => boolean);
  /** Whether it says the goods may be another leaf's or section's: such a type is answered on its own row. */
  namesAnotherLeaf: boolean;
  /**
   * Whether it is of a word the type says beside its head (`канализационная`), which the other types of the head word do not:
   * it doubts this type alone, never the types proposed the same leaf by the same head word (`group-types-by-leaf.ts`).
   */
  ownWord?: true;
  /**
   * Whether the proposal rests on a word beside a noun the directory does not know (`удилище спиннинговое`): the type is asked
   * alone, in no head word's question (`group-types-by-head-word.ts`), whose header and `no` say nothing of it.
   */
  asksAlone?: true;
}

/**
 * Every doubt the classifier writes, in the order it is read (a place's doubts before the plain unexplained word, whose
 * opening they share). A test reads the classifier's sources and fails on a doubt this table does not know.
 */
const CLASSIFIER_DOUBTS: readonly ClassifierDoubt[] = [
  { name: "the leaf says whom the goods are for, which only the seller's group named", reads: (doubt) => doubt === UNSAID_PEOPLE_DOUBT, namesAnotherLeaf: true },
  { name: "words of the name the leaf the seller's group names does not explain", reads: isGroupLeafWordsDoubt, namesAnotherLeaf: true },
  { name: "a purpose of the name that neither the leaf nor the seller's groups above it explain", reads: isGroupPurposeDoubt, namesAnotherLeaf: true },
  { name: "the name says its own purpose, only the seller's group the leaf's", reads: isOwnPurposeDoubt, namesAnotherLeaf: true },
  { name: "the seller's group opens another section's name", reads: isGroupSectionDoubt, namesAnotherLeaf: true },
  { name: "the seller's group names a leaf of another branch", reads: isGroupElsewhereDoubt, namesAnotherLeaf: true },
  { name: "the seller's group names goods of another section only", reads: isGroupOfOtherSectionDoubt, namesAnotherLeaf: true },
  { name: "the seller's upper group names goods of another branch", reads: isUpperGroupOfOtherBranchDoubt, namesAnotherLeaf: true },
  { name: "the seller's upper group says a purpose another leaf of the branch is for", reads: isUpperGroupPurposeDoubt, namesAnotherLeaf: true },
  { name: 'a leaf of another branch is a kind of the type', reads: /^a leaf of another branch is a kind of it/, namesAnotherLeaf: true },
  { name: 'another leaf fits as well', reads: /^another leaf fits as well/, namesAnotherLeaf: true },
  { name: 'the type names only part of the leaf', reads: /^the type names only /, namesAnotherLeaf: true },
  { name: 'several narrower leaves fit', reads: /^more than one narrower leaf fits/, namesAnotherLeaf: true },
  { name: 'an aside names another leaf', reads: /^the name also says /, namesAnotherLeaf: true },
  { name: "a word only the leaf's section explains names another leaf", reads: /^only the leaf's section explains /, namesAnotherLeaf: true },
  { name: 'a synonym read a word that names another leaf', reads: /^a synonym read /, namesAnotherLeaf: true },
  { name: 'a place the leaf does not explain, of which a kind of it may be', reads: /^the leaf does not explain "[^"]*", and a kind of it may /, namesAnotherLeaf: true },
  { name: 'a place the leaf does not explain names another section', reads: /^the leaf does not explain "[^"]*", which names the section /, namesAnotherLeaf: true },
  { name: 'the vehicle the goods fit names another section', reads: /^the name says the vehicle the goods fit /, namesAnotherLeaf: true },
  { name: 'a use word the leaf says of its goods', reads: /^the name says "[^"]*" of what the goods are for, the leaf /, namesAnotherLeaf: true },
  { name: 'a Latin word of the name names goods of other sections', reads: /^the name says "[^"]*", which names goods of other sections than the leaf's/, namesAnotherLeaf: true },
  { name: 'a Latin word of the name names another leaf', reads: /^the name says "[^"]*", which names /, namesAnotherLeaf: true },
  { name: 'a dose says a medicine or supplement', reads: /^a dose says a medicine or supplement/, namesAnotherLeaf: true },
  { name: "a maker's part number says one part of a system", reads: /^a maker's part number says /, namesAnotherLeaf: true },
  { name: 'a number range beside goods sold in no sizes', reads: /^a number range beside goods sold in no sizes /, namesAnotherLeaf: true },
  { name: 'a model code of no brand the directory lists beside a word of several branches', reads: /^the model code "[^"]*" of no brand the directory lists /, namesAnotherLeaf: true },
  { name: 'a purpose after a quoted name names goods of other sections only', reads: /^the name says the goods are "[^"]*" after a quoted name, words of /, namesAnotherLeaf: true },
  { name: 'the name is for children, the leaf is not', reads: /^the name is for children, the leaf does not say so/, namesAnotherLeaf: true },
  { name: "the leaf's path says what the name does not", reads: /^the leaf's path says /, namesAnotherLeaf: true },
  { name: 'the name is for other people than the leaf', reads: /^the name says the product is for other people than the leaf/, namesAnotherLeaf: true },
  { name: "the leaf is for what the name does not say, and the same goods without it have a leaf", reads: /^the leaf "[^"]*" is for what the name does not say/, namesAnotherLeaf: true },
  { name: "the leaf's name is for other goods than the name", reads: /^the leaf "[^"]*" is for other goods than the name says/, namesAnotherLeaf: true },
  { name: 'the name says another recipient than the leaf', reads: /^the name says the goods are for "[^"]*" \(/, namesAnotherLeaf: true },
  { name: 'the name says a pest another leaf is for', reads: /^the name says the goods act against "[^"]*", which /, namesAnotherLeaf: true },
  { name: 'the leaf is a catch-all', reads: /^the leaf is a catch-all/, namesAnotherLeaf: true },
  { name: "the pick is outside the file's sections", reads: /^outside the file's sections /, namesAnotherLeaf: true },
  { name: 'the type names no kind of goods', reads: /^the type names no kind of goods/, namesAnotherLeaf: true },
  { name: "a held word says another section's kind of the goods", reads: /^the leaf does not explain "[^"]*", which another section's kind of the goods says/, namesAnotherLeaf: true },
  { name: 'a word the leaf does not explain names goods of another section', reads: /^the leaf does not explain "[^"]*", by which the section /, namesAnotherLeaf: true },
  { name: 'a word the leaf does not explain names a leaf of the same goods', reads: /^the leaf does not explain "[^"]*", which a leaf of the same goods says /, namesAnotherLeaf: true },
  { name: "the type's noun names no leaf, an adjective of it names one", reads: /^the type's noun names no leaf/, namesAnotherLeaf: true, asksAlone: true },
  { name: "a word the leaf does not explain is the adjective of another leaf's name", reads: /^the leaf does not explain "[^"]*", the adjective of another leaf's one-word name/, namesAnotherLeaf: true, ownWord: true },
  { name: 'words the leaf does not explain', reads: /^the leaf does not explain /, namesAnotherLeaf: false },
  { name: 'a weak match', reads: /^the type matches the leaf only weakly/, namesAnotherLeaf: false },
  { name: 'no product type', reads: /^no product type in the name/, namesAnotherLeaf: false },
  { name: 'no leaf named by the type', reads: /^no leaf is named by the product type/, namesAnotherLeaf: false },
  { name: 'no leaf shares a word with the type', reads: /^no leaf shares a word with it/, namesAnotherLeaf: false },
];

/**
 * The table's doubt a classifier's doubt text is, or undefined for a text the table does not know. The name's own doubt of a
 * leaf the seller's group named (`by the name alone: …`) is the doubt it wraps.
 */
export function readClassifierDoubt(doubt: string): ClassifierDoubt | undefined {
  const inner = readNameAloneDoubt(doubt);
  if (inner !== undefined) return readClassifierDoubt(inner);
  return CLASSIFIER_DOUBTS.find((item) => (typeof item.reads === 'function' ? item.reads(doubt) : item.reads.test(doubt)));
}

/** Why the type's evidence doubts its proposal, or undefined when nothing but unexplained words or a weak match does. */
export function findProposalDoubt(type: ProductTypeGroup): string | undefined {
  const { doubt, path, alternatives } = type.classification;
  if (type.known !== undefined || path === undefined) return undefined;
  const read = doubt === undefined ? undefined : readClassifierDoubt(doubt);
  // A doubt the table does not know is read as naming another leaf: a question more, never a `yes` taking unread goods.
  if (doubt !== undefined && (read === undefined || read.namesAnotherLeaf)) return read?.name ?? `the classifier doubts it: ${doubt}`;
  if (isDoubtBehindUnexplained(type)) return 'a doubt naming another leaf stands behind the words the leaf does not explain';
  // `паста` (Korean food pastes) proposed `Воски и пасты для укладки`: a type the classifier matches only weakly that does not
  // say what the leaf is for has said too little of the goods for a seller's one `yes` over a block to be read as its answer.
  if (isWeakMatch(type) && !saysLeafPurpose(type.type, path)) return WEAK_MATCH_DOUBT;
  const purpose = findUnexplainedPurpose(type, path);
  if (purpose !== undefined) return purpose;
  const rival = alternatives.find((item) => item.score >= RIVAL_ELSEWHERE && readTopSection(item.path) !== readTopSection(path));
  return rival === undefined ? undefined : `a leaf of another section scores ${rival.score} (${rival.path})`;
}

/** Why a weakly matched type is answered on its own row. */
export const WEAK_MATCH_DOUBT = 'the classifier matches the type to the leaf only weakly, and the type does not say what the leaf is for';

/**
 * Whether the type says what the leaf is for: the leaf's own level names no purpose (`для …`), or the type says a word of it
 * (`паста для волос` of `Воски и пасты для укладки волос`).
 */
function saysLeafPurpose(type: string, path: string): boolean {
  const purpose = readPurposeWords(path.split(PATH_LEVEL_SEPARATOR).pop() ?? path);
  if (purpose.length === 0) return true;
  const said = new Set(tokenizeForMatch(type).map(stemForIndex));
  return purpose.some((word) => said.has(stemForIndex(word)));
}

const FOR = 'для';
const PATH_LEVEL_SEPARATOR = ' / ';

/**
 * Why an unsure type says what it is for and its leaf explains none of it, or undefined: `мыло для бровей` at `Мыло`,
 * `пылесос для маникюра` at vacuum cleaners, `фитинг для капельной ленты` at plumbing fittings. The purpose is most often
 * the trade the goods belong to, and the leaf the head word's goods in another trade; a seller's one `yes` over a block would
 * accept it unread. Held adjectives (`праймер кислотный`) stay: most of them are harmless (`ручка гелевая`), and asking each
 * on its own row cost the careful seller a quarter of the rows 50 filled cells settle on the generated price list.
 */
function findUnexplainedPurpose(type: ProductTypeGroup, path: string): string | undefined {
  const { doubt } = type.classification;
  const read = doubt === undefined ? undefined : readClassifierDoubt(doubt)?.name;
  if (read !== 'a weak match' && read !== 'words the leaf does not explain') return undefined;
  const purpose = readPurposeWords(type.type);
  if (purpose.length === 0) return undefined;
  const pathWords = tokenizeForMatch(path);
  return purpose.some((word) => pathWords.some((other) => isOneWord(word, other))) ? undefined : `${UNSAID_PURPOSE} "${purpose.join(' ')}"`;
}

// Letters two forms of one word may differ by in length (`тела`/`телом`, whose stems the stemmer leaves apart): more is another word (`тел` of `телефоны`).
const ENDING_LETTERS = 2;

/** Whether two normalised words are one word in two forms: one stem, or one begins with the other's stem and they differ only by an ending. */
function isOneWord(word: string, other: string): boolean {
  const stem = stemForIndex(word);
  const otherStem = stemForIndex(other);
  if (stem === otherStem) return true;
  return Math.abs(word.length - other.length) <= ENDING_LETTERS && (other.startsWith(stem) || word.startsWith(otherStem));
}

/** The opening of the doubt `findUnexplainedPurpose` writes. */
export const UNSAID_PURPOSE = 'the leaf does not explain what the type is for:';

/** The words of a text after its `для` (`бровей` of the key `мыло для бровей`, of a leaf's level), none when it says no purpose. */
function readPurposeWords(text: string): string[] {
  const words = tokenizeForMatch(text);
  const at = words.indexOf(FOR);
  return at < 0 ? [] : words.slice(at + 1);
}

/**
 * Whether the classifier matches the type to the leaf only weakly: its doubt says so, or words the leaf does not explain
 * stand before it (no `heldBy` under `CONFIDENT_SCORE`: the words are not the only doubt, and the one behind them is weak).
 */
function isWeakMatch(type: ProductTypeGroup): boolean {
  const { doubt, heldBy, confidence } = type.classification;
  const read = doubt === undefined ? undefined : readClassifierDoubt(doubt)?.name;
  return read === 'a weak match' || (read === 'words the leaf does not explain' && heldBy === undefined && confidence < CONFIDENT_SCORE);
}

/**
 * Whether the classifier shows only unexplained words while another doubt stands behind them (`Станки одноразовые`: the
 * shaving razors are a kind of it): it keeps the words a seller may confirm harmless (`heldBy`) only where they are the
 * only doubt, so words without `heldBy` hide one. At `CONFIDENT_SCORE` or more the hidden one is no weak match: every
 * other doubt it writes after the words names another leaf or section.
 */
function isDoubtBehindUnexplained(type: ProductTypeGroup): boolean {
  const { doubt, heldBy, confidence } = type.classification;
  return doubt !== undefined && readClassifierDoubt(doubt)?.name === 'words the leaf does not explain' && heldBy === undefined && confidence >= CONFIDENT_SCORE;
}

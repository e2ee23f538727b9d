/**
 * The one order a row's leaf is decided in (issue 33), pure: the seller's answer of the name's product type (unless a twin leaf's
 * word the name says keeps it off, `saysTwinOfAnswer`), or the classifier's confident pick of the whole name over it
 * (`findPickOverAnswer`); else the classifier's reading of the name with the row's groups; a reading left unsure under a group the
 * seller answered takes that answer only where the reading does not contradict it (`fitsGroupAnswer`). `lookup: category`, the
 * review's collector and the review loop's yardstick (`test/assistant/eval/classify-with-answers.ts`) all call it, so the review
 * counts as answered the rows the import places.
 */
import type { Classification, ClassifierIndex, ClassifyOptions } from '../classify/classifier-types.js';
import { classifyProduct } from '../classify/classify-product.js';
import type { KnownBrands } from '../classify/known-brands.js';
import { findAnsweredType, findPickOverAnswer, saysTwinOfAnswer } from './classify-with-answers.js';
import { findGroupAnswer, readGroupLevels } from './find-group-answer.js';
import { readClassifierDoubt } from './find-proposal-doubt.js';

/** A `categories:` key that names one leaf, as a group's text answers it (`indexGroupAnswerLeaves`). */
export interface GroupAnswerLeaf {
  key: string;
  leafId: number;
}

/** The seller's answers a row is decided with. */
export interface RowAnswers<T> {
  classifier: ClassifierIndex;
  options?: ClassifyOptions;
  /** The answer of the name's product type, with the leaves it names (none: the answer stands), or undefined (`readTypeAnswer`). */
  findType?: (name: string) => { type: string; answer: T; shorter?: true; leaves: readonly number[] } | undefined;
  /** Whether a confident pick of the whole name may win over a type answer; the review, which counts either as answered, skips it. */
  pickOverAnswer: boolean;
  /** Group text → the one leaf its `categories:` key names (`indexGroupAnswers`). */
  groups?: ReadonlyMap<string, GroupAnswerLeaf>;
}

/** How a row was decided. `met`: a type answer the name met, even where a twin leaf's word kept it off (the entry is in use). */
export type RowDecision<T> =
  | { by: 'type'; type: string; answer: T; pick?: Classification }
  | { by: 'classifier'; result: Classification; met?: T; contradicted?: { group: string; answer: GroupAnswerLeaf } }
  | { by: 'group'; group: string; answer: GroupAnswerLeaf; result: Classification; met?: T };

/** Decides a row: its name and its group cells (top level first, `readGroupPath`); see the file comment. */
export function decideRowCategory<T>(answers: RowAnswers<T>, name: string, groupCells: readonly string[]): RowDecision<T> {
  const { classifier, options } = answers;
  const groupLevels = readGroupLevels(groupCells);
  const found = answers.findType?.(name);
  if (found !== undefined && !saysTwinOfAnswer(classifier, found.leaves, name, found.type)) {
    const isAnswerLeaf = (leafId: number): boolean => found.leaves.length === 0 || found.leaves.includes(leafId);
    const pick = answers.pickOverAnswer ? findPickOverAnswer(classifier, found, name, isAnswerLeaf, options, groupLevels) : undefined;
    return pick === undefined ? { by: 'type', type: found.type, answer: found.answer } : { by: 'type', type: found.type, answer: found.answer, pick };
  }
  const met = found === undefined ? {} : { met: found.answer };
  const result = classifyProduct(classifier, groupLevels.length === 0 ? { name } : { name, groupPath: groupLevels }, options);
  if (result.confident || answers.groups === undefined || groupLevels.length === 0) return { by: 'classifier', result, ...met };
  const byGroup = findGroupAnswerOnce(answers.groups, groupCells);
  if (byGroup === undefined) return { by: 'classifier', result, ...met };
  if (!fitsGroupAnswer(result, byGroup.answer.leafId)) return { by: 'classifier', result, ...met, contradicted: byGroup };
  return { by: 'group', group: byGroup.group, answer: byGroup.answer, result, ...met };
}

// The group answer of each distinct group path, per answers index: a file's rows repeat a few paths (not normalised once per row).
const groupAnswersSeen = new WeakMap<ReadonlyMap<string, GroupAnswerLeaf>, Map<string, ReturnType<typeof findGroupAnswer<GroupAnswerLeaf>>>>();

function findGroupAnswerOnce(answers: ReadonlyMap<string, GroupAnswerLeaf>, groupCells: readonly string[]): ReturnType<typeof findGroupAnswer<GroupAnswerLeaf>> {
  let seen = groupAnswersSeen.get(answers);
  if (seen === undefined) groupAnswersSeen.set(answers, (seen = new Map()));
  const key = groupCells.join('\u0001');
  if (!seen.has(key)) seen.set(key, findGroupAnswer(answers, groupCells));
  return seen.get(key);
}

/**
 * Whether an unsure reading leaves room for the group's answer: the classifier found no leaf or no product type (`Tefal Classic
 * 24`), or the answer's leaf is its best leaf or one of its alternatives and its doubt is one the review's table knows to name no
 * other leaf. A doubt that names another leaf (`Кабель USB Type-C` under `Смартфоны`: "another leaf fits as well"), or that the
 * table does not know (`Чехол для iPhone 13`: the group's leaf does not explain "чехол"), says the name may be other goods than
 * the group's: the row stays a question, never a silent pick.
 */
export function fitsGroupAnswer(result: Classification, leafId: number): boolean {
  if (result.leafId === undefined || result.productType.trim() === '') return true;
  if (result.leafId !== leafId && !result.alternatives.some((item) => item.leafId === leafId)) return false;
  if (result.doubt === undefined) return true;
  return readClassifierDoubt(result.doubt)?.namesAnotherLeaf === false;
}

/**
 * The type-answer step of `RowAnswers` over answered types (`indexAnsweredTypes`): the answer of the name's type, with the leaves
 * `leavesOf` reads from it.
 */
export function readTypeAnswer<T>(answered: ReadonlyMap<string, T>, knownBrands: KnownBrands, leavesOf: (answer: T) => readonly number[]): NonNullable<RowAnswers<T>['findType']> {
  return (name) => {
    const found = findAnsweredType(answered, name, knownBrands);
    return found === undefined ? undefined : { ...found, leaves: leavesOf(found.answer) };
  };
}

/**
 * The review loop's yardstick "answers by type, then classifier": a name's answered product type decides its leaf (confident,
 * with the evidence `your answer`), else the classifier does, with the row's groups; a row it leaves unsure under a group the
 * seller answered takes that answer where it fits. It decides each row as `lookup: category` does (`decideRowCategory`), with the
 * answers as leaf ids, and returns a classification the tests and `measure-review-loop.ts` read. Production never runs it: it
 * lived in `src/` only for them (issue 35).
 */
import type { Classification, ClassifierIndex, ClassifyOptions } from '../../../src/assistant/classify/classifier-types.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { readLeavesById } from '../../../src/assistant/classify/read-leaves-by-id.js';
import { decideRowCategory, readTypeAnswer, type GroupAnswerLeaf } from '../../../src/assistant/review/decide-row-category.js';

/** Confirmed product type → leaf id, as the mapping's `categories:` holds them (ids resolved), keyed by `indexAnsweredTypes`. */
type AnsweredTypes = ReadonlyMap<string, number>;

/** The row's group cells (`lookup: category`'s `groups:`, top level first) and the answers of a group's text (`indexGroupAnswerLeaves`). */
export interface RowGroups {
  groupPath: readonly string[];
  answers: ReadonlyMap<string, GroupAnswerLeaf>;
}

/**
 * The answer of the name's type when there is one (confident, with that evidence), else the classifier's answer (with the row's
 * groups when it has some); a name the classifier leaves unsure under a group the seller answered takes that answer where it fits,
 * as `lookup: category` reads it.
 */
export function classifyWithAnswers(index: ClassifierIndex, answered: AnsweredTypes, name: string, options?: ClassifyOptions, groups?: RowGroups): Classification {
  const findType = readTypeAnswer(answered, readKnownBrands(index, options), (leafId) => [leafId]);
  const answers = { classifier: index, findType, pickOverAnswer: true, ...(options === undefined ? {} : { options }), ...(groups === undefined ? {} : { groups: groups.answers }) };
  const decision = decideRowCategory(answers, name, groups?.groupPath ?? []);
  if (decision.by === 'type') return decision.pick ?? answerAs(index, decision.answer, decision.type, 'name');
  if (decision.by === 'group') return answerAs(index, decision.answer.leafId, decision.group, 'group');
  return decision.result;
}

/** The seller's answer as a confident classification, with the evidence `your answer`. */
function answerAs(index: ClassifierIndex, leafId: number, phrase: string, source: 'name' | 'group'): Classification {
  const leaf = readLeavesById(index).get(leafId);
  return {
    leafId,
    path: leaf?.path,
    confidence: 1,
    confident: true,
    evidence: [{ phrase, source, matched: 'your answer', via: 'name', leafId, path: leaf?.path ?? '' }],
    alternatives: [],
    productType: source === 'name' ? phrase : '',
  };
}

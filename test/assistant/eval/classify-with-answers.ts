/**
 * The review loop's yardstick "answers by type, then classifier": a name's answered product type decides its leaf (confident,
 * with the evidence `your answer`), else the classifier does. It asks the same three questions `lookup: category` asks
 * (`findAnsweredType`, `saysTwinOfAnswer`, `findPickOverAnswer`), with the answers as leaf ids, and returns a classification the
 * tests and `measure-review-loop.ts` read. Production never runs it: it lived in `src/` only for them (issue 35).
 */
import type { Classification, ClassifierIndex, ClassifyOptions } from '../../../src/assistant/classify/classifier-types.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { readLeavesById } from '../../../src/assistant/classify/read-leaves-by-id.js';
import { findAnsweredType, findPickOverAnswer, saysTwinOfAnswer } from '../../../src/assistant/review/classify-with-answers.js';
import { findGroupAnswer } from '../../../src/assistant/review/find-group-answer.js';

/** Confirmed product type → leaf id, as the mapping's `categories:` holds them (ids resolved), keyed by `indexAnsweredTypes`. */
type AnsweredTypes = ReadonlyMap<string, number>;

/** The row's groups (`lookup: category`'s `groups:`, as one path) and the answers of a group's text (`indexGroupAnswers`, key → leaf id). */
export interface RowGroups {
  groupPath: string;
  answers: ReadonlyMap<string, number>;
}

/**
 * The answer of the name's type when there is one (confident, with that evidence), else the classifier's answer (with the row's
 * groups when it has some); a name the classifier leaves unsure under a group the seller answered takes that answer, as `lookup:
 * category` reads it.
 */
export function classifyWithAnswers(index: ClassifierIndex, answered: AnsweredTypes, name: string, options?: ClassifyOptions, groups?: RowGroups): Classification {
  const found = findAnsweredType(answered, name, readKnownBrands(index, options));
  if (found === undefined || saysTwinOfAnswer(index, found.answer, name, found.type)) return classifyWithGroups(index, name, options, groups);
  const pick = findPickOverAnswer(index, found, name, (leafId) => leafId === found.answer, options, groups?.groupPath);
  if (pick !== undefined) return pick;
  return answerAs(index, found.answer, found.type, 'name');
}

/** The classifier's reading with the row's groups; unsure under an answered group, that answer. */
function classifyWithGroups(index: ClassifierIndex, name: string, options: ClassifyOptions | undefined, groups: RowGroups | undefined): Classification {
  const result = classifyProduct(index, groups === undefined ? { name } : { name, groupPath: groups.groupPath }, options);
  if (result.confident || groups === undefined) return result;
  const byGroup = findGroupAnswer(groups.answers, [groups.groupPath]);
  return byGroup === undefined ? result : answerAs(index, byGroup.answer, byGroup.group, 'group');
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

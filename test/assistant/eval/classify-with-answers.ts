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

/** Confirmed product type → leaf id, as the mapping's `categories:` holds them (ids resolved), keyed by `indexAnsweredTypes`. */
type AnsweredTypes = ReadonlyMap<string, number>;

/** The answer of the name's type when there is one (confident, with that evidence), else the classifier's answer. */
export function classifyWithAnswers(index: ClassifierIndex, answered: AnsweredTypes, name: string, options?: ClassifyOptions): Classification {
  const found = findAnsweredType(answered, name, readKnownBrands(index, options));
  if (found === undefined || saysTwinOfAnswer(index, found.answer, name, found.type)) return classifyProduct(index, { name }, options);
  const pick = findPickOverAnswer(index, found, name, (leafId) => leafId === found.answer, options);
  if (pick !== undefined) return pick;
  const leafId = found.answer;
  const leaf = readLeavesById(index).get(leafId);
  return {
    leafId,
    path: leaf?.path,
    confidence: 1,
    confident: true,
    evidence: [{ phrase: found.type, source: 'name', matched: 'your answer', via: 'name', leafId, path: leaf?.path ?? '' }],
    alternatives: [],
    productType: found.type,
  };
}

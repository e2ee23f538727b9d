/**
 * The one reading of the mapping's `categories:` values as leaves (`resolveLeaf`: an id, a name or a path that names exactly one
 * leaf). `lookup: category`, `mapping review` and the review loop's yardstick read the seller's answers with it, so a key naming a
 * section, several leaves or nothing answers no group in any of them.
 */
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import type { Mapping } from '../../mapping/mapping-schema.js';
import type { GroupAnswerLeaf } from './decide-row-category.js';
import { indexGroupAnswers } from './find-group-answer.js';
import { resolveLeaf } from './read-review-answers.js';

/** The `categories:` entries that name one leaf, key → leaf id: answered types, and the answers of a group's text (`find-group-answer.ts`). */
export function readAnswerLeaves(mapping: Mapping, index: DirectoryIndex): [string, number][] {
  const pairs: [string, number][] = [];
  for (const [key, target] of Object.entries(mapping.categories)) {
    const leafId = resolveLeaf(String(target), index);
    if (typeof leafId === 'number') pairs.push([key, leafId]);
  }
  return pairs;
}

/** The answers of a group's text: each key that names one leaf, by `normalizeName` of the key (`indexGroupAnswers`). */
export function indexGroupAnswerLeaves(mapping: Mapping, index: DirectoryIndex): Map<string, GroupAnswerLeaf> {
  return indexGroupAnswers(readAnswerLeaves(mapping, index).map(([key, leafId]) => [key, { key, leafId }] as const));
}

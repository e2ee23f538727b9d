/**
 * The `lookup: category` step: the leaf a product name names, by the product classifier
 * (`src/assistant/classify/`). A key of the mapping's `categories:` that is the name's product type,
 * or opens it (`findAnsweredType`: the seller's own answer, e.g. a product type confirmed in
 * review), wins; a key found only further inside the name does not; otherwise the name's
 * product type is classified against the directory's leaves, with the row's own groups (the step's
 * `groups:`, top level first) as its group path. A confident leaf gives its path; a name left unsure
 * under a group whose text is a `categories:` key naming one leaf (the seller's answer for the label,
 * e.g. from `mapping init`) takes that leaf where the unsure reading leaves room for it
 * (`decide-row-category.ts`, the order the review decides rows in too); any other name that matches only
 * weakly, or as well as another leaf, gives no value and a `category_uncertain` issue naming the
 * phrase, the groups read, the nearest leaves and why: never a silent pick.
 */
import type { IssueData } from '../../core/issue.js';
import { indexAnsweredTypes } from '../../assistant/review/classify-with-answers.js';
import { decideRowCategory, readTypeAnswer, type GroupAnswerLeaf, type RowAnswers } from '../../assistant/review/decide-row-category.js';
import { indexGroupAnswerLeaves, readAnswerLeaves } from '../../assistant/review/read-answer-leaves.js';
import { getClassifierIndex } from '../../assistant/classify/load-classifier-index.js';
import { readKnownBrands } from '../../assistant/classify/known-brands.js';
import { readLeavesById } from '../../assistant/classify/read-leaves-by-id.js';
import { stemForIndex } from '../../assistant/classify/stem-for-index.js';
import type { Classification, ClassifyOptions } from '../../assistant/classify/classifier-types.js';
import { tokenizeForMatch } from '../../assistant/normalize-for-match.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import type { SourceCell } from '../../sources/types.js';
import type { Mapping } from '../../mapping/mapping-schema.js';
import { normalizeName, normalizePath } from '../../mapping/normalize-name.js';
import { createSectionResolver, resolveFileSections } from '../../mapping/resolve-file-sections.js';
import type { CategoryLookupSetup, CompiledStep } from './transform-rules.js';
import { joinGroupPath, readGroupPath } from './read-group-path.js';

/**
 * Compiles the step once per file: the classifier index (built once per directory), the exclusions resolved, the row's group
 * columns (`setup.groups`, resolved against the header); the answers names meet are noted in `setup.usage`.
 */
export function compileCategoryLookup(mapping: Mapping, index: DirectoryIndex, setup: CategoryLookupSetup = {}): CompiledStep {
  const { usage, groups } = setup;
  const classifier = getClassifierIndex(index.directories, index);
  const { options, problems } = readClassifyExclusions(mapping, index);
  const knownBrands = readKnownBrands(classifier, options);
  const severity = mapping.classify.uncertain;
  // Every key answers a type (the category column resolves its value); the leaf it names, read once per file, lets a pick win over it.
  const answerLeaves = new Map(readAnswerLeaves(mapping, index));
  const keys = indexAnsweredTypes(Object.keys(mapping.categories).map((key) => [key, key] as const));
  const findType = readTypeAnswer(keys, knownBrands, (key) => {
    const leafId = answerLeaves.get(key);
    return leafId === undefined ? [] : [leafId];
  });
  // Each key as the usage keeps it (`normalizeName`), once per file.
  const usageKeys = new Map(Object.keys(mapping.categories).map((key) => [key, normalizeName(key)] as const));
  // The seller's answers for a group's text: only keys naming one leaf, read only with `groups:`.
  const answers: RowAnswers<string> = { classifier, options, findType, pickOverAnswer: true, ...(groups === undefined ? {} : { groups: indexGroupAnswerLeaves(mapping, index) }) };
  const reach = (key: string): void => usage?.reach('categories', usageKeys.get(key) ?? normalizeName(key));
  const positions = groups?.positions ?? [];
  // The group columns no row has filled yet, by position: each is noted in the usage once, at its first text (`groups`, `find-unused-entries.ts`).
  const unreached = new Map((groups?.names ?? []).map((name, at) => [positions[at] ?? -1, normalizeName(name)] as const));
  const noteFilledGroups = (cells: readonly (SourceCell | undefined)[]): void => {
    for (const [position, key] of unreached) {
      if (readGroupPath(cells, [position]).length === 0) continue;
      usage?.reach('groups', key);
      unreached.delete(position);
    }
  };
  return {
    kind: 'lookup',
    label: 'lookup category',
    problems,
    ...(groups !== undefined && groups.missing.length > 0 ? { missingColumns: groups.missing } : {}),
    apply(text, report, cells) {
      const groupPath = cells === undefined || positions.length === 0 ? [] : readGroupPath(cells, positions);
      if (cells !== undefined && unreached.size > 0) noteFilledGroups(cells);
      const decision = decideRowCategory(answers, text, groupPath);
      // The answer reached the name even where a confident pick of the whole name wins over it, or a twin leaf's word the name
      // says keeps it from the name: the entry is in use, never reported unused.
      if (decision.by === 'type') {
        reach(decision.answer);
        return decision.pick?.path ?? decision.answer;
      }
      if (decision.met !== undefined) reach(decision.met);
      if (decision.by === 'group') {
        reach(decision.answer.key);
        return readLeavesById(classifier).get(decision.answer.leafId)?.path ?? decision.answer.key;
      }
      const { result } = decision;
      // A group answer the reading contradicts was read for the row: in use, and named in its issue.
      if (decision.contradicted !== undefined) reach(decision.contradicted.answer.key);
      if (result.confident && result.path !== undefined) return result.path;
      if (result.leafId !== undefined) report?.('category_uncertain', severity, describeDoubt(text, result, groupPath, decision.contradicted), text);
      return undefined;
    },
  };
}

/**
 * The data of `"Кабель для микрофона 3 м": product type "кабель" matches … only weakly (…); nearest: …`;
 * the variant says whether (and by what other than the name) a phrase matched.
 */
function describeDoubt(text: string, result: Classification, groupPath: readonly string[], contradicted?: { group: string; answer: GroupAnswerLeaf }): IssueData {
  const shown = text.length > 80 ? `${text.slice(0, 77)}…` : text;
  const [evidence] = result.evidence;
  // A group answer the reading contradicts is shown beside the nearest leaves: the seller sees why it did not place the row.
  const byGroup = contradicted === undefined ? [] : [`your answer for "${contradicted.group}": ${contradicted.answer.key}`];
  const nearest = [`${result.path ?? ''} (${result.confidence.toFixed(2)})`, ...result.alternatives.slice(0, 4).map((item) => `${item.path} (${item.score.toFixed(2)})`), ...byGroup].join('; ');
  const read = { text: shown, productType: result.productType, doubt: result.doubt ?? 'uncertain', nearest, hint: 'answer_in_categories' };
  // The groups the name was classified with, as the classifier read them: the seller sees why the row stays open under them.
  const data = groupPath.length === 0 ? read : { ...read, groups: joinGroupPath(groupPath) };
  if (evidence === undefined) return data;
  const matched = { ...data, phrase: evidence.phrase, matched: evidence.matched };
  return evidence.via === 'name' ? { ...matched, variant: 'matched' } : { ...matched, variant: 'matched_via', via: evidence.via };
}

/**
 * The mapping's `classify.exclude`, `classify.neutralWords`, `classify.brandWords` and `classify.sections`, as the classifier takes them; an excluded leaf that names nothing
 * is a problem of the setup. The one reader of it: `mapping review` classifies with it too.
 */
export function readClassifyExclusions(mapping: Mapping, index: DirectoryIndex): { options: ClassifyOptions; problems: string[] } {
  const { leaves, words } = mapping.classify.exclude;
  const problems: string[] = [];
  const excludeLeafIds = new Set<number>();
  for (const target of leaves) {
    const found = typeof target === 'number' ? (index.categoryById.has(target) ? [target] : []) : [...new Set([...(index.categoriesByName.get(normalizeName(target)) ?? []), ...(index.categoriesByName.get(normalizePath(target)) ?? [])])].map((category) => category.id);
    if (found.length === 0) problems.push(`classify.exclude.leaves names ${JSON.stringify(target)}, which is no category of the directory`);
    for (const id of found) excludeLeafIds.add(id);
  }
  const excludeWords = new Set(words.flatMap((word) => tokenizeForMatch(word)));
  // The seller's confirmed harmless words, stemmed as the classifier reads a type's words.
  const neutralStems = new Set(mapping.classify.neutralWords.flatMap((word) => tokenizeForMatch(word)).map(stemForIndex));
  const options: ClassifyOptions = {};
  // The seller's brand words (`mapping review --apply` writes those its file showed), normalised as the index keeps brands.
  const brandWords = new Set(mapping.classify.brandWords.map((phrase) => tokenizeForMatch(phrase).join(' ')).filter((phrase) => phrase !== ''));
  if (brandWords.size > 0) options.brandWords = brandWords;
  if (neutralStems.size > 0) options.neutralStems = neutralStems;
  if (excludeLeafIds.size > 0) options.excludeLeafIds = excludeLeafIds;
  if (excludeWords.size > 0) options.excludeWords = excludeWords;
  // A section that names nothing stops the run before it starts (`checkMappingRules`); `mapping review` stops on it here.
  const sections = resolveFileSections(mapping.classify.sections, createSectionResolver(index));
  for (const problem of sections.problems) problems.push(`classify.sections names ${JSON.stringify(problem.target)}, ${problem.message}`);
  if (sections.paths.length > 0) options.sections = { paths: sections.paths };
  return { options, problems };
}

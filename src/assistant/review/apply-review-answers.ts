/**
 * Writes review answers into a YAML mapping (pure text in, text out): each answered product type
 * becomes a `categories:` entry (`шампунь для собак: 110410 # Зоотовары / … / Шампуни для собак`),
 * the key `lookup: category` finds in a name as whole words before it classifies, so one answer
 * covers every product of that type in this file and in later ones. Comments and order of the rest
 * of the mapping are kept; an entry the seller already had for that type is replaced. The words the
 * seller confirmed harmless (sheet `Words`) go to `classify.neutralWords`, the words the file writes as brands
 * (sheet `Brands`, answered yes) to `classify.brandWords`, the file's sections (sheet `Sections`, those left
 * yes) to `classify.sections`, replacing what was there, with a comment saying what they were read from.
 */
import { isMap, isSeq, parseDocument, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { buildCategoryPath } from '../../mapping/directory-index.js';
import { normalizeName } from '../../mapping/normalize-name.js';
import type { ReviewAnswer } from './read-review-answers.js';
import type { SectionsAnswer } from './review-sections-sheet.js';

/** What applying changed. */
export interface AppliedAnswers {
  text: string;
  added: number;
  replaced: number;
  unchanged: number;
  /** Words added to `classify.neutralWords`. */
  neutralAdded: number;
  /** Words added to `classify.brandWords`. */
  brandsAdded: number;
  /** The sections written to `classify.sections` (sheet `Sections`); empty when the workbook has none to write. */
  sections: string[];
}

/** Adds the answers under `categories:`. */
export function applyReviewAnswers(yamlText: string, answers: readonly ReviewAnswer[], index: DirectoryIndex, neutralWords: readonly string[] = [], brandWords: readonly string[] = [], sections?: SectionsAnswer): AppliedAnswers {
  const doc = parseDocument(yamlText);
  let categories = doc.get('categories', true);
  if (!isMap(categories)) {
    categories = new YAMLMap();
    doc.set('categories', categories);
  }
  const map = categories as YAMLMap;
  const result: AppliedAnswers = { text: '', added: 0, replaced: 0, unchanged: 0, neutralAdded: addWords(doc, 'neutralWords', neutralWords), brandsAdded: addWords(doc, 'brandWords', brandWords), sections: setSections(doc, sections) };
  for (const answer of answers) {
    const category = index.categoryById.get(answer.leafId);
    const value = new Scalar(answer.leafId);
    value.comment = ` review answer: ${category === undefined ? '' : buildCategoryPath(category, index.categoryById)}`;
    const existing = map.items.find((pair) => normalizeName(String(pair.key instanceof Scalar ? pair.key.value : pair.key)) === normalizeName(answer.type));
    if (existing === undefined) {
      map.items.push(new Pair(new Scalar(answer.type), value));
      result.added += 1;
    } else if ((existing.value instanceof Scalar ? existing.value.value : existing.value) === answer.leafId) {
      result.unchanged += 1;
    } else {
      existing.value = value;
      result.replaced += 1;
    }
  }
  result.text = doc.toString({ lineWidth: 0 });
  return result;
}

/** Adds the confirmed words to the list `classify.<key>` (a word already there, in any case, is kept once). */
function addWords(doc: ReturnType<typeof parseDocument>, key: 'neutralWords' | 'brandWords', words: readonly string[]): number {
  if (words.length === 0) return 0;
  let list = doc.getIn(['classify', key], true);
  if (!isSeq(list)) {
    list = new YAMLSeq();
    doc.setIn(['classify', key], list);
  }
  const seq = list as YAMLSeq;
  const known = new Set(seq.items.map((item) => normalizeName(String(item instanceof Scalar ? item.value : item))));
  let added = 0;
  for (const word of words) {
    if (known.has(normalizeName(word))) continue;
    known.add(normalizeName(word));
    seq.items.push(new Scalar(word));
    added += 1;
  }
  return added;
}

/**
 * Writes the sections the seller kept to `classify.sections` (replacing the list; a sheet answered `no` throughout removes
 * it), with a comment saying how many rows they were read from. No sheet: the mapping's setting is left as it is.
 */
function setSections(doc: ReturnType<typeof parseDocument>, sections: SectionsAnswer | undefined): string[] {
  if (sections === undefined) return [];
  if (sections.sections.length === 0) {
    if (doc.hasIn(['classify', 'sections'])) doc.deleteIn(['classify', 'sections']);
    return [];
  }
  const list = new YAMLSeq();
  for (const section of sections.sections) list.items.push(new Scalar(section));
  doc.setIn(['classify', 'sections'], list);
  const classify = doc.get('classify', true) as YAMLMap;
  const pair = classify.items.find((item) => String(item.key instanceof Scalar ? item.key.value : item.key) === 'sections');
  if (pair !== undefined) {
    const key = new Scalar('sections');
    key.commentBefore = ` mapping review: ${sections.sureRows} of the ${sections.fileSureRows} rows placed without asking (of ${sections.fileRows} rows) lie in these sections; a pick outside them is asked`;
    pair.key = key;
  }
  return [...sections.sections];
}

/**
 * Where `mapping init`'s draft takes the category from (issue 33, item 5), tried on the same rows of the
 * file: the seller's own labels (a category column, or the deepest group rows) as the label matcher
 * places them, and the product names as the classifier places them (`lookup: category`), read with that
 * grouping beside each name. Over group rows, or names alone, the one that places more rows surely wins;
 * the seller's labels win a tie, and the classifier must place a fifth of the rows (and two) before the
 * draft leans on it at all: a file of bare codes gets no lookup. A category column stays the source
 * (measured: see `CLASSIFIER_MIN_SHARE`'s neighbour below). The note says what each placed.
 */
import type { Category } from '../domain/index.js';
import { normalizeName } from '../mapping/normalize-name.js';
import { classifyProduct } from './classify/classify-product.js';
import { isInFileSections, type FileSections } from './classify/file-sections.js';
import { getClassifierIndex } from './classify/load-classifier-index.js';
import type { DerivationDraft } from './build-mapping-draft-derivations.js';
import type { DirectoryMatchers } from './create-directory-matchers.js';
import type { NameRow } from './load-name-rows.js';
import type { ValueMatch } from './match-value.js';
import { readGroupLevels } from './review/find-group-answer.js';

/** The seller's own grouping of the rows: a category column, or the group rows above the goods. */
export interface SellerGrouping {
  kind: 'column' | 'groups';
  /** The columns the lookup's `groups:` names, top level first (the category column; `_group1`, `_group2`, …). */
  columns: string[];
  /** How the note names it: `column "Категория"`, `group rows, level 2`. */
  title: string;
  /** The level of the group rows the labels are (`proposeGroupCategory`'s deepest), for `groups`. */
  level?: number;
  /** The label matches of its distinct texts, after the file's sections (`askOutsideDraftSections`). */
  matches: readonly ValueMatch<Category>[];
}

/** What the draft takes. */
export type CategorySourceChoice =
  | { source: 'none' }
  | { source: 'labels'; note: string }
  | { source: 'classifier'; derivation: DerivationDraft; note: string };

/*
 * Why a category column is never replaced by the lookup, measured (docs/mapping-assistant.md, "`mapping init`"): on a real
 * list whose column the classifier out-placed (877 vs 381 of 2,000 rows), the lookup was wrong on 15 of 600 labelled rows
 * the column's sure labels had right or left open. The classifier's figure is still written beside the labels'.
 */
/** Share of the rows the classifier must place surely before the draft writes a lookup (the other derivations' share). */
const CLASSIFIER_MIN_SHARE = 0.2;

/** The derived column's name; another when the file has a column of that name. */
const DERIVED_NAMES = ['Категория', 'Категория по названию'] as const;

/**
 * Compares the seller's labels (when the file has them) with the classifier's reading of the names on `rows`.
 * `sections` are the file's sections the draft writes: a classifier pick outside them is asked, so not sure.
 */
export function chooseCategorySource(options: {
  rows: readonly NameRow[];
  nameColumn: string | undefined;
  /** Every header of the file: the derived column's name must be none of them. */
  headers: readonly string[];
  grouping: SellerGrouping | undefined;
  sections: FileSections | undefined;
  matchers: DirectoryMatchers;
}): CategorySourceChoice {
  const { rows, nameColumn, grouping } = options;
  const read = rows.length;
  const labelLeaves = grouping === undefined ? undefined : readSureLabels(rows, grouping);
  const labels = labelLeaves?.filter((leaf) => leaf !== undefined).length;
  if (nameColumn === undefined || read === 0) return grouping === undefined ? { source: 'none' } : { source: 'labels', note: `${grouping.title}: no product names to read` };
  const classifierLeaves = readClassifierSure(rows, grouping, options.sections, options.matchers);
  const classified = classifierLeaves.filter((leaf) => leaf !== undefined).length;
  const percent = (count: number): string => `${count} of ${read} rows (${Math.round((count / read) * 100)} %)`;
  const tried = [
    ...(grouping === undefined || labels === undefined ? [] : [`the labels of ${grouping.title} place ${percent(labels)} surely`]),
    `the classifier, reading the names${grouping === undefined ? '' : grouping.kind === 'column' ? ' alone' : ` with ${grouping.title}`}, ${percent(classified)}`,
  ].join('; ');
  const enough = classified >= 2 && classified >= read * CLASSIFIER_MIN_SHARE;
  if (grouping?.kind === 'column') return { source: 'labels', note: `the category from ${grouping.title} (a category column stays the source): ${tried}` };
  if (grouping !== undefined && labels !== undefined && (labels >= classified || !enough)) {
    const why = labels === classified ? ' (a tie: the seller\'s labels win)' : labels < classified ? ' (the classifier places under a fifth)' : '';
    return { source: 'labels', note: `the category from ${grouping.title}${why}: ${tried}` };
  }
  if (!enough) return { source: 'none' };
  const taken = new Set(options.headers.map((header) => normalizeName(header)));
  const name = DERIVED_NAMES.find((candidate) => !taken.has(normalizeName(candidate))) ?? `${DERIVED_NAMES[0]} (${nameColumn})`;
  const step: Record<string, unknown> = { lookup: 'category' };
  if (grouping !== undefined) step.groups = grouping.columns;
  return {
    source: 'classifier',
    note: `the category from the classifier: ${tried}`,
    derivation: {
      name,
      from: nameColumn,
      steps: [step],
      feeds: { kind: 'field', field: 'category' },
      evidence: `the classifier places ${classified} of ${read} names surely${grouping === undefined ? '' : ` (read with ${grouping.title})`}; \`mapping review\` asks about the rest`,
    },
  };
}

/** Per row, the leaf its label (the category column's text, or the group row of the labels' level) is matched to exactly or confidently. */
function readSureLabels(rows: readonly NameRow[], grouping: SellerGrouping): (number | undefined)[] {
  const sure = new Map(grouping.matches.flatMap((match) => ((match.status === 'exact' || match.status === 'confident') && match.best !== undefined ? [[normalizeName(match.text), match.best.entry.id] as const] : [])));
  return rows.map((row) => {
    const label = grouping.kind === 'column' ? row.label : row.groups?.[(grouping.level ?? 1) - 1];
    return label === undefined ? undefined : sure.get(normalizeName(label));
  });
}

/** Per row, the leaf the classifier places it in confidently, inside the file's sections, as the lookup reads it: the name with the row's grouping. */
function readClassifierSure(rows: readonly NameRow[], grouping: SellerGrouping | undefined, sections: FileSections | undefined, matchers: DirectoryMatchers): (number | undefined)[] {
  const classifier = getClassifierIndex(matchers.index.directories, matchers.index);
  return rows.map((row) => {
    // A category column stays the source whatever the classifier places: its figure is only written beside the labels', so the
    // names are read alone, as the file's sections already read them (~2.5 s of CPU for the 713-label file read with their labels).
    const path = grouping === undefined || grouping.kind === 'column' || row.groups === undefined ? undefined : readGroupLevels(row.groups.filter((text) => text.trim() !== ''));
    // A name alone is read once for the run (`classifyName`), as the file's sections read it.
    const result = path === undefined || path.length === 0 ? matchers.classifyName(row.name) : classifyProduct(classifier, { name: row.name, groupPath: path });
    return result.confident && result.path !== undefined && (sections === undefined || isInFileSections(sections, result.path)) ? result.leafId : undefined;
  });
}

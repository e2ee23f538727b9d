/**
 * Everything `buildMappingDraft` needs, from the file's header and distinct values (pure): column
 * matches, and the matches of the distinct category, brand and attribute values.
 */
import type { Attribute, Category } from '../domain/index.js';
import { parseDecimal, type DecimalFormat } from '../stages/parse-decimal.js';
import { normalizeName } from '../mapping/normalize-name.js';
import type { CategoryContext } from './match-category.js';
import type { SourceInfo } from '../sources/types.js';
import type { AttributeDraft, MappingDraftInput } from './build-mapping-draft.js';
import type { DirectoryMatchers } from './create-directory-matchers.js';
import { askOutsideDraftSections } from './draft-file-sections.js';
import { proposeGroupCategory, proposeNameDerivations, type GroupCategoryDraft } from './build-mapping-draft-derivations.js';
import { chooseCategorySource, type SellerGrouping } from './choose-category-source.js';
import type { NameRow } from './load-name-rows.js';
import { matchColumns, type ColumnMatch } from './match-columns.js';
import { matchBrand, matchValue, type MatchThresholds, type ValueMatch } from './match-value.js';

/** The file as `loadColumnValues` read it. */
export interface FileProfile {
  info: SourceInfo;
  values: ReadonlyMap<number, readonly string[]>;
  truncated: ReadonlySet<number>;
  /** Data rows read. */
  rows?: number;
  /** Non-empty cells per column position. */
  filled?: ReadonlyMap<number, number>;
  /** Per category text (as `normalizeName` keys it): what the rows in it say, to rank its candidates. */
  categoryContext?: ReadonlyMap<string, CategoryRows>;
  /** Distinct group-row texts per level (1 = outermost), when the file has group rows. */
  groups?: ReadonlyMap<number, readonly string[]>;
  /** The first rows' product names with their grouping (`loadNameRows`); without them, the distinct names alone. */
  nameRows?: readonly NameRow[];
}

/** What the rows of one seller category say. */
export interface CategoryRows {
  /** Product names of some of its rows. */
  productNames: string[];
}

/** Options of `buildMappingDraftInput`. */
export interface BuildMappingDraftInputOptions {
  /** The seller file as the user named it. */
  file: string;
  profile: FileProfile;
  matchers: DirectoryMatchers;
  generatedAt: string;
  thresholds?: MatchThresholds;
  /** The column matches of this profile, when the caller made them already (`mapping init` reads them to know what else to read); else made here. */
  columns?: readonly ColumnMatch[];
}

const SEPARATORS = [';', ',', '/', '|'] as const;

/** Matches the columns and the distinct values of the file. */
export function buildMappingDraftInput(options: BuildMappingDraftInputOptions): MappingDraftInput {
  const { profile, matchers, thresholds } = options;
  const valuesOf = (index: number): readonly string[] => (profile.truncated.has(index) ? [] : (profile.values.get(index) ?? []));
  // A copy: a column feeding an attribute an earlier column feeds is rewritten below.
  const columns = [
    ...(options.columns ??
      matchColumns(profile.info.header, {
        matchers,
        valuesOf,
        ...(profile.rows === undefined ? {} : { rows: profile.rows }),
        ...(profile.filled === undefined ? {} : { filledOf: (index: number) => profile.filled?.get(index) ?? 0 }),
      })),
  ];
  const fieldColumn = (field: string): ColumnMatch | undefined => columns.find((match) => match.target.kind === 'field' && match.target.field === field);

  const category = fieldColumn('category');
  const brand = fieldColumn('brand');
  const attributes: AttributeDraft[] = [];
  const seen = new Set<string>();
  columns.forEach((match, i) => {
    const attribute = match.target.kind === 'attribute' ? match.target.attribute : match.alsoAttribute;
    if (attribute === undefined) return;
    if (seen.has(attribute.code)) {
      // The attribute is fed by an earlier column: this one is not imported, and the summary must not say it is.
      if (match.target.kind === 'attribute') columns[i] = { ...match, target: { kind: 'none' }, status: 'todo', score: 0, candidates: [{ label: `attribute ${attribute.code} (fed by an earlier column)`, score: match.score }] };
      return;
    }
    seen.add(attribute.code);
    attributes.push(buildAttributeDraft(attribute, match, valuesOf(match.column.index), matchers, thresholds));
  });

  const name = fieldColumn('name.rus');
  const names = name === undefined ? [] : (profile.values.get(name.column.index) ?? []);
  // Names are read even past the distinct-value limit: the first ones are evidence enough.
  const derivations =
    name === undefined
      ? []
      : proposeNameDerivations(name.column.name, names, matchers.index, {
          brandFromColumn: brand !== undefined,
          fedAttributes: new Set(attributes.map((draft) => draft.attribute.code)),
        });
  // The seller's own grouping: a category column, else the deepest group rows. Its labels are matched whichever source wins.
  const group = category === undefined ? proposeGroupCategory(profile.groups) : undefined;
  const sellerTexts = category !== undefined ? valuesOf(category.column.index) : (group?.texts ?? []);
  // The file's own sections, from the sure picks of its names and category texts: a sure match outside them is a TODO.
  const sectioned = sellerTexts.length === 0 && names.length === 0 ? { matches: [] } : askOutsideDraftSections(sellerTexts.length === 0 ? [] : matchCategories(sellerTexts, matchers, profile.categoryContext), names, matchers);
  const grouping = describeSellerGrouping(category, group, profile.groups, sectioned.matches);
  const choice = chooseCategorySource({
    rows: profile.nameRows ?? names.map((text) => ({ name: text })),
    nameColumn: name?.column.name,
    headers: profile.info.header.map((column) => column.name),
    grouping,
    sections: sectioned.sections === undefined ? undefined : { paths: sectioned.sections.sections.map((section) => section.path) },
    matchers,
  });
  if (choice.source === 'classifier') derivations.unshift(choice.derivation);
  // Under the lookup, only the labels matched surely stay: the lookup falls back on them for a row the classifier leaves unsure.
  const categories = choice.source === 'classifier' ? sectioned.matches.filter((match) => match.status !== 'todo') : sectioned.matches;
  const input: MappingDraftInput = {
    file: options.file,
    generatedAt: options.generatedAt,
    columns,
    categories,
    brands: brand === undefined ? [] : valuesOf(brand.column.index).map((text) => matchBrand(text, matchers.brands(), matchers.brandSounds())),
    attributes,
    index: matchers.index,
  };
  if (group !== undefined && choice.source === 'labels') input.groupCategory = { column: group.column, level: group.level };
  if (choice.source !== 'none') input.categorySource = choice.note;
  if (derivations.length > 0) input.derivations = derivations;
  // Sections read from the names alone guide a category the draft reads; without one they are left out.
  if (sectioned.sections !== undefined && choice.source !== 'none') input.sections = sectioned.sections;
  if (profile.info.sheet !== undefined) input.sheet = profile.info.sheet;
  if (profile.info.headerRow !== 1) input.headerRow = profile.info.headerRow;
  return input;
}

/** The seller's grouping the labels and the lookup read: the category column, or every level of the group rows (the labels: the deepest). */
function describeSellerGrouping(
  category: ColumnMatch | undefined,
  group: GroupCategoryDraft | undefined,
  groups: ReadonlyMap<number, readonly string[]> | undefined,
  matches: readonly ValueMatch<Category>[],
): SellerGrouping | undefined {
  if (category !== undefined) return { kind: 'column', columns: [category.column.name], title: `column "${category.column.name}"`, matches };
  if (group === undefined) return undefined;
  const levels = [...(groups?.keys() ?? [])].filter((level) => level <= group.level).sort((x, y) => x - y);
  return { kind: 'groups', columns: levels.map((level) => `_group${level}`), title: `group rows, level ${group.level}`, level: group.level, matches };
}

/**
 * Matches the category texts twice: the first pass gives the leaves matched confidently, the second
 * ranks the candidates of every TODO by them too (a seller of women's dresses and skirts is likelier
 * to mean the women's `Футболки`); that order never makes a match confident.
 */
function matchCategories(texts: readonly string[], matchers: DirectoryMatchers, context: ReadonlyMap<string, CategoryRows> | undefined): ValueMatch<Category>[] {
  const matcher = matchers.categoryMatcher();
  const rowsOf = (text: string): CategoryContext => ({ productNames: context?.get(normalizeName(text))?.productNames ?? [] });
  const first = texts.map((text) => matcher.match(text, rowsOf(text)));
  const siblingIds = first.flatMap((match) => (match.status !== 'todo' && match.best !== undefined ? [match.best.entry.id] : []));
  if (siblingIds.length === 0) return first;
  return first.map((match, i) => (match.status === 'todo' ? matcher.match(texts[i] ?? match.text, { ...rowsOf(match.text), siblingIds }) : match));
}

function buildAttributeDraft(
  attribute: Attribute,
  match: ColumnMatch,
  texts: readonly string[],
  matchers: DirectoryMatchers,
  thresholds: MatchThresholds | undefined,
): AttributeDraft {
  const draft: AttributeDraft = { attribute, column: match.column, values: [] };
  const matcher = matchers.values(attribute.code);
  if (attribute.type !== 'dictionary' || matcher === undefined) {
    // Free text and numbers are sent as written: their column is checked, never mapped value by value.
    draft.check = checkFreeColumn(attribute, texts);
    return draft;
  }
  const separator = attribute.isMultiple ? pickSeparator(texts) : undefined;
  if (separator !== undefined) draft.separator = separator;
  const pieces: string[] = [];
  const seen = new Set<string>();
  for (const text of texts) {
    for (const piece of separator === undefined ? [text] : text.split(separator)) {
      const trimmed = piece.trim();
      const key = trimmed.toLowerCase();
      if (trimmed === '' || seen.has(key)) continue;
      seen.add(key);
      pieces.push(trimmed);
    }
  }
  draft.values = pieces.map((piece) => matchValue(piece, matcher, thresholds));
  return draft;
}

const FREE_NUMBER_FORMAT: DecimalFormat = { decimal: 'auto', thousands: [' ', '\u00a0', '\u202f'] };
const SHOWN_BAD_VALUES = 3;

/** What the distinct values of a text, number or yes/no column say: how many do not fit, and the longest text. */
function checkFreeColumn(attribute: Attribute, texts: readonly string[]): string {
  if (texts.length === 0) return `${attribute.type === 'number' ? 'a number' : 'free text'}, sent as written`;
  if (attribute.type === 'number') {
    // A unit after the number (`12 мес`, `2000 Вт`) is the seller's habit, not a value: it is checked as the import will.
    const bad = texts.filter((text) => parseDecimal(text.replace(/\s*[\p{L}.]+\.?$/u, ''), FREE_NUMBER_FORMAT) === null);
    if (bad.length === 0) return `a number: all ${texts.length} distinct values are numbers`;
    return `a number: ${bad.length} of ${texts.length} distinct values are not (${bad.slice(0, SHOWN_BAD_VALUES).map((text) => JSON.stringify(text)).join(', ')}${bad.length > SHOWN_BAD_VALUES ? ', …' : ''}); those rows will be refused`;
  }
  const longest = texts.reduce((max, text) => Math.max(max, Array.from(text).length), 0);
  const multiline = texts.filter((text) => /[\r\n]/.test(text)).length;
  return `free text, sent as written: ${texts.length} distinct values, the longest ${longest} characters${multiline > 0 ? `, ${multiline} with line breaks` : ''}`;
}

/** The separator most values of a multi-value column use, when at least a fifth of them use one. */
function pickSeparator(texts: readonly string[]): string | undefined {
  let best: { separator: string; count: number } | undefined;
  for (const separator of SEPARATORS) {
    const count = texts.filter((text) => text.includes(separator)).length;
    if (count > 0 && (best === undefined || count > best.count)) best = { separator, count };
  }
  return best !== undefined && best.count >= Math.max(1, texts.length / 5) ? best.separator : undefined;
}

/**
 * The draft mapping `mapping init` writes, as YAML text with comments (pure). Every match carries
 * its score as a comment; everything the assistant could not decide is a TODO:
 *
 * - an unmatched category, brand or attribute value gets the value `TODO` and a comment listing
 *   the three best candidates; `TODO` is no directory entry, so `checkMappingRules` rejects it
 *   (`unknown_category`, `unknown_brand`, `unknown_attribute_value`);
 * - a default the file has no column for (`shopId`, `vat`, `isLocalMade`) gets `TODO`, which the
 *   schema rejects (a number or a boolean is expected);
 * - a required field without a column is left out with a `# TODO:` comment; the schema rejects
 *   the draft until it is given;
 * - a required attribute of a matched category that no column feeds gets `TODO` under
 *   `categoryDefaults.<seller category>.attributes`, with its allowed values in the comment; the
 *   schema rejects a `TODO` there.
 *
 * So a draft with an unresolved TODO can never be used to send anything.
 */
import { Document, isMap, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import type { Attribute, AttributeValue, Brand, Category } from '../domain/index.js';
import type { DirectoryIndex } from '../mapping/directory-index.js';
import { buildCategoryPath } from '../mapping/directory-index.js';
import type { SourceColumn } from '../sources/types.js';
import { describeImportField, type ColumnMatch, type ImportField } from './match-columns.js';
import type { DerivationDraft } from './build-mapping-draft-derivations.js';
import type { ValueMatch } from './match-value.js';
import type { DraftSections } from './draft-file-sections.js';

/** The placeholder of every undecided value. */
export const TODO_PLACEHOLDER = 'TODO';

/** The values of one attribute column and their matches. */
export interface AttributeDraft {
  attribute: Attribute;
  column: SourceColumn;
  /** Separator of several values in one cell, for attributes that allow several. */
  separator?: string;
  /** Matches of the distinct values (dictionary attributes; empty for free ones). */
  values: ValueMatch<AttributeValue>[];
  /** For text and number attributes: what their column's values say (type, length), instead of value matches. */
  check?: string;
}

/** Everything the draft is built from. */
export interface MappingDraftInput {
  /** The seller file as the user named it. */
  file: string;
  /** The sheet read, for workbooks. */
  sheet?: string;
  /** Row number of the header, when it is not the first row. */
  headerRow?: number;
  /** When the draft was made (ISO), for the header comment. */
  generatedAt: string;
  columns: ColumnMatch[];
  /** Matches of the distinct category texts. */
  categories: ValueMatch<Category>[];
  /** Matches of the distinct brand texts. */
  brands: ValueMatch<Brand>[];
  attributes: AttributeDraft[];
  index: DirectoryIndex;
  /** The category from group rows, when no column gives it. */
  groupCategory?: { column: string; level: number };
  /** Which of the seller's labels (category column, group rows) and the classifier's reading of the names the category comes from, and what each placed (`choose-category-source.ts`). */
  categorySource?: string;
  /** Derived columns proposed from the product names (the category by the classifier, brand, volume, weight). */
  derivations?: DerivationDraft[];
  /** The file's own sections, read from the sure picks of its names, or of its category texts (`draft-file-sections.ts`): written to `classify.sections`. */
  sections?: DraftSections;
  /** False when the service profile makes the barcode optional (`service.requiredFields` without it): a file without one is no TODO. */
  barcodeRequired?: boolean;
}

/** Counts for the summary line. */
export interface MappingDraftSummary {
  columnsMatched: number;
  columnsUnmatched: number;
  exact: number;
  confident: number;
  todo: number;
  /** Fields, defaults and required attributes left for the user. */
  openFields: number;
  /** What the draft takes from group rows and from text (`category ← _group2 (group rows, level 2)`), exactly as the YAML holds it. */
  derived: string[];
}

/** The draft text and its counts. */
export interface MappingDraft {
  text: string;
  summary: MappingDraftSummary;
}

// Fields the mapping needs from a column, and those a default can replace.
const REQUIRED_COLUMNS: readonly ImportField[] = ['productKey', 'price', 'barcode', 'name.rus'];
const COLUMN_ORDER: readonly ImportField[] = [
  'productKey',
  'skuKey',
  'shopId',
  'category',
  'brand',
  'isLocalMade',
  'name.rus',
  'name.kaz',
  'description.rus',
  'description.kaz',
  'vat',
  'price',
  'barcode',
  'photos',
  'productId',
  'skuId',
];

/** Builds the draft YAML. */
export function buildMappingDraft(input: MappingDraftInput): MappingDraft {
  const summary: MappingDraftSummary = { columnsMatched: 0, columnsUnmatched: 0, exact: 0, confident: 0, todo: 0, openFields: 0, derived: [] };
  const derivations = input.derivations ?? [];
  // The keys are set in the order a reader goes through them: what to read, the columns, what every row gets, the values, the attributes.
  const doc = startDraftDocument(input);
  const fields = groupFieldMatches(input.columns, summary);
  const columns = buildColumnsSection(doc, input, fields, derivations, summary);
  doc.set('columns', columns);
  writeDefaults(doc, columns, fields, derivations, summary);
  writeValueSections(doc, input, summary);
  const fed = writeAttributes(doc, input, derivations, summary);
  writeDerivations(doc, derivations);
  writeCategoryDefaults(doc, buildCategoryDefaults(input, fed, summary));
  return { text: doc.toString({ lineWidth: 0 }), summary };
}

/** The header comment, `version` and the `input` section (sheet, header row). */
function startDraftDocument(input: MappingDraftInput): Document {
  const doc = new Document({});
  doc.commentBefore = [
    ` Draft mapping for ${input.file}, made by \`catalog-import mapping init\` on ${input.generatedAt}.`,
    ' Each match carries its score as a comment (exact = the directory name itself; 0.86–0.99 = a close match: check it).',
    ` Resolve every TODO before use: replace ${TODO_PLACEHOLDER} by one of the listed candidates (the id or code in`,
    ' brackets), or delete the line to leave that value unmapped. A draft with a TODO left is rejected by',
    ' `validate` and `import` and can send nothing. See docs/mapping-assistant.md.',
  ].join('\n');
  doc.set('version', 1);
  const input_ = new YAMLMap();
  if (input.sheet !== undefined) input_.set('sheet', input.sheet);
  if (input.headerRow !== undefined && input.headerRow !== 1) input_.set('headerRow', input.headerRow);
  if (input_.items.length > 0) doc.set('input', input_);
  return doc;
}

/** The column matches per import field, counting matched and unmatched columns. */
function groupFieldMatches(matches: readonly ColumnMatch[], summary: MappingDraftSummary): Map<ImportField, ColumnMatch[]> {
  const fields = new Map<ImportField, ColumnMatch[]>();
  for (const match of matches) {
    if (match.target.kind === 'field') fields.set(match.target.field, [...(fields.get(match.target.field) ?? []), match]);
    if (match.target.kind === 'none') summary.columnsUnmatched += 1;
    else summary.columnsMatched += 1;
  }
  return fields;
}

/**
 * `columns`: each field's column with how it was matched, the group-row category and the derived
 * columns, and a comment listing the required columns missing and the columns not imported. A
 * category taken from group rows counts as a field the file feeds (`fields` gains it).
 */
function buildColumnsSection(doc: Document, input: MappingDraftInput, fields: Map<ImportField, ColumnMatch[]>, derivations: readonly DerivationDraft[], summary: MappingDraftSummary): YAMLMap {
  const columns = new YAMLMap();
  const columnTodos: string[] = [];
  for (const field of COLUMN_ORDER) {
    const matches = fields.get(field) ?? [];
    const first = matches[0];
    if (first === undefined) {
      if (field === 'barcode' && input.barcodeRequired === false) {
        columnTodos.push(' no barcode column: the service profile makes the barcode optional, so SKUs are sent without one.');
      } else if (REQUIRED_COLUMNS.includes(field)) {
        columnTodos.push(` TODO: no column looks like the ${describeImportField(field)}; add "${buildColumnKey(field)}".`);
        summary.openFields += 1;
      }
      continue;
    }
    // A category column the draft reads says what the other source placed (`choose-category-source.ts`).
    const source = field === 'category' && input.categorySource !== undefined ? `; ${input.categorySource}` : '';
    const value = field === 'photos' && matches.length > 1 ? doc.createNode(matches.map((match) => match.column.name)) : createScalar(first.column.name, `${describeColumnMatch(first)}${source}`);
    setPath(columns, field, value);
  }
  if (input.groupCategory !== undefined) {
    const { column, level } = input.groupCategory;
    setPath(columns, 'category', createScalar(column, ` the group rows above the goods, level ${level} (the deepest)${input.categorySource === undefined ? '' : `; ${input.categorySource}`}`));
    fields.set('category', []);
    summary.derived.push(`category ← ${column} (group rows, level ${level})`);
  }
  for (const derivation of derivations) {
    if (derivation.feeds.kind !== 'field') continue;
    const source = derivation.feeds.field === 'category' && input.categorySource !== undefined ? `; ${input.categorySource}` : '';
    setPath(columns, derivation.feeds.field, createScalar(derivation.name, ` derived: ${derivation.evidence}${source}`));
    const next = derivation.steps.some((step) => step.lookup === 'category') ? '; next: `mapping review` asks about the rows it leaves unsure' : '';
    // A row the lookup leaves unsure is asked in `mapping review`, never given one category for every row.
    if (derivation.feeds.field === 'category') fields.set('category', []);
    summary.derived.push(`${derivation.feeds.field} ← ${derivation.name} (${describeSteps(derivation)} in ${derivation.from}${next})`);
  }
  for (const match of input.columns.filter((candidate) => candidate.target.kind === 'none')) {
    const nearest = match.candidates.length > 0 ? ` (nearest: ${match.candidates.map((c) => `${c.label} ${formatScore(c.score)}`).join(', ')})` : '';
    const why = match.reason === undefined ? '' : `: ${match.reason}`;
    columnTodos.push(` column ${match.column.letter} "${match.column.name}" is not imported${why}${nearest}.`);
  }
  if (columnTodos.length > 0) columns.comment = columnTodos.join('\n');
  return columns;
}

/** `defaults` for what no column gives every row, `validation` when no column describes the goods, and the photo TODO. */
function writeDefaults(doc: Document, columns: YAMLMap, fields: ReadonlyMap<ImportField, ColumnMatch[]>, derivations: readonly DerivationDraft[], summary: MappingDraftSummary): void {
  const defaults = new YAMLMap();
  const addDefault = (key: string, comment: string): void => {
    defaults.set(key, createScalar(TODO_PLACEHOLDER, ` TODO: ${comment}`));
    summary.openFields += 1;
  };
  if (!fields.has('shopId')) addDefault('shopId', 'your shop id (a number), used for every row');
  if (!fields.has('vat')) addDefault('vat', 'VAT rate in percent for every row: 0, 12 or 16');
  if (!fields.has('isLocalMade')) addDefault('isLocalMade', 'true if the goods are made in Kazakhstan, else false');
  if (!fields.has('category')) addDefault('category', 'the category of every row: a leaf category id (see `directories pull --export`)');
  if (!fields.has('brand')) {
    addDefault(
      'brand',
      derivations.some((derivation) => derivation.feeds.kind === 'field' && derivation.feeds.field === 'brand')
        ? 'the brand of rows whose name names none: a brand id or its exact name (e.g. Без бренда)'
        : 'the brand of every row: a brand id or its exact name',
    );
  }
  if (defaults.items.length > 0) doc.set('defaults', defaults);
  if (!fields.has('description.rus')) {
    doc.set('validation', doc.createNode({ requireDescription: true }));
    const validation = doc.get('validation', true);
    if (isMap(validation)) {
      validation.commentBefore = ' TODO: no description column: add "columns.description.rus: <header>", or set requireDescription: false.';
      summary.openFields += 1;
    }
  }
  if (!fields.has('photos')) {
    columns.comment = `${columns.comment ?? ''}\n TODO: no photo column: add "photos: <header>" (or validation.photos.min: 0).`.replace(/^\n/, '');
    summary.openFields += 1;
  }
}

/** `categories` and `brands`: one entry per distinct seller text. */
function writeValueSections(doc: Document, input: MappingDraftInput, summary: MappingDraftSummary): void {
  if (input.categories.length > 0) {
    const categories = new YAMLMap();
    for (const match of input.categories) {
      addValueEntry(categories, match, (category) => category.id, (category) => buildCategoryPath(category, input.index.categoryById), summary);
    }
    doc.set('categories', categories);
  }
  if (input.sections !== undefined) {
    const key = new Scalar('sections');
    const { sections, sureRows, rows, unit } = input.sections;
    key.commentBefore = ` mapping init: ${sections.reduce((total, section) => total + section.sureRows, 0)} of the ${sureRows} ${unit === 'names' ? 'product names' : 'category texts'} placed without asking (of ${rows} read) lie in these sections; a pick outside them is asked`;
    doc.set('classify', new YAMLMap());
    (doc.get('classify', true) as YAMLMap).items.push(new Pair(key, doc.createNode(input.sections.sections.map((section) => section.path))));
  }
  if (input.brands.length > 0) {
    const brands = new YAMLMap();
    for (const match of input.brands) addValueEntry(brands, match, (brand) => brand.id, (brand) => brand.name, summary);
    doc.set('brands', brands);
  }
}

/** `attributes`: the matched columns with their values, then the attributes only derived columns feed. Returns the codes fed. */
function writeAttributes(doc: Document, input: MappingDraftInput, derivations: readonly DerivationDraft[], summary: MappingDraftSummary): Set<string> {
  const attributes = new YAMLSeq();
  const fed = new Set<string>();
  for (const draft of input.attributes) {
    fed.add(draft.attribute.code);
    const entry = new YAMLMap();
    entry.set('code', createScalar(draft.attribute.code, ` ${draft.attribute.name.rus}${draft.attribute.isSkuDefining ? ', per SKU' : ''}`));
    const columnReason = input.columns.find((match) => match.column.index === draft.column.index)?.reason;
    const columnNote = [columnReason, draft.check].filter((note) => note !== undefined).join('; ');
    entry.set('column', columnNote === '' ? draft.column.name : createScalar(draft.column.name, ` ${columnNote}`));
    if (draft.separator !== undefined) entry.set('separator', draft.separator);
    if (draft.values.length > 0) {
      const values = new YAMLMap();
      for (const match of draft.values) addValueEntry(values, match, (value) => value.code, (value) => value.name.rus || value.code, summary);
      entry.set('values', values);
    }
    attributes.items.push(entry);
  }
  for (const derivation of derivations) {
    if (derivation.feeds.kind !== 'attribute' || fed.has(derivation.feeds.code)) continue;
    const attribute = input.index.attributeByCode.get(derivation.feeds.code);
    fed.add(derivation.feeds.code);
    const entry = new YAMLMap();
    entry.set('code', createScalar(derivation.feeds.code, ` ${attribute?.name.rus ?? derivation.feeds.code}; left out of rows whose category lacks it`));
    entry.set('column', derivation.name);
    attributes.items.push(entry);
    summary.derived.push(`attribute ${derivation.feeds.code} ← ${derivation.name} (${describeSteps(derivation)} in ${derivation.from})`);
  }
  if (attributes.items.length > 0) doc.set('attributes', attributes);
  return fed;
}

/** `derive`: the derived columns' steps, each with the evidence that proposed it. */
function writeDerivations(doc: Document, derivations: readonly DerivationDraft[]): void {
  if (derivations.length === 0) return;
  const derive = new YAMLSeq();
  for (const derivation of derivations) {
    const entry = doc.createNode({ name: derivation.name, from: derivation.from, steps: derivation.steps, onFail: 'skip' }) as YAMLMap;
    entry.commentBefore = ` ${derivation.evidence}; a name without it gives no value (onFail: skip)`;
    derive.items.push(entry);
  }
  doc.set('derive', derive);
  const node = doc.get('derive', true);
  if (isMap(node) || node instanceof YAMLSeq) node.commentBefore = ' Values found inside other columns (docs/mapping.md, "Derived values"): check them on a few rows with `validate`.';
}

/** `categoryDefaults`, when a mapped category has required attributes no column feeds. */
function writeCategoryDefaults(doc: Document, categoryDefaults: YAMLMap): void {
  if (categoryDefaults.items.length === 0) return;
  doc.set('categoryDefaults', categoryDefaults);
  const node = doc.get('categoryDefaults', true);
  if (isMap(node)) {
    node.commentBefore = [
      ' Required attributes of the mapped categories that no column feeds: give each the value every row of',
      ' that category gets (a value code or name from the list, or your own text where the attribute is free).',
    ].join('\n');
  }
}

/** `lookup brand`, `regex + unit мл`, `lookup category with groups _group1, _group2`: the steps of a derivation in a few words. */
function describeSteps(derivation: DerivationDraft): string {
  const describe = ([kind, value]: [string, unknown]): string => (kind === 'regex' ? 'regex' : kind === 'groups' && Array.isArray(value) ? `with groups ${value.join(', ')}` : `${kind} ${String(value)}`);
  return derivation.steps.map((step) => Object.entries(step).map(describe).join(' ')).join(' + ');
}

/** How the user writes a field under `columns`: `price: <header>`, `name: {rus: <header>}`. */
function buildColumnKey(field: ImportField): string {
  const [head, tail] = field.split('.');
  return tail === undefined ? `${head}: <header>` : `${head}: {${tail}: <header>}`;
}

function addValueEntry<T>(
  map: YAMLMap,
  match: ValueMatch<T>,
  targetOf: (entry: T) => number | string,
  nameOf: (entry: T) => string,
  summary: MappingDraftSummary,
): void {
  if (match.best !== undefined && match.status !== 'todo') {
    summary[match.status] += 1;
    const how = match.status === 'exact' ? 'exact' : `score ${formatScore(match.best.score)}`;
    map.items.push(new Pair(new Scalar(match.text), createScalar(targetOf(match.best.entry), ` ${how}: ${nameOf(match.best.entry)}`)));
    return;
  }
  summary.todo += 1;
  const choices = match.candidates.map((candidate, i) => `${i + 1}) ${candidate.label} (${formatScore(candidate.score)})`);
  const comment = choices.length > 0 ? ` TODO: choose one of: ${choices.join(' ')}` : ' TODO: no similar directory entry; find it with `directories pull --export`, or delete this line';
  const why = match.doubt === undefined ? '' : ` (not sure: ${match.doubt})`;
  map.items.push(new Pair(new Scalar(match.text), createScalar(TODO_PLACEHOLDER, `${comment}${why}`)));
}

/** How many allowed values a TODO comment lists before pointing to the directory export. */
const LISTED_VALUES = 12;

/**
 * `categoryDefaults`: per seller category matched to a leaf, a `TODO` for each required attribute
 * of that leaf that no column feeds, with what it accepts (the allowed values, or free text / a
 * number). The schema rejects a `TODO` left there.
 */
function buildCategoryDefaults(input: MappingDraftInput, fed: ReadonlySet<string>, summary: MappingDraftSummary): YAMLMap {
  const result = new YAMLMap();
  for (const match of input.categories) {
    if (match.best === undefined || match.status === 'todo') continue;
    const category = match.best.entry;
    const required = (input.index.attributesByCategory.get(category.id) ?? []).filter((link) => link.isRequired && !fed.has(link.attribute.code));
    if (required.length === 0) continue;
    const attributes = new YAMLMap();
    for (const link of required) {
      attributes.items.push(new Pair(new Scalar(link.attribute.code), createScalar(TODO_PLACEHOLDER, ` TODO: ${describeAllowedValues(link.attribute, input.index)}`)));
      summary.openFields += 1;
    }
    const entry = new YAMLMap();
    entry.set('attributes', attributes);
    const key = new Scalar(match.text);
    key.commentBefore = ` ${buildCategoryPath(category, input.index.categoryById)} [${category.id}]`;
    result.items.push(new Pair(key, entry));
  }
  return result;
}

/** `Гарантия, мес. (warranty_months), required: a number`; `Пол (gender), required, one of: Женский (gender_women), …`. */
function describeAllowedValues(attribute: Attribute, index: DirectoryIndex): string {
  const head = `${attribute.name.rus} (${attribute.code}), required`;
  if (attribute.type === 'number') return `${head}: a number`;
  if (attribute.type === 'text') return `${head}: free text`;
  if (attribute.type === 'boolean') return `${head}: yes or no`;
  const values = index.valuesByAttribute.get(attribute.code)?.all ?? [];
  const listed = values.slice(0, LISTED_VALUES).map((value) => `${value.name.rus || value.code} (${value.code})`);
  const more = values.length > LISTED_VALUES ? `, … ${values.length - LISTED_VALUES} more: see \`directories pull --export\`` : '';
  return `${head}, ${attribute.isMultiple ? 'one or several' : 'one'} of: ${listed.join(', ')}${more}`;
}

function describeColumnMatch(match: ColumnMatch): string {
  const how = match.status === 'exact' ? 'exact' : `score ${formatScore(match.score)}`;
  return match.reason === undefined ? how : `${how}; ${match.reason}`;
}

function createScalar(value: unknown, comment?: string): Scalar {
  const scalar = new Scalar(value);
  if (comment !== undefined) scalar.comment = comment.startsWith(' ') ? comment : ` ${comment}`;
  return scalar;
}

function setPath(map: YAMLMap, field: ImportField, value: unknown): void {
  const [head, tail] = field.split('.') as [string, string | undefined];
  if (tail === undefined) {
    map.set(head, value);
    return;
  }
  const existing: unknown = map.get(head, true);
  let inner: YAMLMap;
  if (isMap(existing)) {
    inner = existing as YAMLMap;
  } else {
    inner = new YAMLMap();
    map.set(head, inner);
  }
  inner.set(tail, value);
}

function formatScore(score: number): string {
  return score.toFixed(2);
}

/**
 * `doctor --write-profile`: a settings profile inferred from what the directories answered, by
 * data, not by names (issue 37 deliver 8). From the first page of each directory, raw: the list of
 * records (the largest array of objects); a tree's children (the array field whose elements have
 * the record's own keys); ids (the integer field unique over the records); the parent link (the
 * integer field whose values are ids of the same list); the leaf flag (the true/false field that
 * is true exactly on the records no other names as parent, or true on all of a list of leaves);
 * names (the field holding the directory's words in Cyrillic), the path (Cyrillic with ` / `);
 * codes (the identifier-like text field unique over the records); value → attribute links (the
 * field whose every value is an attribute id or code); attribute → category links (a list of
 * category ids, or of objects holding one, with a true/false field beside it as the requirement);
 * the page size a service caps at. Each inference carries the reason written beside it.
 */
import type { DirectoryName } from '../domain/index.js';
import { isPlainRecord } from '../core/is-plain-record.js';

/** The first page of one directory as the service answered it. */
export interface RawDirectoryAnswer {
  name: DirectoryName;
  body: unknown;
  /** Page size asked for. */
  asked: number;
  /** The `Link: rel="next"` target, when the answer had one. */
  nextLink?: string | undefined;
}

/** One inferred line of the profile. */
export interface InferredSetting {
  /** `service.fields` meaning (`category.parentId`) or `pageSizes.<name>`. */
  key: string;
  /** The field names (for `fields`), or the number (for `pageSizes`). */
  value: string[] | number;
  /** Why: the data that showed it. */
  because: string;
}

/** What was inferred, and what could not be. */
export interface InferredProfile {
  settings: InferredSetting[];
  /** Facts the data could not settle (written as comments). */
  unsettled: string[];
}

type Row = Record<string, unknown>;

const CYRILLIC = /[\u0400-\u04FF]/;
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/** The largest array of objects at the top or one or two levels down, and where it was. */
function findLargestRecordArray(body: unknown): { path: string[]; rows: Row[] } | undefined {
  let best: { path: string[]; rows: Row[] } | undefined;
  const visit = (value: unknown, path: string[]): void => {
    if (Array.isArray(value)) {
      const rows = value.filter(isPlainRecord);
      if (rows.length > 0 && rows.length === value.length && (best === undefined || rows.length > best.rows.length)) best = { path, rows };
      return;
    }
    if (!isPlainRecord(value) || path.length >= 2) return;
    for (const [key, inner] of Object.entries(value)) visit(inner, [...path, key]);
  };
  visit(body, []);
  return best;
}

/** The field whose elements are records with (mostly) the record's own keys: a tree's children. */
function findChildrenField(rows: readonly Row[]): string | undefined {
  const candidates = new Map<string, number>();
  for (const row of rows) {
    const keys = new Set(Object.keys(row));
    for (const [key, value] of Object.entries(row)) {
      if (!Array.isArray(value) || value.length === 0 || !value.every(isPlainRecord)) continue;
      const shared = Object.keys(value[0] as Row).filter((k) => keys.has(k)).length;
      if (shared >= Math.max(2, keys.size / 2)) candidates.set(key, (candidates.get(key) ?? 0) + 1);
    }
  }
  return [...candidates.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Every node of a tree (or the rows themselves when there is none). */
function flattenTree(rows: readonly Row[], children: string | undefined): Row[] {
  if (children === undefined) return [...rows];
  const out: Row[] = [];
  const walk = (row: Row): void => {
    out.push(row);
    const inner = row[children];
    if (Array.isArray(inner)) for (const child of inner) if (isPlainRecord(child)) walk(child);
  };
  rows.forEach(walk);
  return out;
}

const fieldsOf = (rows: readonly Row[]): string[] => [...new Set(rows.flatMap((row) => Object.keys(row)))];
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** Integer fields present in every row with distinct values. */
function findUniqueIntegerFields(rows: readonly Row[]): string[] {
  return fieldsOf(rows).filter((field) => {
    const values = rows.map((row) => row[field]);
    return values.every(isInteger) && new Set(values).size === rows.length;
  });
}

/** Identifier-like text fields present in every row with distinct values. */
function findUniqueCodeFields(rows: readonly Row[]): string[] {
  return fieldsOf(rows).filter((field) => {
    const values = rows.map((row) => row[field]);
    return values.every((v) => typeof v === 'string' && IDENTIFIER.test(v)) && new Set(values).size === rows.length;
  });
}

/** The Cyrillic text a value holds (a string, an object of languages, a list of translations). */
function readCyrillic(value: unknown): string | undefined {
  if (typeof value === 'string') return CYRILLIC.test(value) ? value : undefined;
  if (Array.isArray(value)) return value.map(readCyrillic).find((text) => text !== undefined);
  if (isPlainRecord(value)) return Object.values(value).map(readCyrillic).find((text) => text !== undefined);
  return undefined;
}

/** Fields holding Cyrillic text in most rows: the path (levels joined by ` / `) apart from the name. */
function findCyrillicFields(rows: readonly Row[], exclude: ReadonlySet<string>): { names: string[]; paths: string[] } {
  const names: string[] = [];
  const paths: string[] = [];
  for (const field of fieldsOf(rows)) {
    if (exclude.has(field)) continue;
    const texts = rows.map((row) => readCyrillic(row[field])).filter((text): text is string => text !== undefined);
    if (texts.length < rows.length * 0.8) continue;
    if (texts.some((text) => text.includes(' / '))) paths.push(field);
    else names.push(field);
  }
  return { names, paths };
}

/** A directory's rows as read from its first page. */
interface DirectoryRows {
  name: DirectoryName;
  /** Top-level records of the page. */
  page: Row[];
  /** Every record (a tree's nodes included). */
  rows: Row[];
  listPath: string[];
  children: string | undefined;
  id: string | undefined;
  code: string | undefined;
}

function readDirectoryRows(answer: RawDirectoryAnswer, out: InferredProfile): DirectoryRows | undefined {
  const found = findLargestRecordArray(answer.body);
  if (found === undefined) {
    out.unsettled.push(`${answer.name}: no list of records found in the first page`);
    return undefined;
  }
  const children = answer.name === 'categories' ? findChildrenField(found.rows) : undefined;
  const rows = flattenTree(found.rows, children);
  const ids = findUniqueIntegerFields(rows);
  const codes = findUniqueCodeFields(rows);
  return { name: answer.name, page: found.rows, rows, listPath: found.path, children, id: ids.length === 1 ? ids[0] : undefined, code: codes.length === 1 ? codes[0] : undefined, ...{ ids } } as DirectoryRows & { ids: string[] };
}

const SINGULAR: Record<DirectoryName, 'category' | 'attribute' | 'value' | 'brand'> = { categories: 'category', attributes: 'attribute', values: 'value', brands: 'brand' };

/** Infers the profile from the four first pages. */
export function inferServiceProfile(answers: readonly RawDirectoryAnswer[]): InferredProfile {
  const out: InferredProfile = { settings: [], unsettled: [] };
  const read = new Map<DirectoryName, DirectoryRows & { ids: string[] }>();
  for (const answer of answers) {
    const rows = readDirectoryRows(answer, out) as (DirectoryRows & { ids: string[] }) | undefined;
    if (rows === undefined) continue;
    read.set(answer.name, rows);
    inferListAndIds(answer, rows, out);
  }
  const categories = read.get('categories');
  const attributes = read.get('attributes');
  const values = read.get('values');
  if (categories !== undefined) inferCategoryFields(categories, attributes, out);
  for (const rows of [attributes, values]) if (rows !== undefined) inferNames(rows, out);
  if (values !== undefined && attributes !== undefined) inferValueLink(values, attributes, out);
  if (attributes !== undefined && categories !== undefined) inferAttributeCategoryLink(attributes, categories, out);
  return out;
}

function inferListAndIds(answer: RawDirectoryAnswer, rows: DirectoryRows & { ids: string[] }, out: InferredProfile): void {
  const singular = SINGULAR[answer.name];
  const listKey = rows.listPath.at(-1);
  if (listKey !== undefined) out.settings.push({ key: 'list.records', value: [listKey], because: `${answer.name}: the largest list of records in the answer is under ${rows.listPath.join('.')}` });
  if (rows.id !== undefined) out.settings.push({ key: `${singular}.id`, value: [rows.id], because: `${answer.name}: the only integer field with a distinct value in each of ${rows.rows.length} records` });
  else out.unsettled.push(`${answer.name}: the id field (${rows.ids.length === 0 ? 'no integer field is distinct in every record' : `several integer fields are distinct: ${rows.ids.join(', ')}`})`);
  if ((answer.name === 'attributes' || answer.name === 'values' || answer.name === 'brands') && rows.code !== undefined) {
    out.settings.push({ key: `${singular}.code`, value: [rows.code], because: `${answer.name}: the only identifier-like text field with a distinct value in each record` });
  }
  if (rows.children !== undefined) out.settings.push({ key: 'category.children', value: [rows.children], because: `categories: its elements are records with the category's own fields (a tree)` });
  // A page shorter than asked while a next link, cursor or more pages are announced: the service caps its pages.
  const pageLength = rows.page.length;
  if (pageLength > 0 && pageLength < answer.asked && (answer.nextLink !== undefined || JSON.stringify(answer.body).length > 0) && announcesMore(answer)) {
    out.settings.push({ key: `pageSizes.${answer.name}`, value: pageLength, because: `${answer.name}: asked ${answer.asked} a page, the first page held ${pageLength} while the answer says there are more` });
  }
}

/** Whether an answer says more pages follow: a `Link` next, or any non-empty next/cursor-like text or a total above the page. */
function announcesMore(answer: RawDirectoryAnswer): boolean {
  if (answer.nextLink !== undefined) return true;
  if (!isPlainRecord(answer.body)) return false;
  const found = findLargestRecordArray(answer.body);
  const length = found?.rows.length ?? 0;
  const scan = (value: unknown, depth: number): boolean => {
    if (!isPlainRecord(value) || depth > 2) return false;
    return Object.entries(value).some(([key, inner]) => {
      if (typeof inner === 'string' && /next|cursor|token/i.test(key) && inner !== '') return true;
      if (isInteger(inner) && /total|count/i.test(key) && !/page/i.test(key) && inner > length) return true;
      return scan(inner, depth + 1);
    });
  };
  return scan(answer.body, 0);
}

function inferCategoryFields(categories: DirectoryRows & { ids: string[] }, attributes: (DirectoryRows & { ids: string[] }) | undefined, out: InferredProfile): void {
  const { rows, id } = categories;
  if (id === undefined) return;
  const ids = new Set(rows.map((row) => row[id]));
  const parent = fieldsOf(rows)
    .filter((field) => field !== id && rows.every((row) => row[field] === undefined || row[field] === null || isInteger(row[field])))
    .map((field) => {
      const named = rows.map((row) => row[field]).filter(isInteger);
      return { field, named, inList: named.filter((value) => ids.has(value)).length };
    })
    .filter((entry) => entry.named.length > 0 && entry.inList >= entry.named.length * 0.5 && formsForest(rows, id, entry.field))
    .sort((a, b) => b.inList / b.named.length - a.inList / a.named.length || b.inList - a.inList)[0];
  if (parent !== undefined) out.settings.push({ key: 'category.parentId', value: [parent.field], because: `categories: ${parent.inList} of its ${parent.named.length} values are ids of the same list` });
  const parents = new Set(parent === undefined ? [] : parent.named);
  const flags = fieldsOf(rows).filter((field) => rows.every((row) => typeof row[field] === 'boolean'));
  const leaf = flags.filter((field) => rows.every((row) => (row[field] === true) === !parents.has(row[id] as number)));
  if (leaf.length === 1 && leaf[0] !== undefined) {
    out.settings.push({ key: 'category.isLeaf', value: [leaf[0]], because: parents.size === 0 ? 'categories: true on every record of a list naming no parent in it (a list of leaves)' : 'categories: true exactly on the records no other names as parent' });
  } else if (leaf.length > 1) out.unsettled.push(`categories: the leaf flag (each of ${leaf.join(', ')} fits)`);
  const exclude = new Set([...(categories.children === undefined ? [] : [categories.children])]);
  const { names, paths } = findCyrillicFields(rows, exclude);
  if (names.length === 1 && names[0] !== undefined) out.settings.push({ key: 'category.name', value: [names[0]], because: 'categories: the field holding the names in Cyrillic' });
  else if (names.length > 1) out.unsettled.push(`categories: the name (Cyrillic text in ${names.join(', ')})`);
  if (paths.length === 1 && paths[0] !== undefined) out.settings.push({ key: 'category.path', value: [paths[0]], because: 'categories: Cyrillic text with levels joined by " / "' });
  if (attributes?.id !== undefined) inferCategoryServedLinks(categories, attributes, out);
}

/** Whether `field` as a parent link makes a forest: no record its own ancestor (a number that merely looks like ids, such as a rank, loops). */
function formsForest(rows: readonly Row[], id: string, field: string): boolean {
  const parentOf = new Map(rows.map((row) => [row[id], row[field]]));
  for (const start of parentOf.keys()) {
    const seen = new Set<unknown>([start]);
    let at = parentOf.get(start);
    while (at !== undefined && at !== null && parentOf.has(at)) {
      if (seen.has(at)) return false;
      seen.add(at);
      at = parentOf.get(at);
    }
  }
  return true;
}

/** Links served per category: a list field of category records whose elements are (or hold) attribute ids. */
function inferCategoryServedLinks(categories: DirectoryRows, attributes: DirectoryRows, out: InferredProfile): void {
  const attributeIds = new Set(attributes.rows.map((row) => row[attributes.id as string]));
  for (const field of fieldsOf(categories.rows)) {
    if (field === categories.children) continue;
    const lists = categories.rows.map((row) => row[field]).filter(Array.isArray).filter((list) => list.length > 0);
    if (lists.length === 0) continue;
    const elements = lists.flat();
    if (elements.every(isInteger)) {
      if (elements.every((value) => attributeIds.has(value))) out.settings.push({ key: 'category.attributeIds', value: [field], because: 'categories: a list whose every element is an attribute id' });
      continue;
    }
    if (!elements.every(isPlainRecord)) continue;
    const linkField = fieldsOf(elements).find((inner) => elements.every((element) => isInteger(element[inner]) && attributeIds.has(element[inner])));
    if (linkField === undefined) continue;
    out.settings.push({ key: 'category.attributes', value: [field], because: 'categories: a list of records each holding an attribute id' });
    out.settings.push({ key: 'link.attributeId', value: [linkField], because: `categories: ${field}[].${linkField} is an attribute id in every element` });
    inferLinkRequired(elements, linkField, out, `categories: ${field}[]`);
  }
}

function inferLinkRequired(elements: readonly Row[], linkField: string, out: InferredProfile, where: string): void {
  const flags = fieldsOf(elements).filter((inner) => inner !== linkField && elements.every((element) => typeof element[inner] === 'boolean'));
  if (flags.length === 1 && flags[0] !== undefined) out.settings.push({ key: 'link.isRequired', value: [flags[0]], because: `${where}: the one true/false field beside the link (the requirement)` });
  else if (flags.length > 1) out.unsettled.push(`${where}: which true/false field is the requirement (${flags.join(', ')})`);
}

function inferNames(rows: DirectoryRows, out: InferredProfile): void {
  const singular = SINGULAR[rows.name];
  const { names } = findCyrillicFields(rows.rows, new Set());
  if (names.length === 1 && names[0] !== undefined) out.settings.push({ key: `${singular}.name`, value: [names[0]], because: `${rows.name}: the field holding the names in Cyrillic` });
  else if (names.length > 1) out.unsettled.push(`${rows.name}: the name (Cyrillic text in ${names.join(', ')})`);
}

function inferValueLink(values: DirectoryRows, attributes: DirectoryRows, out: InferredProfile): void {
  if (attributes.id !== undefined) {
    const ids = new Set(attributes.rows.map((row) => row[attributes.id as string]));
    const byId = fieldsOf(values.rows).filter((field) => field !== values.id && values.rows.every((row) => isInteger(row[field]) && ids.has(row[field])));
    if (byId.length === 1 && byId[0] !== undefined) return void out.settings.push({ key: 'value.attributeId', value: [byId[0]], because: 'values: the only field whose every value is an attribute id' });
  }
  if (attributes.code !== undefined) {
    const codes = new Set(attributes.rows.map((row) => row[attributes.code as string]));
    const byCode = fieldsOf(values.rows).filter((field) => field !== values.code && values.rows.every((row) => typeof row[field] === 'string' && codes.has(row[field])));
    if (byCode.length === 1 && byCode[0] !== undefined) return void out.settings.push({ key: 'value.attributeCode', value: [byCode[0]], because: 'values: the only field whose every value is an attribute code' });
  }
  out.unsettled.push('values: the link to their attribute (no one field holds only attribute ids or codes in the first page)');
}

function inferAttributeCategoryLink(attributes: DirectoryRows, categories: DirectoryRows, out: InferredProfile): void {
  if (categories.id === undefined) return;
  const categoryIds = new Set(categories.rows.map((row) => row[categories.id as string]));
  for (const field of fieldsOf(attributes.rows)) {
    const lists = attributes.rows.map((row) => row[field]).filter(Array.isArray);
    const elements = lists.flat();
    if (lists.length < attributes.rows.length * 0.5 || elements.length === 0) continue;
    // Category ids of a leaf list on its first page only: most, not all, are on it.
    const share = (ids: readonly unknown[]) => ids.filter((value) => categoryIds.has(value)).length / Math.max(1, ids.length);
    if (elements.every(isInteger)) {
      if (share(elements) > 0) {
        out.settings.push({ key: 'attribute.categoryIds', value: [field], because: 'attributes: a list of integers that are category ids' });
        const flags = fieldsOf(attributes.rows).filter((inner) => attributes.rows.every((row) => typeof row[inner] === 'boolean'));
        out.unsettled.push(`attributes: which true/false field says "required" beside ${field} (${flags.join(', ') || 'none'}): read by name; a requirement stated once for several categories is a warning (scope unclear)`);
      }
      continue;
    }
    if (!elements.every(isPlainRecord)) continue;
    const linkField = fieldsOf(elements).find((inner) => elements.every((element) => isInteger(element[inner])) && share(elements.map((element) => element[inner])) > 0);
    if (linkField === undefined) continue;
    out.settings.push({ key: 'attribute.categories', value: [field], because: 'attributes: a list of records each holding a category id' });
    out.settings.push({ key: 'link.categoryId', value: [linkField], because: `attributes: ${field}[].${linkField} holds category ids` });
    inferLinkRequired(elements, linkField, out, `attributes: ${field}[]`);
  }
}

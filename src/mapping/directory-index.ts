/**
 * Lookup tables over the four directories, built once per run: entries by id, code and
 * normalised name, leaf status, and the attributes of each category.
 */
import { createHash } from 'node:crypto';
import type { Attribute, AttributeValue, Brand, Category, Directories } from '../domain/index.js';
import { describeNameKeyRules, normalizeName, normalizePath } from './normalize-name.js';
import { readSortedNameTable } from './sorted-name-table.js';

/** An attribute's link to one category. */
export interface CategoryAttribute {
  attribute: Attribute;
  isRequired: boolean;
  /** The directory states the requirement for the attribute, not for this category (`AttributeCategory.requirementScope`). */
  requirementUnclear: boolean;
}

/** The values of one attribute. */
export interface AttributeValueIndex {
  /** Every value of the attribute, in directory order. */
  all: AttributeValue[];
  /** By exact code. */
  byCode: Map<string, AttributeValue>;
  /** By normalised Russian name, Kazakh name and code. */
  byName: Map<string, AttributeValue[]>;
}

/** Lookup tables over `Directories`. */
export interface DirectoryIndex {
  directories: Directories;
  categoryById: Map<number, Category>;
  /** Ids of categories that are not leaves: marked `isLeaf: false`, or the parent of another category. */
  nonLeafIds: Set<number>;
  /** By normalised Russian name, Kazakh name, and path (levels joined with `/`; also every tail of two levels or more). */
  categoriesByName: ReadonlyMap<string, Category[]>;
  brandById: Map<number, Brand>;
  /** By normalised name and code. */
  brandsByName: ReadonlyMap<string, Brand[]>;
  attributeByCode: Map<string, Attribute>;
  valuesByAttribute: Map<string, AttributeValueIndex>;
  /** Every value by exact code, across attributes (codes may repeat across attributes). */
  valuesByCode: Map<string, AttributeValue[]>;
  /** Attributes linked to each category id. */
  attributesByCategory: Map<number, CategoryAttribute[]>;
  /** True when the name keys given to `createDirectoryIndex` were used (not refused as naming unknown ids). */
  fromNameKeys?: true;
}

/**
 * The name keys of the categories and brands, in a form JSON keeps: each key followed by its id, or
 * its ids when several share it. Computing them is most of what building the index costs (issue 39),
 * so a run with cached directories keeps them beside the cache (`src/state/directory-cache.ts`).
 */
export interface DirectoryNameKeys {
  categories: NameKeyList;
  brands: NameKeyList;
}

/** `key, id | ids, key, id | ids, …`, keys in ascending code-unit order (`readSortedNameTable` searches it by halves). */
export type NameKeyList = (string | number | number[])[];

/**
 * A stamp of the rules that make the name keys: the key functions' own code and tables. Keys kept
 * under another stamp were made by other rules and are not used, so no version number has to be
 * remembered when the rules change.
 */
export function stampNameKeyRules(): string {
  const rules = [describeNameKeyRules(), collectCategoryKeys, collectBrandKeys, buildCategoryPaths, pushTo, writeNameKeys].map(String).join('\n');
  return createHash('sha256').update(rules).digest('hex').slice(0, 16);
}

/**
 * Builds the lookup tables. Cost is linear in the directory sizes. A category's path repeats its
 * parents' names (and the directory's own path and the one built from the parents are mostly the
 * same text), so each distinct level is normalised once: ~12,000 levels of the sandbox's 2,043
 * categories are ~4,400 distinct texts, and normalising them was the largest part of a small dry
 * run's own work (issue 39). `nameKeys` (from `listDirectoryNameKeys` of an index of the same
 * directories, under the same `stampNameKeyRules()`) spares that work; keys naming an id the
 * directories do not have are not used.
 */
export function createDirectoryIndex(directories: Directories, nameKeys?: DirectoryNameKeys): DirectoryIndex {
  const categoryById = new Map<number, Category>();
  const nonLeafIds = new Set<number>();
  for (const category of directories.categories) {
    categoryById.set(category.id, category);
    if (!category.isLeaf) nonLeafIds.add(category.id);
  }
  for (const category of directories.categories) {
    if (category.parentId !== null && category.parentId !== category.id) nonLeafIds.add(category.parentId);
  }
  const brandById = new Map<number, Brand>();
  for (const brand of directories.brands) brandById.set(brand.id, brand);

  let categoriesByName = nameKeys === undefined ? undefined : readSortedNameTable(nameKeys.categories, categoryById);
  let brandsByName = nameKeys === undefined ? undefined : readSortedNameTable(nameKeys.brands, brandById);
  const fromNameKeys = categoriesByName !== undefined && brandsByName !== undefined;
  if (categoriesByName === undefined || brandsByName === undefined) {
    const categoryKeys = new Map<string, Category[]>();
    const normalizeLevel = memoize(normalizeName);
    for (const category of directories.categories) collectCategoryKeys(categoryKeys, category, categoryById, normalizeLevel);
    const brandKeys = new Map<string, Brand[]>();
    for (const brand of directories.brands) collectBrandKeys(brandKeys, brand);
    categoriesByName = categoryKeys;
    brandsByName = brandKeys;
  }

  const attributeByCode = new Map<string, Attribute>();
  const attributesByCategory = new Map<number, CategoryAttribute[]>();
  for (const attribute of directories.attributes) {
    attributeByCode.set(attribute.code, attribute);
    for (const link of attribute.categories) pushTo(attributesByCategory, link.categoryId, { attribute, isRequired: link.isRequired, requirementUnclear: link.requirementScope === 'unclear' });
  }

  const valuesByAttribute = new Map<string, AttributeValueIndex>();
  const valuesByCode = new Map<string, AttributeValue[]>();
  for (const value of directories.values) {
    let index = valuesByAttribute.get(value.attributeCode);
    if (index === undefined) {
      index = { all: [], byCode: new Map(), byName: new Map() };
      valuesByAttribute.set(value.attributeCode, index);
    }
    index.all.push(value);
    index.byCode.set(value.code, value);
    const keys = new Set([normalizeName(value.name.rus), normalizeName(value.name.kaz), normalizeName(value.code)]);
    for (const key of keys) if (key !== '') pushTo(index.byName, key, value);
    pushTo(valuesByCode, value.code, value);
  }

  return {
    directories,
    categoryById,
    nonLeafIds,
    categoriesByName,
    brandById,
    brandsByName,
    attributeByCode,
    valuesByAttribute,
    valuesByCode,
    attributesByCategory,
    ...(fromNameKeys ? { fromNameKeys: true as const } : {}),
  };
}

/** The name keys of an index, to build another index of the same directories with (`createDirectoryIndex`). */
export function listDirectoryNameKeys(index: Pick<DirectoryIndex, 'categoriesByName' | 'brandsByName'>): DirectoryNameKeys {
  return { categories: writeNameKeys(index.categoriesByName), brands: writeNameKeys(index.brandsByName) };
}

/** A category's keys: its names, and its full paths with every tail of two levels or more ("Детская одежда / Футболки" is enough). */
function collectCategoryKeys(byName: Map<string, Category[]>, category: Category, categoryById: ReadonlyMap<number, Category>, normalizeLevel: (text: string) => string): void {
  const keys = new Set([normalizeLevel(category.name.rus), normalizeLevel(category.name.kaz)]);
  for (const path of buildCategoryPaths(category, categoryById)) {
    const levels = normalizePath(path, normalizeLevel).split('/');
    for (let start = 0; start + 2 <= levels.length; start++) keys.add(levels.slice(start).join('/'));
  }
  for (const key of keys) if (key !== '') pushTo(byName, key, category);
}

/** A brand's keys: its name and its code. */
function collectBrandKeys(byName: Map<string, Brand[]>, brand: Brand): void {
  const keys = new Set([normalizeName(brand.name), normalizeName(brand.code ?? '')]);
  for (const key of keys) if (key !== '') pushTo(byName, key, brand);
}

/** The keys in ascending code-unit order, so that a run reading them searches the list instead of building a map of it. */
function writeNameKeys(byName: ReadonlyMap<string, readonly { id: number }[]>): NameKeyList {
  const list: NameKeyList = [];
  for (const key of [...byName.keys()].sort()) {
    const entries = byName.get(key)!;
    list.push(key, entries.length === 1 ? entries[0]!.id : entries.map((entry) => entry.id));
  }
  return list;
}

/** A category's readable path (`Одежда / Мужская / Футболки`): the directory's own, else built from the parents present. */
export function buildCategoryPath(category: Category, categoryById: ReadonlyMap<number, Category>): string {
  return buildCategoryPaths(category, categoryById)[0] ?? category.name.rus;
}

/** Whether the attribute may be used in `categoryId`. An attribute linked to no category at all is allowed everywhere. */
export function isAttributeAllowed(attribute: Attribute, categoryId: number): boolean {
  return attribute.categories.length === 0 || attribute.categories.some((link) => link.categoryId === categoryId);
}

function buildCategoryPaths(category: Category, categoryById: ReadonlyMap<number, Category>): string[] {
  const paths: string[] = [];
  if (category.path !== null) {
    if (category.path.rus !== '') paths.push(category.path.rus);
    if (category.path.kaz !== '') paths.push(category.path.kaz);
  }
  if (category.parentId !== null && categoryById.has(category.parentId)) {
    const names: string[] = [category.name.rus];
    const seen = new Set<number>([category.id]);
    let parent = categoryById.get(category.parentId);
    while (parent !== undefined && !seen.has(parent.id)) {
      seen.add(parent.id);
      names.unshift(parent.name.rus);
      parent = parent.parentId === null ? undefined : categoryById.get(parent.parentId);
    }
    paths.push(names.join(' / '));
  }
  return paths;
}

/** `normalize` with its results kept for the texts seen again. */
function memoize(normalize: (text: string) => string): (text: string) => string {
  const seen = new Map<string, string>();
  return (text) => {
    let key = seen.get(text);
    if (key === undefined) {
      key = normalize(text);
      seen.set(text, key);
    }
    return key;
  };
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

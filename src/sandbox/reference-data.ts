/**
 * The sandbox's reference data (categories, attributes, attribute values, brands), generated
 * deterministically from a seed. Everything except the generated brand names is fixed; ids are
 * derived from list positions, so the same seed always yields the same ids.
 */
import type { Attribute, AttributeType, AttributeValue, Brand, Category } from '../domain/index.js';
import { createPrng } from './create-prng.js';
import { readReferenceFile } from './read-reference-file.js';
import { KNOWN_BRANDS, MORE_KNOWN_BRANDS, NO_BRAND, buildMoreSyntheticBrandNames, buildSyntheticBrandNames } from './reference-brands.js';
import { CATEGORY_EXTENSIONS, RETIRED_LEAF, extendCategoryTree } from './reference-category-extension.js';

/** A category of any level; the categories endpoint serves only those with `isLeaf`. */
export type ReferenceCategory = Category & {
  /** 1 for roots, 3 for leaves. */
  level: 1 | 2 | 3;
  isLeaf: boolean;
};

/** The four directories the sandbox serves, all levels of categories included. */
export interface ReferenceData {
  categories: ReferenceCategory[];
  attributes: Attribute[];
  values: AttributeValue[];
  brands: Brand[];
}

/**
 * The category tree: three levels (root / group / leaf), names in Russian and Kazakh. Each group
 * carries an attribute profile (a key of `profiles` in `reference/attributes.json`: which
 * attributes its leaves use); a leaf may override it. Ids are derived from positions (`root`,
 * `root*100+group`, `root*10000+group*100+leaf`), so new entries must only ever be appended to a
 * list, never inserted, or the ids that samples and mappings rely on would move.
 */
/** A group (second level) and its leaves, each `"русский|қазақша"` or `"русский|қазақша|profile"`. */
export interface CategoryGroupDef {
  rus: string;
  kaz: string;
  profile: string;
  leaves: string[];
}

/** A root (first level) category. */
export interface CategoryRootDef {
  rus: string;
  kaz: string;
  groups: CategoryGroupDef[];
}

/** The tree, in id order (`reference/category-tree.json`). Append only. */
export const CATEGORY_TREE: CategoryRootDef[] = readReferenceFile<CategoryRootDef[]>('category-tree.json');

/** One attribute of the directory and, for dictionary attributes, its values. */
interface AttributeDef {
  code: string;
  rus: string;
  kaz: string;
  type: AttributeType;
  isMultiple: boolean;
  isSkuDefining: boolean;
  /** `[code, rus, kaz]`; empty for free (text, number, boolean) attributes. */
  values: [string, string, string][];
}

/** Attributes and profiles as `reference/attributes.json` holds them. */
interface AttributesFile {
  attributes: AttributeDef[];
  profiles: Record<string, [string, boolean][]>;
}

/**
 * Attributes and attribute values, and which attributes each category profile uses. Attribute ids
 * follow list order (from 1), value ids are `attributeId * 1000 + position` (from 1): append only,
 * never insert, so ids stay stable.
 */
const ATTRIBUTES_FILE = readReferenceFile<AttributesFile>('attributes.json');

/** Every attribute, in id order. Append only. */
const ATTRIBUTE_DEFS: AttributeDef[] = ATTRIBUTES_FILE.attributes;

/** `[attributeCode, isRequired]` pairs per profile. `country_of_origin` (optional) is added to every leaf. */
export const PROFILE_ATTRIBUTES: Record<string, [string, boolean][]> = ATTRIBUTES_FILE.profiles;

const PATH_SEPARATOR = ' / ';
const COUNTRY_ATTRIBUTE = 'country_of_origin';

/**
 * How broad the directories are: `marketplace` (the default: ~2,040 leaves across a general
 * marketplace, ~3,200 brands with "no brand"), or `original`, the 398 leaves and 600 brands the
 * sandbox served before it grew (same ids), for the evaluation sets whose right answers — including
 * "no leaf fits" — were written against it.
 */
export type ReferenceBreadth = 'marketplace' | 'original';

/** Builds the reference data set for a seed (default 1). Same seed, same data and ids. */
export function createReferenceData(seed = 1, breadth: ReferenceBreadth = 'marketplace'): ReferenceData {
  const categories: ReferenceCategory[] = [];
  const leafProfiles = new Map<number, string>();

  (breadth === 'original' ? CATEGORY_TREE : extendCategoryTree(CATEGORY_TREE, CATEGORY_EXTENSIONS)).forEach((root, r) => {
    const rootId = r + 1;
    categories.push({
      id: rootId,
      parentId: null,
      name: { rus: root.rus, kaz: root.kaz },
      path: { rus: root.rus, kaz: root.kaz },
      isLeaf: false,
      level: 1,
    });
    root.groups.forEach((group, g) => {
      const groupId = rootId * 100 + g + 1;
      const groupPath = { rus: `${root.rus}${PATH_SEPARATOR}${group.rus}`, kaz: `${root.kaz}${PATH_SEPARATOR}${group.kaz}` };
      categories.push({ id: groupId, parentId: rootId, name: { rus: group.rus, kaz: group.kaz }, path: groupPath, isLeaf: false, level: 2 });
      group.leaves.forEach((leaf, l) => {
        if (leaf === RETIRED_LEAF) return;
        const [rus = '', kaz = '', profile] = leaf.split('|');
        const leafId = groupId * 100 + l + 1;
        categories.push({
          id: leafId,
          parentId: groupId,
          name: { rus, kaz },
          path: { rus: `${groupPath.rus}${PATH_SEPARATOR}${rus}`, kaz: `${groupPath.kaz}${PATH_SEPARATOR}${kaz}` },
          isLeaf: true,
          level: 3,
        });
        leafProfiles.set(leafId, profile ?? group.profile);
      });
    });
  });

  const attributeCategories = new Map<string, { categoryId: number; isRequired: boolean }[]>();
  for (const def of ATTRIBUTE_DEFS) attributeCategories.set(def.code, []);
  for (const [categoryId, profile] of leafProfiles) {
    const pairs = PROFILE_ATTRIBUTES[profile];
    if (pairs === undefined) throw new Error(`reference data: no attribute profile "${profile}" in attributes.json`);
    for (const [code, isRequired] of [...pairs, [COUNTRY_ATTRIBUTE, false] as [string, boolean]]) {
      attributeCategories.get(code)?.push({ categoryId, isRequired });
    }
  }

  const attributes: Attribute[] = [];
  const values: AttributeValue[] = [];
  ATTRIBUTE_DEFS.forEach((def, a) => {
    const attributeId = a + 1;
    attributes.push({
      id: attributeId,
      code: def.code,
      name: { rus: def.rus, kaz: def.kaz },
      type: def.type,
      isMultiple: def.isMultiple,
      isSkuDefining: def.isSkuDefining,
      categories: attributeCategories.get(def.code) ?? [],
    });
    def.values.forEach(([code, rus, kaz], v) => {
      values.push({ id: attributeId * 1000 + v + 1, code, attributeCode: def.code, attributeId, name: { rus, kaz } });
    });
  });

  return { categories, attributes, values, brands: buildBrands(seed, breadth) };
}

/**
 * Known brands (ids 1001 …, the later list continuing after the first), generated ones (5001 …
 * and 6001 …, both from one seeded stream, the first set drawn first so it is what it always was),
 * and the "no brand" entry (1000). A name whose code an earlier brand has is skipped, keeping
 * the ids of the others.
 */
function buildBrands(seed: number, breadth: ReferenceBreadth): Brand[] {
  const random = createPrng(seed);
  const brands: Brand[] = [];
  const codes = new Set<string>();
  const add = (id: number, name: string, code = buildBrandCode(name)): void => {
    if (codes.has(code)) return;
    codes.add(code);
    brands.push({ id, name, code });
  };
  KNOWN_BRANDS.forEach((name, i) => add(1001 + i, name));
  buildSyntheticBrandNames(random).forEach((name, i) => add(5001 + i, name));
  if (breadth === 'original') return brands;
  add(NO_BRAND.id, NO_BRAND.name, NO_BRAND.code);
  MORE_KNOWN_BRANDS.forEach((name, i) => add(1001 + KNOWN_BRANDS.length + i, name));
  buildMoreSyntheticBrandNames(random).forEach((name, i) => add(6001 + i, name));
  return brands;
}

/** A brand code: lower case, letters and digits of any script, other runs turned into `-`. */
function buildBrandCode(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

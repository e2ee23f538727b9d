/**
 * What changed between two snapshots of the directories (pure): categories added, removed,
 * renamed or no longer leaves; attributes added, removed or newly required in a category; values
 * and brands added or removed. `directories pull` prints it; `mapping check` uses it for hints.
 */
import type { Attribute, AttributeValue, Brand, Category, Directories } from '../domain/index.js';
import { createDirectoryIndex } from '../mapping/directory-index.js';

/** An attribute that became required in one category. */
export interface NewlyRequired {
  attribute: Attribute;
  categoryId: number;
}

/** The changes. */
export interface DirectoryDiff {
  categories: { added: Category[]; removed: Category[]; renamed: { before: Category; after: Category }[]; noLongerLeaf: Category[] };
  attributes: { added: Attribute[]; removed: Attribute[]; newlyRequired: NewlyRequired[] };
  values: { added: AttributeValue[]; removed: AttributeValue[] };
  brands: { added: Brand[]; removed: Brand[] };
}

/** Compares two snapshots. Entries are matched by id (categories, brands), code (attributes) and attribute code + code (values). */
export function buildDirectoryDiff(before: Directories, after: Directories): DirectoryDiff {
  const beforeIndex = createDirectoryIndex(before);
  const afterIndex = createDirectoryIndex(after);

  const noLongerLeaf: Category[] = [];
  const removedCategories: Category[] = [];
  const renamed: { before: Category; after: Category }[] = [];
  const childParents = new Set(after.categories.map((category) => category.parentId).filter((id): id is number => id !== null));
  for (const category of before.categories) {
    if (beforeIndex.nonLeafIds.has(category.id)) continue;
    const now = afterIndex.categoryById.get(category.id);
    // The live service lists leaves only: a leaf that got children disappears, and its children name it as parent.
    if (afterIndex.nonLeafIds.has(category.id) || (now === undefined && childParents.has(category.id))) noLongerLeaf.push(now ?? category);
    else if (now === undefined) removedCategories.push(category);
    else if (now.name.rus !== category.name.rus || now.name.kaz !== category.name.kaz) renamed.push({ before: category, after: now });
  }
  const addedCategories = after.categories.filter((category) => !beforeIndex.categoryById.has(category.id));

  const beforeAttributes = beforeIndex.attributeByCode;
  const newlyRequired: NewlyRequired[] = [];
  for (const attribute of after.attributes) {
    const previous = beforeAttributes.get(attribute.code);
    for (const link of attribute.categories) {
      if (!link.isRequired) continue;
      const was = previous?.categories.find((old) => old.categoryId === link.categoryId);
      if (was === undefined || !was.isRequired) newlyRequired.push({ attribute, categoryId: link.categoryId });
    }
  }

  const valueKey = (value: AttributeValue): string => `${value.attributeCode}\u0000${value.code}`;
  const beforeValues = new Set(before.values.map(valueKey));
  const afterValues = new Set(after.values.map(valueKey));
  const beforeBrands = new Set(before.brands.map((brand) => brand.id));
  const afterBrands = new Set(after.brands.map((brand) => brand.id));

  return {
    categories: { added: addedCategories, removed: removedCategories, renamed, noLongerLeaf },
    attributes: {
      added: after.attributes.filter((attribute) => !beforeAttributes.has(attribute.code)),
      removed: before.attributes.filter((attribute) => !afterIndex.attributeByCode.has(attribute.code)),
      newlyRequired,
    },
    values: { added: after.values.filter((value) => !beforeValues.has(valueKey(value))), removed: before.values.filter((value) => !afterValues.has(valueKey(value))) },
    brands: { added: after.brands.filter((brand) => !beforeBrands.has(brand.id)), removed: before.brands.filter((brand) => !afterBrands.has(brand.id)) },
  };
}

/** True when nothing changed. */
export function isDirectoryDiffEmpty(diff: DirectoryDiff): boolean {
  return buildDirectoryDiffCounts(diff).every(([, count]) => count === 0);
}

/** Counts per kind of change, in reporting order. */
export function buildDirectoryDiffCounts(diff: DirectoryDiff): [string, number][] {
  return [
    ['categories added', diff.categories.added.length],
    ['categories removed', diff.categories.removed.length],
    ['categories renamed', diff.categories.renamed.length],
    ['categories no longer leaves', diff.categories.noLongerLeaf.length],
    ['attributes added', diff.attributes.added.length],
    ['attributes removed', diff.attributes.removed.length],
    ['attributes newly required in a category', diff.attributes.newlyRequired.length],
    ['values added', diff.values.added.length],
    ['values removed', diff.values.removed.length],
    ['brands added', diff.brands.added.length],
    ['brands removed', diff.brands.removed.length],
  ];
}

/** The changes as text lines, at most `limit` examples per kind. */
export function renderDirectoryDiff(diff: DirectoryDiff, limit = 10): string[] {
  const lines: string[] = [];
  const section = <T>(title: string, items: readonly T[], describe: (item: T) => string): void => {
    if (items.length === 0) return;
    lines.push(`${title} (${items.length}):`);
    for (const item of items.slice(0, limit)) lines.push(`  ${describe(item)}`);
    if (items.length > limit) lines.push(`  … and ${items.length - limit} more`);
  };
  const category = (c: Category): string => `${c.path?.rus || c.name.rus} [${c.id}]`;
  section('Categories added', diff.categories.added, category);
  section('Categories removed', diff.categories.removed, category);
  section('Categories renamed', diff.categories.renamed, (r) => `[${r.after.id}] ${r.before.name.rus} → ${r.after.name.rus}`);
  section('Categories that are no longer leaves (products must move to a subcategory)', diff.categories.noLongerLeaf, category);
  section('Attributes added', diff.attributes.added, (a) => `${a.code} (${a.name.rus})`);
  section('Attributes removed', diff.attributes.removed, (a) => `${a.code} (${a.name.rus})`);
  section('Attributes newly required', diff.attributes.newlyRequired, (r) => `${r.attribute.code} (${r.attribute.name.rus}) in category ${r.categoryId}`);
  section('Values added', diff.values.added, (v) => `${v.attributeCode}: ${v.code} (${v.name.rus})`);
  section('Values removed', diff.values.removed, (v) => `${v.attributeCode}: ${v.code} (${v.name.rus})`);
  section('Brands added', diff.brands.added, (b) => `${b.name} [${b.id}]`);
  section('Brands removed', diff.brands.removed, (b) => `${b.name} [${b.id}]`);
  return lines;
}

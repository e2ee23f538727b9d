/**
 * Settles what one directory cannot say alone, once all four are read: which categories are
 * leaves (stated, from a tree, or derived from parent ids), readable category paths, attribute ↔
 * category links served per category, values tied to their attribute by id, and the type of an
 * attribute whose directory entry does not state one.
 */
import type { Attribute, AttributeValue, Category, Directories, DirectoryName } from '../domain/index.js';
import { SchemaMismatchError } from '../core/errors.js';
import type { RawCategory, RawRecordMap, RawValue } from './read-directory-records.js';

/** The four directories as read, before linking. */
export type RawDirectories = { [N in DirectoryName]: RawRecordMap[N][] } & { fetchedAt: string };

/** Endpoints of the directories, for messages. */
export interface DirectoryEndpoints {
  categories: string;
  attributes: string;
  values: string;
}

/** Links the raw directories into the domain model. */
export function linkDirectories(raw: RawDirectories, endpoints: DirectoryEndpoints): Directories {
  const categories = settleCategories(raw.categories);
  const attributes = raw.attributes.map((entry) => ({ ...entry.attribute, categories: [...entry.attribute.categories] }));
  addCategoryLinks(attributes, raw.categories);
  const values = settleValues([...raw.values, ...raw.attributes.flatMap((entry) => entry.values)], attributes, endpoints.values);
  settleUnstatedTypes(attributes, values);
  return { categories, attributes, values, brands: raw.brands, fetchedAt: raw.fetchedAt };
}

/** Leaves: stated where any record states it; else from the tree; else a category no other one names as parent. */
export function settleCategories(raw: readonly RawCategory[]): Category[] {
  const unique = new Map<number, RawCategory>();
  for (const entry of raw) if (!unique.has(entry.category.id)) unique.set(entry.category.id, entry);
  const entries = [...unique.values()];
  const anyStated = entries.some((entry) => entry.statedLeaf !== undefined);
  const anyTree = entries.some((entry) => entry.fromTree);
  const parents = new Set(entries.map((entry) => entry.category.parentId).filter((id): id is number => id !== null));
  const byId = new Map(entries.map((entry) => [entry.category.id, entry.category]));
  return entries.map(({ category, statedLeaf }) => {
    const isLeaf = anyStated ? (statedLeaf ?? !parents.has(category.id)) : anyTree ? category.isLeaf : !parents.has(category.id);
    return { ...category, isLeaf, path: category.path ?? buildPath(category, byId) };
  });
}

function buildPath(category: Category, byId: ReadonlyMap<number, Category>): Category['path'] {
  const chain: Category[] = [category];
  const seen = new Set([category.id]);
  let parentId = category.parentId;
  while (parentId !== null && !seen.has(parentId)) {
    const parent = byId.get(parentId);
    if (parent === undefined) break;
    chain.unshift(parent);
    seen.add(parentId);
    parentId = parent.parentId;
  }
  if (chain.length === 1) return null;
  const join = (lang: 'rus' | 'kaz') => chain.map((c) => c.name[lang]).filter((n) => n !== '').join(' / ');
  return { rus: join('rus'), kaz: join('kaz') };
}

function addCategoryLinks(attributes: Attribute[], categories: readonly RawCategory[]): void {
  const byId = new Map(attributes.map((a) => [a.id, a]));
  const byCode = new Map(attributes.map((a) => [a.code, a]));
  for (const { category, attributeLinks } of categories) {
    for (const link of attributeLinks) {
      const attribute = (link.attributeId === undefined ? undefined : byId.get(link.attributeId)) ?? (link.attributeCode === undefined ? undefined : byCode.get(link.attributeCode));
      if (attribute === undefined) continue;
      // A link served per category says where the attribute is required: it wins over the
      // attribute's own flag, which may only say "somewhere among its categories".
      const at = attribute.categories.findIndex((c) => c.categoryId === category.id);
      if (at < 0) attribute.categories.push({ categoryId: category.id, isRequired: link.isRequired ?? false });
      else if (link.isRequired !== undefined) attribute.categories[at] = { categoryId: category.id, isRequired: link.isRequired };
    }
  }
}

function settleValues(raw: readonly RawValue[], attributes: readonly Attribute[], endpoint: string): AttributeValue[] {
  const codeById = new Map(attributes.map((a) => [a.id, a.code]));
  const idByCode = new Map(attributes.map((a) => [a.code, a.id]));
  const seen = new Set<string>();
  const out: AttributeValue[] = [];
  const linkField = findLinkFieldByValue(raw, codeById);
  raw.forEach(({ linkCandidates, ...read }, index) => {
    const linked = linkField === undefined ? undefined : linkCandidates?.[linkField];
    const value: AttributeValue = linked === undefined ? read : { ...read, attributeId: linked };
    const attributeCode = value.attributeCode || (value.attributeId === null ? undefined : codeById.get(value.attributeId));
    if (attributeCode === undefined) {
      const why = value.attributeId === null ? `carries neither an attribute code nor an attribute id${linkCandidates === undefined ? '' : ` (no field of the values holds only attribute ids: ${Object.keys(linkCandidates).join(', ') || 'no integer field'})`}` : `names attribute id ${value.attributeId}, which the attribute directory does not hold`;
      throw new SchemaMismatchError(endpoint, [
        { path: `[${index}]`, message: `value ${value.code} (id ${value.id}) ${why} (looked for value.attributeCode and value.attributeId; map other names under service.fields in the settings — see docs/service-profile.md)` },
      ]);
    }
    const key = `${attributeCode}\u0000${value.id}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ...value, attributeCode, attributeId: value.attributeId ?? idByCode.get(attributeCode) ?? null });
  });
  return out;
}

/**
 * The field that links values to their attribute when no known name does, found by value: among
 * the integer fields the unlinked values carry, the one whose every value is an attribute id
 * (`characteristicId`, whatever its name). Ambiguous (two such fields) or none: undefined.
 */
function findLinkFieldByValue(raw: readonly RawValue[], codeById: ReadonlyMap<number, string>): string | undefined {
  const unlinked = raw.filter((value) => value.linkCandidates !== undefined);
  if (unlinked.length === 0) return undefined;
  const names = new Set(unlinked.flatMap((value) => Object.keys(value.linkCandidates ?? {})));
  const fits = [...names].filter((name) => unlinked.every((value) => {
    const id = value.linkCandidates?.[name];
    return id !== undefined && codeById.has(id);
  }));
  return fits.length === 1 ? fits[0] : undefined;
}

function settleUnstatedTypes(attributes: Attribute[], values: readonly AttributeValue[]): void {
  const withValues = new Set(values.map((v) => v.attributeCode));
  for (const attribute of attributes) {
    if (!attribute.unstated?.includes('type')) continue;
    attribute.type = withValues.has(attribute.code) ? 'dictionary' : 'text';
  }
}

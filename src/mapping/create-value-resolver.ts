/**
 * Resolves seller text to directory entries, in one documented order:
 *
 * 1. an explicit entry of the mapping (`categories`, `brands`, an attribute's `values`), keys
 *    compared with `normalizeName`;
 * 2. a directory id (categories, brands: a cell holding only digits) or code (values);
 * 3. an exact directory name after normalisation (Russian or Kazakh; categories also by path);
 * 4. with `unmapped: auto` only: the single clearly nearest entry (score ≥ 0.8 and 0.1 ahead of the
 *    next), reported as a warning by the caller;
 * 5. otherwise a miss, with the three nearest entries as suggestions.
 *
 * Results are cached per resolver (a run), since a sheet repeats the same few values many times.
 */
import type { Attribute, AttributeValue, Brand, Category } from '../domain/index.js';
import { buildCategoryPath, type DirectoryIndex } from './directory-index.js';
import type { Mapping } from './mapping-schema.js';
import { detachString } from './detach-string.js';
import { normalizeName, normalizePath } from './normalize-name.js';
import { suggestEntries, type Suggestion, type SuggestionCandidate } from './suggest-entries.js';

/** How an entry was found. */
export type ResolvedVia = 'mapping' | 'id' | 'code' | 'name' | 'approximate';

/** The outcome of resolving one text. */
export type Resolution<T> = (
  /** Found: one entry (categories, brands) or one or more (values of a synonym mapped to several codes). */
  | { status: 'found'; entries: T[]; via: ResolvedVia; score?: number }
  /** Categories only: the text names a category that is not a leaf. */
  | { status: 'not_leaf'; entries: T[]; via: ResolvedVia }
  /** The text names several entries equally well. */
  | { status: 'ambiguous'; entries: T[]; via: ResolvedVia }
  /** Nothing matched; `target` is set when an explicit mapping entry points to something missing. */
  | { status: 'missing'; suggestions: Suggestion<T>[]; target?: string }
) & {
  /** The `categories`/`brands` entry the text met (its key as `normalizeName` gives it), when one did: a run counts the entries its rows reach (`track-mapping-usage.ts`). */
  key?: string;
};

/** Resolves seller text against the directories under one mapping. */
export interface ValueResolver {
  /** Seller category text (a cell, or `defaults.category`). */
  resolveCategory(text: string): Resolution<Category>;
  /** A category target of the mapping: id, exact name or path. */
  resolveCategoryTarget(target: number | string): Resolution<Category>;
  /** Seller brand text. */
  resolveBrand(text: string): Resolution<Brand>;
  /** A brand target of the mapping: id or exact name. */
  resolveBrandTarget(target: number | string): Resolution<Brand>;
  /** One seller value (already split) of the attribute mapped at `mapping.attributes[attributeIndex]`. */
  resolveValue(attributeIndex: number, text: string): Resolution<AttributeValue>;
  /** Label of a category for messages: `Одежда / Футболки (11)`. */
  describeCategory(category: Category): string;
}

const AUTO_MIN_SCORE = 0.8;
const AUTO_MIN_GAP = 0.1;
const CACHE_LIMIT = 50_000;

/** Creates a resolver; call once per run (it caches). */
export function createValueResolver(mapping: Mapping, index: DirectoryIndex): ValueResolver {
  const auto = mapping.unmapped === 'auto';
  const cache = createResolutionCache();
  return {
    ...createCategoryResolver(mapping, index, cache, auto),
    ...createBrandResolver(mapping, index, cache, auto),
    resolveValue: createAttributeValueResolver(mapping, index, cache, auto),
  };
}

/** Caches of resolutions, one per kind (and per attribute), with one limit on their entries together. */
interface ResolutionCache {
  /** The cached resolution of `key` in `cache`, else `compute()` (kept while under the limit). */
  cached<K extends number | string, T>(cache: Map<K, Resolution<T>>, key: K, compute: () => Resolution<T>): Resolution<T>;
}

function createResolutionCache(): ResolutionCache {
  let cachedCount = 0;
  return {
    // Keyed by the text itself: a composed key was a new string to build and hash on every call.
    cached(cache, key, compute) {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const result = compute();
      if (cachedCount < CACHE_LIMIT) {
        cachedCount++;
        cache.set(typeof key === 'string' ? (detachString(key) as typeof key) : key, result);
      }
      return result;
    },
  };
}

/** Categories: by the mapping's `categories`, id, exact name or path, else the nearest leaf. */
function createCategoryResolver(
  mapping: Mapping,
  index: DirectoryIndex,
  { cached }: ResolutionCache,
  auto: boolean,
): Pick<ValueResolver, 'resolveCategory' | 'resolveCategoryTarget' | 'describeCategory'> {
  const explicitEntries = buildExplicitMap(mapping.categories);
  const targetCache = new Map<number | string, Resolution<Category>>();
  const textCache = new Map<string, Resolution<Category>>();
  let leafCandidates: SuggestionCandidate<Category>[] | undefined;

  const describeCategory = (category: Category): string => `${buildCategoryPath(category, index.categoryById)} (${category.id})`;

  const suggestCategories = (text: string): Suggestion<Category>[] => {
    leafCandidates ??= index.directories.categories
      .filter((category) => !index.nonLeafIds.has(category.id))
      .map((category) => ({
        label: describeCategory(category),
        names: [category.name.rus, category.name.kaz, buildCategoryPath(category, index.categoryById)],
        entry: category,
      }));
    return suggestEntries(text, leafCandidates);
  };

  const categoryById = (id: number, via: ResolvedVia): Resolution<Category> => {
    const category = index.categoryById.get(id);
    if (category === undefined) return { status: 'missing', suggestions: [], target: String(id) };
    if (index.nonLeafIds.has(id)) return { status: 'not_leaf', entries: [category], via };
    return { status: 'found', entries: [category], via };
  };

  const categoryByName = (text: string, via: ResolvedVia): Resolution<Category> | undefined => {
    const found = new Set([...(index.categoriesByName.get(normalizeName(text)) ?? []), ...(index.categoriesByName.get(normalizePath(text)) ?? [])]);
    if (found.size === 0) return undefined;
    const leaves = [...found].filter((category) => !index.nonLeafIds.has(category.id));
    if (leaves.length === 1) return { status: 'found', entries: leaves, via };
    if (leaves.length > 1) return { status: 'ambiguous', entries: leaves, via };
    return { status: 'not_leaf', entries: [...found], via };
  };

  const resolveCategoryTarget = (target: number | string): Resolution<Category> =>
    cached(targetCache, target, () => {
      if (typeof target === 'number') return categoryById(target, 'id');
      return categoryByName(target, 'name') ?? { status: 'missing', suggestions: suggestCategories(target), target };
    });

  return {
    describeCategory,
    resolveCategoryTarget,
    resolveCategory: (text) =>
      cached(textCache, text, () => {
        const key = normalizeName(text);
        const explicit = explicitEntries.get(key);
        if (explicit !== undefined) return withVia(resolveCategoryTarget(explicit), 'mapping', detachString(key));
        if (/^\d+$/.test(text.trim())) {
          const byId = categoryById(Number(text.trim()), 'id');
          if (byId.status !== 'missing') return byId;
        }
        const byName = categoryByName(text, 'name');
        if (byName !== undefined) return byName;
        return pickApproximate(suggestCategories(text), auto);
      }),
  };
}

/** Brands: by the mapping's `brands`, id, exact name or code, else the nearest brand. */
function createBrandResolver(mapping: Mapping, index: DirectoryIndex, { cached }: ResolutionCache, auto: boolean): Pick<ValueResolver, 'resolveBrand' | 'resolveBrandTarget'> {
  const explicitEntries = buildExplicitMap(mapping.brands);
  const targetCache = new Map<number | string, Resolution<Brand>>();
  const textCache = new Map<string, Resolution<Brand>>();
  let brandCandidates: SuggestionCandidate<Brand>[] | undefined;

  const suggestBrands = (text: string): Suggestion<Brand>[] => {
    brandCandidates ??= index.directories.brands.map((brand) => ({
      label: `${brand.name} (${brand.id})`,
      names: brand.code === null ? [brand.name] : [brand.name, brand.code],
      entry: brand,
    }));
    return suggestEntries(text, brandCandidates);
  };

  const brandByName = (text: string, via: ResolvedVia): Resolution<Brand> | undefined => {
    const found = index.brandsByName.get(normalizeName(text));
    if (found === undefined || found.length === 0) return undefined;
    return found.length === 1 ? { status: 'found', entries: found, via } : { status: 'ambiguous', entries: found, via };
  };

  const resolveBrandTarget = (target: number | string): Resolution<Brand> =>
    cached(targetCache, target, () => {
      if (typeof target === 'number') {
        const brand = index.brandById.get(target);
        return brand === undefined ? { status: 'missing', suggestions: [], target: String(target) } : { status: 'found', entries: [brand], via: 'id' };
      }
      return brandByName(target, 'name') ?? { status: 'missing', suggestions: suggestBrands(target), target };
    });

  return {
    resolveBrandTarget,
    resolveBrand: (text) =>
      cached(textCache, text, () => {
        const key = normalizeName(text);
        const explicit = explicitEntries.get(key);
        if (explicit !== undefined) return withVia(resolveBrandTarget(explicit), 'mapping', detachString(key));
        if (/^\d+$/.test(text.trim())) {
          const brand = index.brandById.get(Number(text.trim()));
          if (brand !== undefined) return { status: 'found', entries: [brand], via: 'id' };
        }
        return brandByName(text, 'name') ?? pickApproximate(suggestBrands(text), auto);
      }),
  };
}

/** Attribute values: by the attribute's `values`, code, exact name, else the nearest value. */
function createAttributeValueResolver(mapping: Mapping, index: DirectoryIndex, { cached }: ResolutionCache, auto: boolean): ValueResolver['resolveValue'] {
  const valueEntries = mapping.attributes.map((attribute) => {
    const entries = new Map<string, string[]>();
    for (const [key, codes] of Object.entries(attribute.values)) entries.set(normalizeName(key), typeof codes === 'string' ? [codes] : codes);
    return entries;
  });
  const valueCaches = mapping.attributes.map(() => new Map<string, Resolution<AttributeValue>>());
  return (attributeIndex, text) =>
    cached(valueCaches[attributeIndex] ?? new Map<string, Resolution<AttributeValue>>(), text, (): Resolution<AttributeValue> => {
      const attributeMapping = mapping.attributes[attributeIndex];
      const values = attributeMapping === undefined ? undefined : index.valuesByAttribute.get(attributeMapping.code);
      const explicit = valueEntries[attributeIndex]?.get(normalizeName(text));
      if (explicit !== undefined) {
        const entries = explicit.map((code) => values?.byCode.get(code));
        const missing = explicit.find((_, i) => entries[i] === undefined);
        if (missing !== undefined) return { status: 'missing', suggestions: [], target: missing };
        return { status: 'found', entries: entries as AttributeValue[], via: 'mapping' };
      }
      if (values === undefined) return { status: 'missing', suggestions: [] };
      const byCode = values.byCode.get(text.trim());
      if (byCode !== undefined) return { status: 'found', entries: [byCode], via: 'code' };
      const byName = values.byName.get(normalizeName(text));
      if (byName !== undefined && byName.length > 0) {
        const codes = new Set(byName.map((value) => value.code));
        return codes.size === 1 ? { status: 'found', entries: [byName[0] as AttributeValue], via: 'name' } : { status: 'ambiguous', entries: byName, via: 'name' };
      }
      const suggestions = suggestEntries(
        text,
        values.all.map((value) => ({ label: `${value.name.rus || value.code} (${value.code})`, names: [value.name.rus, value.name.kaz, value.code], entry: value })),
      );
      return pickApproximate(suggestions, auto);
    });
}

/**
 * Whether an attribute accepts free text: by default for non-dictionary types, and on the
 * mapping's `free: true` when the directory does not state the type.
 */
export function isFreeAttribute(attribute: Attribute, free: boolean | undefined): boolean {
  if (free === true && (attribute.unstated ?? []).includes('type')) return true;
  return attribute.type !== 'dictionary' && free !== false;
}

function buildExplicitMap(entries: Record<string, number | string>): Map<string, number | string> {
  const map = new Map<string, number | string>();
  for (const [key, target] of Object.entries(entries)) map.set(normalizeName(key), target);
  return map;
}

/** A target's resolution as the answer of the mapping entry `key`. */
function withVia<T>(resolution: Resolution<T>, via: ResolvedVia, key: string): Resolution<T> {
  return resolution.status === 'missing' ? { ...resolution, key } : { ...resolution, via, key };
}

function pickApproximate<T>(suggestions: Suggestion<T>[], auto: boolean): Resolution<T> {
  const [best, second] = suggestions;
  if (auto && best !== undefined && best.score >= AUTO_MIN_SCORE && (second === undefined || best.score - second.score >= AUTO_MIN_GAP)) {
    return { status: 'found', entries: [best.entry], via: 'approximate', score: best.score };
  }
  return { status: 'missing', suggestions };
}

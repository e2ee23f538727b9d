/**
 * Rules of a parsed mapping against the marketplace directories. Every rule runs, and all issues
 * are reported together before any row is read.
 */
import { SERVICE_LIMITS, type Attribute, type Brand, type Category, type Directories } from '../domain/index.js';
import { createIssue, type Issue, type IssueData, type Severity } from '../core/issue.js';
import { createValueResolver, isFreeAttribute, type Resolution, type ValueResolver } from './create-value-resolver.js';
import { createRequirementPolicy } from './create-requirement-policy.js';
import { createDirectoryIndex, type DirectoryIndex } from './directory-index.js';
import type { MappingIssueCode } from './issue-codes.js';
import type { ColumnRef, Mapping } from './mapping-schema.js';
import { listPhotoColumns } from './list-mapped-columns.js';
import { normalizeHeader } from './normalize-name.js';
import { createSectionResolver, resolveFileSections } from './resolve-file-sections.js';
import { describeSuggestions, suggestEntries } from './suggest-entries.js';

/** What every rule gets. */
export interface MappingRuleContext {
  mapping: Mapping;
  index: DirectoryIndex;
  resolver: ValueResolver;
  /** Mapping file name, for issue locations. */
  file: string | undefined;
  report(code: MappingIssueCode, severity: Severity, path: string, data: IssueData, value?: string): void;
}

/** One rule: looks at the mapping and reports through the context. */
export type MappingRule = (ctx: MappingRuleContext) => void;

/** Checks a parsed mapping against the directories. Returns every issue found (errors and warnings). */
export function checkMappingRules(
  mapping: Mapping,
  directories: Directories,
  options: { file?: string; index?: DirectoryIndex; resolver?: ValueResolver } = {},
): Issue[] {
  const index = options.index ?? createDirectoryIndex(directories);
  const resolver = options.resolver ?? createValueResolver(mapping, index);
  const issues: Issue[] = [];
  const ctx: MappingRuleContext = {
    mapping,
    index,
    resolver,
    file: options.file,
    report(code, severity, path, data, value) {
      issues.push(createIssue({ stage: 'mapping', severity, code, data, file: options.file, path, value }));
    },
  };
  for (const rule of MAPPING_RULES) rule(ctx);
  return issues;
}

const checkCategoryTargets: MappingRule = (ctx) => {
  for (const [sellerText, target] of Object.entries(ctx.mapping.categories)) {
    reportCategory(ctx, ctx.resolver.resolveCategoryTarget(target), `categories.${sellerText}`, String(target));
  }
  const fallback = ctx.mapping.defaults.category;
  if (fallback !== undefined) {
    const resolution = typeof fallback === 'number' ? ctx.resolver.resolveCategoryTarget(fallback) : ctx.resolver.resolveCategory(fallback);
    reportCategory(ctx, resolution, 'defaults.category', String(fallback));
  }
};

const checkBrandTargets: MappingRule = (ctx) => {
  for (const [sellerText, target] of Object.entries(ctx.mapping.brands)) {
    reportBrand(ctx, ctx.resolver.resolveBrandTarget(target), `brands.${sellerText}`, String(target));
  }
  const fallback = ctx.mapping.defaults.brand;
  if (fallback !== undefined) {
    const resolution = typeof fallback === 'number' ? ctx.resolver.resolveBrandTarget(fallback) : ctx.resolver.resolveBrand(fallback);
    reportBrand(ctx, resolution, 'defaults.brand', String(fallback));
  }
};

const checkAttributes: MappingRule = (ctx) => {
  const seen = new Map<string, number>();
  ctx.mapping.attributes.forEach((mapped, i) => {
    const path = `attributes[${i}]`;
    const first = seen.get(mapped.code);
    if (first !== undefined) {
      ctx.report('duplicate_attribute', 'error', `${path}.code`, { first }, mapped.code);
    } else {
      seen.set(mapped.code, i);
    }
    const attribute = ctx.index.attributeByCode.get(mapped.code);
    if (attribute === undefined) {
      ctx.report('unknown_attribute', 'error', `${path}.code`, suggestAttributeCodes(ctx.index, mapped.code), mapped.code);
      return;
    }
    const expected = attribute.isSkuDefining ? 'sku' : 'product';
    // Where the directory is silent the mapping's word is the only one: it is honoured, not refused.
    const stated = (fact: 'type' | 'isSkuDefining' | 'isMultiple'): boolean => !(attribute.unstated ?? []).includes(fact);
    if (mapped.level !== undefined && mapped.level !== expected && stated('isSkuDefining')) {
      ctx.report(
        'attribute_level_mismatch',
        'error',
        `${path}.level`,
        { variant: attribute.isSkuDefining ? 'sku_defining' : 'not_sku_defining', attribute: mapped.code, expected },
        mapped.level,
      );
    }
    if (mapped.free === true && attribute.type === 'dictionary' && stated('type')) {
      ctx.report('free_values_not_allowed', 'error', `${path}.free`, { attribute: mapped.code });
    }
    if (mapped.separator !== undefined && !attribute.isMultiple && stated('isMultiple')) {
      ctx.report('separator_on_single_value_attribute', 'warning', `${path}.separator`, { attribute: mapped.code });
    }
    checkValueCodes(ctx, attribute, i);
  });
};

const checkColumnConflicts: MappingRule = (ctx) => {
  // Fields that must each have their own column; productKey/skuKey may share one with anything, and
  // category/brand/isLocalMade columns may also feed an attribute.
  const { columns } = ctx.mapping;
  const exclusive: [string, ColumnRef | undefined][] = [
    ['columns.shopId', columns.shopId],
    ['columns.category', columns.category],
    ['columns.brand', columns.brand],
    ['columns.isLocalMade', columns.isLocalMade],
    ['columns.name.rus', columns.name?.rus],
    ['columns.name.kaz', columns.name?.kaz],
    ['columns.description.rus', columns.description?.rus],
    ['columns.description.kaz', columns.description?.kaz],
    ['columns.vat', columns.vat],
    ['columns.price', columns.price],
    ['columns.barcode', columns.barcode],
    ['columns.productId', columns.productId],
    ['columns.skuId', columns.skuId],
    ...listPhotoColumns(ctx.mapping).map((ref, i): [string, ColumnRef] => [`columns.photos[${i}]`, ref]),
  ];
  const sharedWithAttributes = new Set(['columns.category', 'columns.brand', 'columns.isLocalMade']);
  const owners = new Map<string, string>();
  for (const [path, ref] of exclusive) {
    if (ref === undefined) continue;
    const key = columnKey(ref);
    const owner = owners.get(key);
    if (owner !== undefined) {
      ctx.report('column_used_twice', 'error', path, { owner }, describeRef(ref));
    } else {
      owners.set(key, path);
    }
  }
  ctx.mapping.attributes.forEach((mapped, i) => {
    if (mapped.column === undefined) return;
    const owner = owners.get(columnKey(mapped.column));
    if (owner !== undefined && !sharedWithAttributes.has(owner) && !owner.startsWith('columns.name') && !owner.startsWith('columns.description')) {
      ctx.report('column_used_twice', 'error', `attributes[${i}].column`, { owner }, describeRef(mapped.column));
    }
  });
};

const checkVatDefault: MappingRule = (ctx) => {
  const vat = ctx.mapping.defaults.vat;
  if (vat !== undefined && !ctx.mapping.validation.vat.includes(vat)) {
    ctx.report('invalid_vat', 'error', 'defaults.vat', { variant: 'default', allowed: ctx.mapping.validation.vat.join(', ') }, String(vat));
  }
};

const checkBatchSize: MappingRule = (ctx) => {
  if (ctx.mapping.batchSize > SERVICE_LIMITS.importBatch) {
    ctx.report(
      'batch_size_capped',
      'warning',
      'batchSize',
      { limit: SERVICE_LIMITS.importBatch },
      String(ctx.mapping.batchSize),
    );
  }
};

const checkRequiredAttributes: MappingRule = (ctx) => {
  // Only categories the mapping names are known before the rows are read.
  const categoryIds = new Set<number>();
  const addFound = (resolution: Resolution<{ id: number }>): void => {
    if (resolution.status === 'found') for (const entry of resolution.entries) categoryIds.add(entry.id);
  };
  for (const target of Object.values(ctx.mapping.categories)) addFound(ctx.resolver.resolveCategoryTarget(target));
  const fallback = ctx.mapping.defaults.category;
  if (fallback !== undefined) addFound(typeof fallback === 'number' ? ctx.resolver.resolveCategoryTarget(fallback) : ctx.resolver.resolveCategory(fallback));
  const mapped = new Set(ctx.mapping.attributes.map((attribute) => attribute.code));
  // `categoryDefaults` give attributes to their own category only.
  const defaulted = new Map<number, Set<string>>();
  for (const [key, entry] of Object.entries(ctx.mapping.categoryDefaults)) {
    const resolution = /^\d+$/.test(key.trim()) ? ctx.resolver.resolveCategoryTarget(Number(key)) : ctx.resolver.resolveCategory(key);
    if (resolution.status !== 'found') continue;
    for (const category of resolution.entries) defaulted.set(category.id, new Set([...(defaulted.get(category.id) ?? []), ...Object.keys(entry.attributes)]));
  }
  const requirements = createRequirementPolicy(ctx.mapping, ctx.index, () => ctx.resolver);
  for (const categoryId of [...categoryIds].sort((a, b) => a - b)) {
    for (const { link, judgement } of requirements.requiredIn(categoryId)) {
      if (!mapped.has(link.attribute.code) && !defaulted.get(categoryId)?.has(link.attribute.code)) {
        const category = ctx.index.categoryById.get(categoryId);
        const data = { category: category === undefined ? categoryId : ctx.resolver.describeCategory(category), attribute: link.attribute.code, attributeName: link.attribute.name.rus };
        ctx.report('required_attribute_unmapped', 'warning', 'attributes', judgement.source === 'directory-unclear' ? { ...data, variant: 'unclear' } : data, link.attribute.code);
      }
    }
  }
};

// The seller named the file's sections: one that names nothing would switch the guard off without a word (a car bulb
// placed sure in home lights), so it is an error before any row is read, as `mapping review` refuses it.
const checkFileSections: MappingRule = (ctx) => {
  const { problems } = resolveFileSections(ctx.mapping.classify.sections, createSectionResolver(ctx.index));
  for (const problem of problems) ctx.report(problem.code, 'error', `classify.sections[${problem.at}]`, { variant: 'file_sections', problem: problem.message }, String(problem.target));
};

/** The rules, in reporting order. */
const MAPPING_RULES: readonly MappingRule[] = [
  checkCategoryTargets,
  checkBrandTargets,
  checkAttributes,
  checkColumnConflicts,
  checkVatDefault,
  checkBatchSize,
  checkRequiredAttributes,
  checkFileSections,
];

function checkValueCodes(ctx: MappingRuleContext, attribute: Attribute, attributeIndex: number): void {
  const mapped = ctx.mapping.attributes[attributeIndex];
  if (mapped === undefined) return;
  const values = ctx.index.valuesByAttribute.get(attribute.code);
  for (const [sellerText, target] of Object.entries(mapped.values)) {
    for (const code of typeof target === 'string' ? [target] : target) {
      if (values?.byCode.has(code) === true) continue;
      const path = `attributes[${attributeIndex}].values.${sellerText}`;
      if (isFreeAttribute(attribute, mapped.free)) continue;
      const elsewhere = ctx.index.valuesByCode.get(code);
      if (elsewhere !== undefined && elsewhere.length > 0) {
        ctx.report(
          'value_of_other_attribute',
          'error',
          path,
          { owners: elsewhere.map((value) => value.attributeCode).join(', '), attribute: attribute.code },
          code,
        );
      } else {
        const suggestions = values === undefined ? [] : values.all.filter((value) => value.code.toLowerCase() === code.toLowerCase());
        const hint = suggestions.length > 0 ? { hint: 'did_you_mean', suggestions: suggestions.map((value) => value.code).join(', ') } : {};
        ctx.report('unknown_attribute_value', 'error', path, { variant: 'mapping', attribute: attribute.code, ...hint }, code);
      }
    }
  }
}

function reportCategory(ctx: MappingRuleContext, resolution: Resolution<Category>, path: string, value: string): void {
  switch (resolution.status) {
    case 'found':
      return;
    case 'not_leaf':
      ctx.report('category_not_leaf', 'error', path, { categories: resolution.entries.map(ctx.resolver.describeCategory).join(', '), hint: 'map_to_one_subcategory' }, value);
      return;
    case 'ambiguous':
      ctx.report('ambiguous_category', 'error', path, { hint: 'use_id_or_path', entries: resolution.entries.map(ctx.resolver.describeCategory).join('; ') }, value);
      return;
    case 'missing':
      ctx.report('unknown_category', 'error', path, { variant: 'directory', ...describeSuggestions(resolution.suggestions) }, value);
  }
}

function reportBrand(ctx: MappingRuleContext, resolution: Resolution<Brand>, path: string, value: string): void {
  if (resolution.status === 'found') return;
  if (resolution.status === 'missing') {
    ctx.report('unknown_brand', 'error', path, { variant: 'directory', ...describeSuggestions(resolution.suggestions) }, value);
  } else {
    ctx.report('ambiguous_brand', 'error', path, { hint: 'use_id', entries: resolution.entries.map((brand) => `${brand.name} (${brand.id})`).join('; ') }, value);
  }
}

function suggestAttributeCodes(index: DirectoryIndex, code: string): IssueData {
  const candidates = index.directories.attributes.map((attribute) => ({
    label: `${attribute.code} (${attribute.name.rus})`,
    names: [attribute.code, attribute.name.rus, attribute.name.kaz],
    entry: attribute,
  }));
  return describeSuggestions(suggestEntries(code, candidates));
}

function columnKey(ref: ColumnRef): string {
  if (typeof ref === 'string') return `h:${normalizeHeader(ref)}`;
  if ('header' in ref) return `h:${normalizeHeader(ref.header)}`;
  return `l:${ref.letter.toUpperCase()}`;
}

function describeRef(ref: ColumnRef): string {
  if (typeof ref === 'string') return `column "${ref}"`;
  if ('header' in ref) return `column "${ref.header}"`;
  return `column ${ref.letter.toUpperCase()}`;
}

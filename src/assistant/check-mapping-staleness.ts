/**
 * `mapping check` (pure): what in a mapping went stale against the current directories, and which
 * rows of the last run each problem affects when that is known.
 *
 * - Entries that no longer exist (category, brand, attribute, value) come from `checkMappingRules`,
 *   with a hint naming what the entry was in the previous snapshot.
 * - A category that is no longer a leaf: its id is now another category's parent (or it left the
 *   leaf list while its children name it), with its subcategories as the hint.
 * - Attributes required in a mapped category that the mapping does not feed, as
 *   `attribute_became_required` when the previous snapshot did not require them.
 *
 * Affected rows come from the last run's products (their categories, brands and codes), or from
 * rows of the seller file read again (their category, brand and attribute texts).
 */
import type { Directories } from '../domain/index.js';
import { createIssue, type Issue } from '../core/issue.js';
import type { ProductDraft, RowRef } from '../core/types.js';
import { checkMappingRules } from '../mapping/check-mapping-rules.js';
import { createValueResolver } from '../mapping/create-value-resolver.js';
import { buildCategoryPath, createDirectoryIndex, type DirectoryIndex } from '../mapping/directory-index.js';
import type { Mapping } from '../mapping/mapping-schema.js';
import { normalizeName } from '../mapping/normalize-name.js';

/** One row of the seller file read again: the texts of the mapped category, brand and attribute columns. */
export interface SellerRowTexts {
  ref: RowRef;
  category?: string;
  brand?: string;
  /** Cell text per `mapping.attributes` index. */
  attributes: ReadonlyMap<number, string>;
}

/** Inputs of the check. */
export interface StalenessInput {
  mapping: Mapping;
  /** Mapping file name, for issue locations. */
  mappingFile?: string;
  /** The directories now. */
  directories: Directories;
  /** The snapshot before (the cache), for hints and "became required". */
  previous?: Directories;
  /** The last run's products. */
  products?: Iterable<ProductDraft>;
  /** Rows of the seller file read again; used when `products` is not given. */
  rows?: Iterable<SellerRowTexts>;
}

/** One stale thing and the rows it affects. */
export interface StaleFinding {
  issue: Issue;
  /** Affected rows, in file order; empty when unknown or none. */
  rows: RowRef[];
}

type ProductTest = (product: ProductDraft) => RowRef[];
type RowTest = (row: SellerRowTexts) => boolean;

interface PendingFinding {
  issue: Issue;
  product?: ProductTest;
  row?: RowTest;
}

/** Runs the check. The findings are errors, except warnings the rules report as such. */
export function checkMappingStaleness(input: StalenessInput): StaleFinding[] {
  const { mapping } = input;
  const index = createDirectoryIndex(input.directories);
  const previousIndex = input.previous === undefined ? undefined : createDirectoryIndex(input.previous);
  const previousResolver = previousIndex === undefined ? undefined : createValueResolver(mapping, previousIndex);
  const categoryKeys = buildKeyMap(mapping.categories);
  const brandKeys = buildKeyMap(mapping.brands);
  const pending: PendingFinding[] = [];

  // The category id(s) a mapping target meant when the mapping was written: an id, or a name resolved in the previous snapshot.
  const categoryIdsOf = (target: number | string): number[] => {
    if (typeof target === 'number') return [target];
    const resolved = previousResolver?.resolveCategoryTarget(target) ?? createValueResolver(mapping, index).resolveCategoryTarget(target);
    return resolved.status === 'missing' ? [] : resolved.entries.map((category) => category.id);
  };
  const brandIdsOf = (target: number | string): number[] => {
    if (typeof target === 'number') return [target];
    const resolved = previousResolver?.resolveBrandTarget(target);
    return resolved === undefined || resolved.status === 'missing' ? [] : resolved.entries.map((brand) => brand.id);
  };

  for (const issue of checkMappingRules(mapping, input.directories, input.mappingFile === undefined ? {} : { file: input.mappingFile })) {
    if (issue.code === 'required_attribute_unmapped') continue;
    const path = issue.path ?? '';
    if (path.startsWith('categories.') || path === 'defaults.category') {
      const sellerText = path === 'defaults.category' ? undefined : path.slice('categories.'.length);
      const target = sellerText === undefined ? mapping.defaults.category : mapping.categories[sellerText];
      const ids = target === undefined ? [] : categoryIdsOf(target);
      pending.push({
        issue: refineCategoryIssue(issue, ids, index, previousIndex),
        product: (product) => (ids.includes(product.item.categoryId) ? product.rows : []),
        row: (row) => (sellerText === undefined ? isBlank(row.category) : categoryKeys.get(normalizeName(row.category ?? '')) === sellerText),
      });
    } else if (path.startsWith('brands.') || path === 'defaults.brand') {
      const sellerText = path === 'defaults.brand' ? undefined : path.slice('brands.'.length);
      const target = sellerText === undefined ? mapping.defaults.brand : mapping.brands[sellerText];
      const ids = target === undefined ? [] : brandIdsOf(target);
      const was = ids.map((id) => previousIndex?.brandById.get(id)).find((brand) => brand !== undefined);
      pending.push({
        issue: was === undefined ? issue : withHint(issue, `it was ${was.name} [${was.id}] in the snapshot of ${input.previous?.fetchedAt ?? '?'}`),
        product: (product) => (ids.includes(product.item.brandId) ? product.rows : []),
        row: (row) => (sellerText === undefined ? isBlank(row.brand) : brandKeys.get(normalizeName(row.brand ?? '')) === sellerText),
      });
    } else {
      const valueMatch = /^attributes\[(\d+)\]\.values\.(.*)$/s.exec(path);
      const codeMatch = /^attributes\[(\d+)\]\.code$/.exec(path);
      if (valueMatch !== null) {
        const attributeIndex = Number(valueMatch[1]);
        const sellerText = valueMatch[2] ?? '';
        const mapped = mapping.attributes[attributeIndex];
        const code = issue.value ?? '';
        const was = previousIndex?.valuesByAttribute.get(mapped?.code ?? '')?.byCode.get(code);
        pending.push({
          issue: was === undefined ? issue : withHint(issue, `it was "${was.name.rus}" in the snapshot of ${input.previous?.fetchedAt ?? '?'}`),
          product: (product) => findRowsWithCode(product, mapped?.code ?? '', code),
          row: (row) => splitCell(row.attributes.get(attributeIndex), mapped?.separator).some((piece) => normalizeName(piece) === normalizeName(sellerText)),
        });
      } else if (codeMatch !== null && issue.code === 'unknown_attribute') {
        const attributeIndex = Number(codeMatch[1]);
        const code = mapping.attributes[attributeIndex]?.code ?? '';
        pending.push({
          issue,
          product: (product) => (product.item.attributes.some((attribute) => attribute.code === code) ? product.rows : []),
          row: (row) => !isBlank(row.attributes.get(attributeIndex)),
        });
      } else if (issue.severity === 'error') {
        pending.push({ issue });
      }
    }
  }

  pending.push(...findUnfedRequiredAttributes(input, index, previousIndex, categoryIdsOf, categoryKeys));
  return attachRows(pending, input);
}

function refineCategoryIssue(issue: Issue, ids: readonly number[], index: DirectoryIndex, previous: DirectoryIndex | undefined): Issue {
  const children = index.directories.categories.filter((category) => category.parentId !== null && ids.includes(category.parentId));
  if (issue.code === 'unknown_category' && children.length > 0) {
    // The live service lists leaves only, so a leaf that got subcategories looks "unknown"; say what happened.
    const was = ids.map((id) => previous?.categoryById.get(id)).find((category) => category !== undefined);
    const name = was === undefined || previous === undefined ? issue.value : `${buildCategoryPath(was, previous.categoryById)} [${was.id}]`;
    return createIssue({
      ...issue,
      code: 'category_not_leaf',
      data: undefined,
      message: `category ${name ?? ''} is no longer a leaf category: it now has subcategories`,
      hint: `map to one of: ${children.map((category) => `${buildCategoryPath(category, index.categoryById)} [${category.id}]`).join('; ')}`,
    });
  }
  if (issue.code === 'category_not_leaf' && children.length > 0) {
    return withHint(issue, `map to one of: ${children.map((category) => `${buildCategoryPath(category, index.categoryById)} [${category.id}]`).join('; ')}`);
  }
  if (issue.code === 'unknown_category' && previous !== undefined) {
    const was = ids.map((id) => previous.categoryById.get(id)).find((category) => category !== undefined);
    if (was !== undefined) return withHint(issue, `it was ${buildCategoryPath(was, previous.categoryById)} [${was.id}] in the previous snapshot`);
  }
  return issue;
}

function findUnfedRequiredAttributes(
  input: StalenessInput,
  index: DirectoryIndex,
  previous: DirectoryIndex | undefined,
  categoryIdsOf: (target: number | string) => number[],
  categoryKeys: ReadonlyMap<string, string>,
): PendingFinding[] {
  const { mapping } = input;
  const fed = new Set(mapping.attributes.map((attribute) => attribute.code));
  // Seller texts per mapped category id, to find the file rows of a category.
  const textsByCategory = new Map<number, Set<string>>();
  for (const [sellerText, target] of Object.entries(mapping.categories)) {
    for (const id of categoryIdsOf(target)) {
      const texts = textsByCategory.get(id) ?? new Set<string>();
      texts.add(sellerText);
      textsByCategory.set(id, texts);
    }
  }
  const defaultIds = mapping.defaults.category === undefined ? [] : categoryIdsOf(mapping.defaults.category);
  const found: PendingFinding[] = [];
  for (const categoryId of [...new Set([...textsByCategory.keys(), ...defaultIds])].sort((a, b) => a - b)) {
    const category = index.categoryById.get(categoryId);
    if (category === undefined || index.nonLeafIds.has(categoryId)) continue;
    for (const link of index.attributesByCategory.get(categoryId) ?? []) {
      if (!link.isRequired || fed.has(link.attribute.code)) continue;
      const before = previous?.attributesByCategory.get(categoryId)?.find((old) => old.attribute.code === link.attribute.code);
      const became = previous !== undefined && (before === undefined || !before.isRequired);
      const label = `${buildCategoryPath(category, index.categoryById)} [${categoryId}]`;
      const code = link.attribute.code;
      const texts = textsByCategory.get(categoryId);
      found.push({
        issue: createIssue({
          stage: 'mapping',
          severity: 'error',
          code: became ? 'attribute_became_required' : 'required_attribute_unmapped',
          message: `attribute ${code} (${link.attribute.name.rus}) is ${became ? 'now ' : ''}required in category ${label}, and the mapping does not map it`,
          file: input.mappingFile,
          path: 'attributes',
          value: code,
          hint: 'add it under attributes with a column or a value',
        }),
        product: (product) => (product.item.categoryId === categoryId && !hasAttribute(product, code, index) ? product.rows : []),
        row: (row) =>
          isBlank(row.category) ? defaultIds.includes(categoryId) : texts !== undefined && texts.has(categoryKeys.get(normalizeName(row.category ?? '')) ?? '\u0000'),
      });
    }
  }
  return found;
}

function attachRows(pending: readonly PendingFinding[], input: StalenessInput): StaleFinding[] {
  const rows = pending.map(() => new Map<string, RowRef>());
  const add = (i: number, refs: readonly RowRef[]): void => {
    const map = rows[i];
    if (map === undefined) return;
    for (const ref of refs) map.set(`${ref.file}\u0000${ref.sheet ?? ''}\u0000${ref.row}`, ref);
  };
  if (input.products !== undefined) {
    for (const product of input.products) pending.forEach((finding, i) => finding.product !== undefined && add(i, finding.product(product)));
  } else if (input.rows !== undefined) {
    for (const row of input.rows) pending.forEach((finding, i) => finding.row !== undefined && finding.row(row) && add(i, [row.ref]));
  }
  return pending.map((finding, i) => ({ issue: finding.issue, rows: [...(rows[i]?.values() ?? [])].sort((a, b) => a.row - b.row) }));
}

function findRowsWithCode(product: ProductDraft, attributeCode: string, code: string): RowRef[] {
  if (product.item.attributes.some((attribute) => attribute.code === attributeCode && attribute.valueCodes.includes(code))) return product.rows;
  const refs: RowRef[] = [];
  product.item.skus.forEach((sku, i) => {
    const ref = product.skuRows[i];
    if (ref !== undefined && sku.attributeValueCodes.includes(code)) refs.push(ref);
  });
  return refs;
}

function hasAttribute(product: ProductDraft, code: string, index: DirectoryIndex): boolean {
  if (product.item.attributes.some((attribute) => attribute.code === code)) return true;
  const values = index.valuesByAttribute.get(code);
  return product.item.skus.length > 0 && product.item.skus.every((sku) => sku.attributeValueCodes.some((valueCode) => values?.byCode.has(valueCode) === true));
}

function buildKeyMap(entries: Record<string, unknown>): Map<string, string> {
  const map = new Map<string, string>();
  for (const key of Object.keys(entries)) map.set(normalizeName(key), key);
  return map;
}

function splitCell(text: string | undefined, separator: string | undefined): string[] {
  if (text === undefined) return [];
  return (separator === undefined ? [text] : text.split(separator)).map((piece) => piece.trim()).filter((piece) => piece !== '');
}

function isBlank(text: string | undefined): boolean {
  return text === undefined || text.trim() === '';
}

function withHint(issue: Issue, hint: string): Issue {
  return createIssue({ ...issue, hint: issue.hint === undefined ? hint : `${hint}; ${issue.hint}` });
}

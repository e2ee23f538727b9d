/**
 * The product classifier for the `lookup: category` step, loaded only for a mapping that uses the
 * step: a derived column's `lookup: category`, or a group-row column that falls back on the
 * product name (`_group|name`, `category: { fromGroups: …, otherwise: name }`). The classifier is
 * ~20 modules, some building their word tables at load; a mapping without the step, like most,
 * does without them (issue 39).
 */
import type { Mapping } from '../../mapping/mapping-schema.js';
import { hasNameGroupColumn } from './plan-group-columns.js';
import type { CategoryLookupCompiler } from './transform-rules.js';

/** The `lookup: category` compiler when `mapping` uses the step, else `undefined`. */
export async function loadCategoryLookup(mapping: Mapping): Promise<CategoryLookupCompiler | undefined> {
  if (!usesCategoryLookup(mapping)) return undefined;
  const { compileCategoryLookup } = await import('./lookup-category.js');
  return compileCategoryLookup;
}

function usesCategoryLookup(mapping: Mapping): boolean {
  const derives = mapping.derive.some((derived) => derived.steps.some((step) => 'lookup' in step && step.lookup === 'category'));
  return derives || hasNameGroupColumn(mapping);
}

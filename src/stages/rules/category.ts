/** The category: its cell (or `defaults.category`) resolved to one leaf category of the directory. */
import type { Category } from '../../domain/index.js';
import { compileDirectoryTargetRule } from './directory-target-rule.js';
import type { RuleFactory } from './field-rule.js';

/** Rule of `columns.category` / `defaults.category`. */
export const compileCategoryRule: RuleFactory = ({ slots, mapping, resolver, usage }) =>
  compileDirectoryTargetRule<Category>({
    name: 'category',
    slot: slots.category,
    fallback: mapping.defaults.category,
    section: 'categories',
    usage,
    unknownCode: 'unknown_category',
    resolveText: resolver.resolveCategory,
    resolveId: resolver.resolveCategoryTarget,
    describe: resolver.describeCategory,
    assign(record, category) {
      record.product.categoryId = category.id;
    },
    reportUnresolved(ctx, resolution, value, location) {
      const labels = resolution.entries.map(resolver.describeCategory);
      if (resolution.status === 'not_leaf') {
        ctx.report('category_not_leaf', 'error', location, { categories: labels.join(', '), hint: 'map_to_subcategory' }, value);
      } else {
        ctx.report('ambiguous_category', 'error', location, { hint: 'map_category_by_id', entries: labels.join('; ') }, value);
      }
    },
  });

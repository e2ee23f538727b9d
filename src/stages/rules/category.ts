/** The category: its cell (or `defaults.category`) resolved to one leaf category of the directory. */
import { formatSuggestions } from '../../mapping/suggest-entries.js';
import { describeMissing } from './describe-missing.js';
import type { RuleFactory } from './field-rule.js';

/** Rule of `columns.category` / `defaults.category`. */
export const compileCategoryRule: RuleFactory = ({ slots, mapping, resolver }) => {
  const slot = slots.category;
  const fallback = mapping.defaults.category;
  return {
    name: 'category',
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      const text = ctx.readText(slot);
      // An unusable cell was reported by `readText`.
      if (text === null) return;
      const input = text ?? fallback;
      if (input === undefined) {
        ctx.requireMissing(slot, 'the category');
        return;
      }
      const resolution = typeof input === 'number' ? resolver.resolveCategoryTarget(input) : resolver.resolveCategory(input);
      const location = text === undefined ? undefined : slot?.location;
      const value = String(input);
      switch (resolution.status) {
        case 'found': {
          const [category] = resolution.entries;
          if (category === undefined) break;
          record.product.categoryId = category.id;
          if (resolution.via === 'approximate') {
            ctx.report('value_matched_approximately', 'warning', location, `category "${value}" was matched to ${resolver.describeCategory(category)}`, value, 'add it to `categories` to confirm');
          }
          break;
        }
        case 'not_leaf':
          ctx.report(
            'category_not_leaf',
            'error',
            location,
            `category ${resolution.entries.map(resolver.describeCategory).join(', ')} is not a leaf category`,
            value,
            'map it to one of its subcategories in `categories`',
          );
          break;
        case 'ambiguous':
          ctx.report(
            'ambiguous_category',
            'error',
            location,
            `"${value}" names several leaf categories`,
            value,
            `map it in \`categories\` by id or path: ${resolution.entries.map(resolver.describeCategory).join('; ')}`,
          );
          break;
        case 'missing':
          ctx.report('unknown_category', 'error', location, describeMissing('category', value, resolution), value, formatSuggestions(resolution.suggestions));
      }
    },
  };
};

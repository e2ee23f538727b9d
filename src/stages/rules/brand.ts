/** The brand: its cell (or `defaults.brand`) resolved to one brand of the directory. */
import { formatSuggestions } from '../../mapping/suggest-entries.js';
import { describeMissing } from './describe-missing.js';
import type { RuleFactory } from './field-rule.js';

/** Rule of `columns.brand` / `defaults.brand`. */
export const compileBrandRule: RuleFactory = ({ slots, mapping, resolver }) => {
  const slot = slots.brand;
  const fallback = mapping.defaults.brand;
  return {
    name: 'brand',
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      const text = ctx.readText(slot);
      if (text === null) return;
      const input = text ?? fallback;
      if (input === undefined) {
        ctx.requireMissing(slot, 'the brand');
        return;
      }
      const resolution = typeof input === 'number' ? resolver.resolveBrandTarget(input) : resolver.resolveBrand(input);
      const location = text === undefined ? undefined : slot?.location;
      const value = String(input);
      if (resolution.status === 'found') {
        const brand = resolution.entries[0];
        if (brand !== undefined) record.product.brandId = brand.id;
        if (resolution.via === 'approximate' && brand !== undefined) {
          ctx.report('value_matched_approximately', 'warning', location, `brand "${value}" was matched to ${brand.name} (${brand.id})`, value, 'add it to `brands` to confirm');
        }
      } else if (resolution.status === 'missing') {
        ctx.report('unknown_brand', 'error', location, describeMissing('brand', value, resolution), value, formatSuggestions(resolution.suggestions));
      } else {
        ctx.report(
          'ambiguous_brand',
          'error',
          location,
          `"${value}" names several brands`,
          value,
          `map it in \`brands\` by id: ${resolution.entries.map((brand) => `${brand.name} (${brand.id})`).join('; ')}`,
        );
      }
    },
  };
};

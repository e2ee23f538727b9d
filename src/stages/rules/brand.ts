/** The brand: its cell (or `defaults.brand`) resolved to one brand of the directory. */
import type { Brand } from '../../domain/index.js';
import { compileDirectoryTargetRule } from './directory-target-rule.js';
import type { RuleFactory } from './field-rule.js';

const describeBrand = (brand: Brand): string => `${brand.name} (${brand.id})`;

/** Rule of `columns.brand` / `defaults.brand`. */
export const compileBrandRule: RuleFactory = ({ slots, mapping, resolver, usage }) =>
  compileDirectoryTargetRule<Brand>({
    name: 'brand',
    slot: slots.brand,
    fallback: mapping.defaults.brand,
    section: 'brands',
    usage,
    unknownCode: 'unknown_brand',
    resolveText: resolver.resolveBrand,
    resolveId: resolver.resolveBrandTarget,
    describe: describeBrand,
    assign(record, brand) {
      record.product.brandId = brand.id;
    },
    reportUnresolved(ctx, resolution, value, location) {
      ctx.report('ambiguous_brand', 'error', location, { hint: 'map_brand_by_id', entries: resolution.entries.map(describeBrand).join('; ') }, value);
    },
  });

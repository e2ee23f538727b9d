/**
 * `categoryDefaults`: attribute values for the rows of one category that no column gives (a pet
 * food category's `pet_type: Кошки`, a grocery category's `package_type`). Keys (a seller
 * category word of `categories:`, or a marketplace category id, name or path) and values are
 * resolved once per file; a row only looks its category up and adds what its columns left out.
 */
import type { ImportAttribute } from '../../domain/index.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { isAttributeAllowed } from '../../mapping/directory-index.js';
import { normalizeName } from '../../mapping/normalize-name.js';
import type { FieldRule, RuleFactory, RuleSetup } from './field-rule.js';

interface DefaultEntry {
  entry: ImportAttribute;
  level: 'product' | 'sku';
}

/** The rule, when the mapping has `categoryDefaults`. */
export const compileCategoryDefaultsRule: RuleFactory = (setup) => {
  const keys = Object.keys(setup.mapping.categoryDefaults);
  if (keys.length === 0) return undefined;
  const byCategory = new Map<number, DefaultEntry[]>();
  for (const key of keys) {
    const path = `categoryDefaults.${key}`;
    const resolution = /^\d+$/.test(key.trim()) ? setup.resolver.resolveCategoryTarget(Number(key)) : setup.resolver.resolveCategory(key);
    const category = resolution.status === 'found' ? resolution.entries[0] : undefined;
    if (category === undefined) {
      setup.setupIssue('unknown_category', 'error', { variant: 'category_defaults', key }, { path });
      continue;
    }
    const entries = byCategory.get(category.id) ?? [];
    for (const [code, raw] of Object.entries(setup.mapping.categoryDefaults[key]?.attributes ?? {})) {
      const built = buildDefault(setup, category.id, code, typeof raw === 'string' ? [raw] : raw, `${path}.attributes.${code}`);
      if (built) entries.push(built);
    }
    byCategory.set(category.id, entries);
  }
  const rule: FieldRule = {
    name: 'categoryDefaults',
    apply(ctx) {
      const record = ctx.record;
      const categoryId = record?.product.categoryId;
      if (record === null || categoryId === null || categoryId === undefined) return;
      const defaults = byCategory.get(categoryId);
      if (defaults === undefined) return;
      for (const { entry, level } of defaults) {
        const list = level === 'sku' ? record.sku.attributes : record.product.attributes;
        if (list.some((given) => given.code === entry.code)) continue;
        list.push({ code: entry.code, valueCodes: [...entry.valueCodes] });
      }
    },
  };
  return rule;
};

function buildDefault(setup: RuleSetup, categoryId: number, code: string, texts: string[], path: string): DefaultEntry | undefined {
  const attribute = setup.index.attributeByCode.get(code);
  if (attribute === undefined) {
    setup.setupIssue('unknown_attribute_value', 'error', { variant: 'category_defaults_attribute', attribute: code }, { path });
    return undefined;
  }
  if (!isAttributeAllowed(attribute, categoryId)) {
    setup.setupIssue('attribute_not_in_category', 'error', { variant: 'category_defaults', attribute: code, category: categoryId }, { path });
    return undefined;
  }
  const codes: string[] = [];
  for (const text of texts) {
    const found = attribute.type === 'dictionary' ? findValueCode(setup.index, code, text) : text.trim();
    if (found === undefined) {
      setup.setupIssue('unknown_attribute_value', 'error', { variant: 'category_defaults', text, attribute: code }, { path });
      return undefined;
    }
    codes.push(found);
  }
  if (codes.length > 1 && !attribute.isMultiple) {
    setup.setupIssue('too_many_values', 'error', { variant: 'category_defaults', attribute: code, count: codes.length }, { path });
    return undefined;
  }
  return { entry: { code, valueCodes: codes }, level: attribute.isSkuDefining ? 'sku' : 'product' };
}

function findValueCode(index: DirectoryIndex, code: string, text: string): string | undefined {
  const values = index.valuesByAttribute.get(code);
  if (values === undefined) return undefined;
  const byCode = values.byCode.get(text.trim());
  if (byCode) return byCode.code;
  const byName = values.byName.get(normalizeName(text));
  return byName?.length === 1 ? byName[0]?.code : undefined;
}

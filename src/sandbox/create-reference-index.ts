/**
 * Lookups over the reference data, built once (and again after `mutateReference`) so that
 * validating a product never scans a directory.
 */
import type { Attribute, AttributeValue, Brand } from '../domain/index.js';
import type { ReferenceCategory, ReferenceData } from './reference-data.js';

/** Maps by id and code, and the attributes of each category. */
export interface ReferenceIndex {
  data: ReferenceData;
  leaves: ReferenceCategory[];
  /**
   * The leaves as the interface serves them: flat, with path and `isLeaf`. Built with the index:
   * every page of the directory (21 of them at 100) built all ~2,040 records to serve 100. Read
   * only (they are written out as JSON).
   */
  leafRecords: readonly Record<string, unknown>[];
  categoriesById: Map<number, ReferenceCategory>;
  brandsById: Map<number, Brand>;
  attributesByCode: Map<string, Attribute>;
  valuesByCode: Map<string, AttributeValue>;
  /** Values per attribute code, for the values directory filter. */
  valuesByAttribute: Map<string, AttributeValue[]>;
  /** categoryId → attribute code → isRequired. */
  categoryAttributes: Map<number, Map<string, boolean>>;
}

/** Builds the lookups. */
export function createReferenceIndex(data: ReferenceData): ReferenceIndex {
  const categoryAttributes = new Map<number, Map<string, boolean>>();
  for (const attribute of data.attributes) {
    for (const link of attribute.categories) {
      let byCode = categoryAttributes.get(link.categoryId);
      if (!byCode) {
        byCode = new Map();
        categoryAttributes.set(link.categoryId, byCode);
      }
      byCode.set(attribute.code, link.isRequired);
    }
  }
  const valuesByAttribute = new Map<string, AttributeValue[]>();
  for (const value of data.values) {
    const list = valuesByAttribute.get(value.attributeCode) ?? [];
    list.push(value);
    valuesByAttribute.set(value.attributeCode, list);
  }
  const leaves = data.categories.filter((c) => c.isLeaf);
  return {
    data,
    leaves,
    leafRecords: leaves.map(({ id, parentId, name, path }) => ({ id, parentId, name, path, isLeaf: true })),
    categoriesById: new Map(data.categories.map((c) => [c.id, c])),
    brandsById: new Map(data.brands.map((b) => [b.id, b])),
    attributesByCode: new Map(data.attributes.map((a) => [a.code, a])),
    valuesByCode: new Map(data.values.map((v) => [v.code, v])),
    valuesByAttribute,
    categoryAttributes,
  };
}

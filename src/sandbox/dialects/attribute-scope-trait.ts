/**
 * Requirements stated per attribute: an attribute lists the categories it belongs to as
 * `categoryIds` and says `isRequired` once, true when it is required in any of them (no
 * per-category flag, so the wire cannot say where). The service still checks each category's own
 * rule, as in every dialect. Values name their attribute by id only, as `characteristicId`.
 */
import type { Attribute, AttributeValue } from '../../domain/index.js';
import type { ReferenceIndex } from '../create-reference-index.js';
import { selectValues } from './dialect-kit.js';
import type { DialectTrait } from './dialect-types.js';

function writeAttribute(attribute: Attribute): Record<string, unknown> {
  const { categories, ...rest } = attribute;
  return { ...rest, isRequired: categories.some((link) => link.isRequired), categoryIds: categories.map((link) => link.categoryId) };
}

function writeValue(value: AttributeValue, index: ReferenceIndex): Record<string, unknown> {
  return { id: value.id, code: value.code, name: value.name, characteristicId: value.attributeId ?? index.attributesByCode.get(value.attributeCode)?.id ?? null };
}

/** The attribute-scope trait. */
export const attributeScopeTrait: DialectTrait = {
  name: 'attribute-scope',
  summary: 'attributes say isRequired once with categoryIds (required somewhere among them; checked per category); values name their attribute only as characteristicId',
  records(name, index, query) {
    if (name === 'attributes') return index.data.attributes.map(writeAttribute);
    return name === 'values' ? selectValues(index, query).map((value) => writeValue(value, index)) : undefined;
  },
};

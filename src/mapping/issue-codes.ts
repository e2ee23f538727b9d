/**
 * Issue codes of the mapping file (stage `mapping`): loading, schema and directory rules. The
 * table is what tests and `docs/issue-codes.md` match on.
 */

/** Every code the mapping stage emits, with its meaning. */
export const MAPPING_ISSUE_CODES = {
  mapping_unreadable: 'The mapping file cannot be read.',
  mapping_too_large: 'The mapping file is larger than the limit (1 MB by default).',
  mapping_yaml_invalid: 'The file is not valid YAML (syntax, duplicate key, several documents, too many aliases).',
  mapping_yaml_tag: 'A custom or unknown YAML tag (`!!js/function`, `!foo`) was used; only plain YAML is accepted.',
  mapping_invalid_type: 'A value has the wrong type (e.g. text where a number is expected).',
  mapping_invalid_value: 'A value is not one of the allowed ones.',
  mapping_out_of_range: 'A number, text or list is too small or too large.',
  mapping_unknown_key: 'A key the format does not know (often a typo).',
  mapping_invalid: 'Any other schema violation.',
  required_field_unmapped: 'A required field has no column and no default.',
  attribute_source_invalid: 'An attribute mapping gives both or neither of `column` and `value`.',
  unknown_category: 'A category (id, name or path) is not in the category directory.',
  ambiguous_category: 'A category name matches several directory categories; use the path or the id.',
  category_not_leaf: 'A category is not a leaf (another category has it as parent); products need leaf categories.',
  unknown_brand: 'A brand (id or name) is not in the brand directory.',
  ambiguous_brand: 'A brand name matches several directory brands; use the id.',
  unknown_attribute: 'An attribute code is not in the attribute directory.',
  duplicate_attribute: 'The same attribute code is mapped twice.',
  attribute_level_mismatch: "`level` disagrees with the directory's isSkuDefining.",
  unknown_attribute_value: 'A value code of `values` is not in the value directory.',
  value_of_other_attribute: 'A value code of `values` belongs to another attribute.',
  free_values_not_allowed: '`free: true` on a dictionary attribute (its values must be directory codes).',
  separator_on_single_value_attribute: 'A `separator` is set for an attribute that allows one value only (warning).',
  column_used_twice: 'Two fields that must differ are fed by the same column.',
  invalid_vat: 'defaults.vat is not in validation.vat.',
  batch_size_capped: 'batchSize is above 30, the service limit; 30 is used (warning).',
  required_by_service: 'The mapping turns off a field (barcode, description, photos) the service profile says the service requires; products without it will be refused (warning).',
  required_attribute_unmapped: 'A category named in the mapping requires an attribute the mapping does not map (warning).',
} as const;

/** A mapping-stage issue code. */
export type MappingIssueCode = keyof typeof MAPPING_ISSUE_CODES;

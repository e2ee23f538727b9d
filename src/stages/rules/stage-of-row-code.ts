/** Which stage a row-mapper issue code belongs to: resolving against the directories (`map`) or checking values (`validate`). */
import type { IssueStage } from '../../core/issue.js';
import type { RowIssueCode } from '../issue-codes.js';

const MAP_STAGE_CODES: ReadonlySet<RowIssueCode> = new Set<RowIssueCode>([
  'mapped_column_missing',
  'duplicate_header',
  'unknown_category',
  'ambiguous_category',
  'category_not_leaf',
  'unknown_brand',
  'ambiguous_brand',
  'unknown_attribute_value',
  'ambiguous_attribute_value',
  'value_matched_approximately',
  'attribute_not_in_category',
  'too_many_values',
  'row_skipped',
  'characteristic_not_mapped',
  'characteristic_attribute_unknown',
  'category_uncertain',
  'mapping_entry_unused',
]);

/** The stage of a row-mapper issue code. */
export function stageOfRowCode(code: RowIssueCode): IssueStage {
  return MAP_STAGE_CODES.has(code) ? 'map' : 'validate';
}

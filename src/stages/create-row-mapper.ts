/**
 * The library's synchronous entry to the row mapper: `buildRowMapper` with the product classifier
 * of the `lookup: category` step loaded at once. The pipeline calls `buildRowMapper` itself and
 * loads the classifier only for a mapping that uses the step (issue 39).
 */
import type { Directories } from '../domain/index.js';
import type { Mapping } from '../mapping/mapping-schema.js';
import type { SourceInfo } from '../sources/types.js';
import { buildRowMapper, type RowMapper, type RowMapperOptions } from './build-row-mapper.js';
import { compileCategoryLookup } from './derive/lookup-category.js';


/**
 * Creates the row mapper for one file. Run `checkMappingRules` first: the mapper trusts the
 * mapping's directory references. Library API (docs/library.md), on purpose: the pipeline maps
 * through `mapAndAssemble`, which builds the same `buildRowMapper`.
 */
export function createRowMapper(mapping: Mapping, directories: Directories, info: SourceInfo, options: RowMapperOptions = {}): RowMapper {
  return buildRowMapper(mapping, directories, info, { ...options, compileCategoryLookup });
}

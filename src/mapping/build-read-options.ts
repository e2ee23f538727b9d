/** The reader options a mapping implies (`input` section plus the headers it names). */
import type { ReadOptions } from '../sources/types.js';
import type { Mapping } from './mapping-schema.js';
import { listMappedHeaders } from './list-mapped-columns.js';

/** Builds the `ReadOptions` for a reader from the mapping's `input` section; header names help find the header row. */
export function buildReadOptions(mapping: Mapping): ReadOptions {
  const { input } = mapping;
  const options: ReadOptions = { expectedHeaders: listMappedHeaders(mapping) };
  if (input.sheet !== undefined) options.sheet = input.sheet;
  if (input.headerRow !== undefined) options.headerRow = input.headerRow;
  if (input.encoding !== undefined) options.encoding = input.encoding;
  if (input.delimiter !== undefined) options.delimiter = input.delimiter === 'tab' ? '\t' : input.delimiter;
  if (input.fillMerged.length > 0) options.fillMerged = input.fillMerged;
  return options;
}

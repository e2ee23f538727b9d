/** The reader options a mapping implies (`input` section plus the headers it names). */
import type { GroupRowOptions, ReadOptions } from '../sources/types.js';
import { normalizeHeader } from './normalize-name.js';
import type { Mapping } from './mapping-schema.js';
import { listMappedHeaders, listStepGroups } from './list-mapped-columns.js';

/** Builds the `ReadOptions` for a reader from the mapping's `input` section; header names help find the header row. */
export function buildReadOptions(mapping: Mapping): ReadOptions {
  const { input } = mapping;
  const options: ReadOptions = { expectedHeaders: listSheetHeaders(mapping) };
  if (input.sheet !== undefined) options.sheet = input.sheet;
  if (input.headerRow !== undefined) options.headerRow = input.headerRow;
  if (input.headerRows !== undefined) options.headerRows = input.headerRows;
  if (input.dataStartRow !== undefined) options.dataStartRow = input.dataStartRow;
  if (input.encoding !== undefined) options.encoding = input.encoding;
  if (input.delimiter !== undefined) options.delimiter = input.delimiter === 'tab' ? '\t' : input.delimiter;
  if (input.fillMerged.length > 0) options.fillMerged = input.fillMerged;
  const groupRows = buildGroupRowOptions(input.groupRows);
  // A heading row without a product key is a group row, never goods (issue 36).
  const key = mapping.columns.productKey;
  if (groupRows) options.groupRows = { ...groupRows, keyColumn: typeof key === 'string' ? key : 'letter' in key ? key.letter : key.header };
  return options;
}

/** `input.groupRows` as reader options: `true` (the default) looks for outline and merged group rows. */
export function buildGroupRowOptions(groupRows: Mapping['input']['groupRows']): GroupRowOptions | undefined {
  if (groupRows === false) return undefined;
  if (groupRows === true) return { outline: true, merged: true, singleCell: false, bold: false };
  const { column, ...kinds } = groupRows;
  return column === undefined ? kinds : { ...kinds, column };
}

/**
 * The headers of the sheet itself the mapping names: derived columns and `_group…` columns are
 * left out (the sheet has no such headers; they must not steer the search for the header row),
 * the columns derived ones are taken from, and the group columns `lookup: category` reads, are added.
 */
function listSheetHeaders(mapping: Mapping): string[] {
  const virtual = new Set(mapping.derive.map((derived) => normalizeHeader(derived.name)));
  const isSheetHeader = (name: string): boolean => !virtual.has(normalizeHeader(name)) && !GROUP_COLUMN.test(name.trim());
  const headers = listMappedHeaders(mapping).filter(isSheetHeader);
  for (const derived of mapping.derive) {
    const from = typeof derived.from === 'string' ? derived.from : 'header' in derived.from ? derived.from.header : undefined;
    if (from !== undefined && isSheetHeader(from) && !headers.includes(from)) headers.push(from);
  }
  for (const group of listStepGroups(mapping)) {
    const header = typeof group === 'string' ? group : 'header' in group ? group.header : undefined;
    if (header !== undefined && isSheetHeader(header) && !headers.includes(header)) headers.push(header);
  }
  return headers;
}

/** Header of a group-row column: `_group1`, `_group2`, …; `_group` the nearest group; `|name` with the name as fallback. */
export const GROUP_COLUMN = /^_group(\d*)(\|name)?$/i;

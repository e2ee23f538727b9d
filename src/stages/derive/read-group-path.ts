/**
 * The seller's own grouping of a row, as a `lookup: category` step's `groups:` names it: a category
 * column of the sheet, the group-row columns (`_group`, `_group1`, …). The columns are resolved once
 * per file against the header the step reads (the sheet's columns and the group-row columns, never a
 * derived one); a row then only reads its cells. `lookup: category` and `mapping review` both read a
 * row's groups with these two functions, so the review proposes what the import places.
 */
import { normalizeHeader } from '../../mapping/normalize-name.js';
import type { ColumnRef, Mapping } from '../../mapping/mapping-schema.js';
import { describeColumnRef } from '../../mapping/list-mapped-columns.js';
import type { SourceCell, SourceColumn } from '../../sources/types.js';

/** The positions of a step's group columns in a header, top level first, and the columns the header lacks. */
export interface GroupColumns {
  positions: readonly number[];
  /** The columns at `positions`, as the mapping writes them. */
  names: readonly string[];
  /** The columns no column of the header is (a header's text, or a letter), as the mapping writes them: a setup error of the step. */
  missing: readonly string[];
}

/** Resolves the step's `groups:` (a header, `{letter: C}` of the sheet, `_group…`) against `header`, once per file. */
export function resolveGroupColumns(refs: readonly ColumnRef[], header: readonly SourceColumn[]): GroupColumns {
  const positions: number[] = [];
  const names: string[] = [];
  const missing: string[] = [];
  for (const ref of refs) {
    const position = findColumnPosition(header, ref);
    if (position < 0) missing.push(describeColumnRef(ref));
    else {
      positions.push(position);
      names.push(describeColumnRef(ref));
    }
  }
  return { positions, names, missing };
}

/** The position of a column in a header: a sheet column by its letter (never a virtual column's), any column by its header; -1 when none. */
export function findColumnPosition(header: readonly SourceColumn[], ref: ColumnRef): number {
  if (typeof ref === 'object' && 'letter' in ref) {
    const letter = ref.letter.toUpperCase();
    return header.findIndex((column) => column.index >= 0 && column.letter === letter);
  }
  const key = normalizeHeader(typeof ref === 'string' ? ref : ref.header);
  return header.findIndex((column) => normalizeHeader(column.name) === key);
}

/** The row's non-empty group texts at `positions`, top level first (`[]` when every cell is empty). */
export function readGroupPath(cells: readonly (SourceCell | undefined)[], positions: readonly number[]): string[] {
  const path: string[] = [];
  for (const position of positions) {
    const cell = cells[position];
    if (cell === undefined || cell.kind === 'empty' || cell.kind === 'error') continue;
    const text = cell.text.trim();
    if (text !== '') path.push(text);
  }
  return path;
}

/** The row's group cells as one text for a message (`category_uncertain`'s `groups`); the classifier takes the cells' levels (`readGroupLevels`), never this. */
export function joinGroupPath(path: readonly string[]): string {
  return path.join(' / ');
}

/**
 * The `groups:` of the `lookup: category` step whose derived column feeds `columns.category` (the import's categories come from
 * it); without such a step, of the first one that names some: the columns `mapping review` reads each row's groups from.
 */
export function findLookupGroups(mapping: Mapping): readonly ColumnRef[] | undefined {
  const category = mapping.columns.category;
  const feeding = typeof category === 'string' || (typeof category === 'object' && 'header' in category) ? describeColumnRef(category) : undefined;
  const withGroups = mapping.derive.flatMap((derived) => derived.steps.flatMap((step) => ('lookup' in step && step.lookup === 'category' && step.groups !== undefined ? [{ name: derived.name, groups: step.groups }] : [])));
  const fed = feeding === undefined ? undefined : withGroups.find((found) => normalizeHeader(found.name) === normalizeHeader(feeding));
  return (fed ?? withGroups[0])?.groups;
}

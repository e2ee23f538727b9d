/**
 * The mapping's row filter (`rows.skip`, `rows.where`): conditions on a column's value that leave
 * a row out before any field is mapped (an archived product, a store the import is not for). A row
 * left out is never lost silently: it gets a `row_skipped` warning naming the condition, is not
 * sent, and the report counts it under that code. Compiled once per file.
 */
import type { IssueData } from '../core/issue.js';
import type { RowCondition } from '../mapping/mapping-schema.js';
import type { SourceCell } from '../sources/types.js';
import type { ColumnResolver } from './rules/resolve-columns.js';
import type { CellLocation } from './mapped-row.js';

/** Why a row is left out: the condition and the cell that decided. */
export interface RowSkip {
  /** The data of the `row_skipped` message: the kind of condition (`skip`, `where`) and the condition. */
  data: IssueData;
  location: CellLocation | undefined;
  value: string;
}

/** Tests a row's cells; undefined when the row is read. */
export type RowFilter = (cells: readonly (SourceCell | undefined)[]) => RowSkip | undefined;

interface CompiledCondition {
  /** Position in the row's cells; -1 when the header lacks the column (reported at setup: every cell reads empty). */
  index: number;
  location: CellLocation | undefined;
  test: (text: string) => boolean;
  describe: string;
}

/** Compiles `rows.skip` and `rows.where`; undefined when the mapping has neither. */
export function createRowFilter(rows: { skip: readonly RowCondition[]; where: readonly RowCondition[] }, resolveColumn: ColumnResolver): RowFilter | undefined {
  if (rows.skip.length === 0 && rows.where.length === 0) return undefined;
  const compile = (condition: RowCondition, path: string): CompiledCondition => {
    const slot = resolveColumn(condition.column, path);
    return { index: slot?.index ?? -1, location: slot?.location, test: compileTest(condition), describe: describeCondition(condition) };
  };
  const skip = rows.skip.map((condition, i) => compile(condition, `rows.skip[${i}]`));
  const where = rows.where.map((condition, i) => compile(condition, `rows.where[${i}]`));
  return (cells) => {
    for (const condition of skip) {
      const text = readText(cells, condition.index);
      if (condition.test(text)) return { data: { variant: 'skip', condition: condition.describe }, location: condition.location, value: text };
    }
    for (const condition of where) {
      const text = readText(cells, condition.index);
      if (!condition.test(text)) return { data: { variant: 'where', condition: condition.describe }, location: condition.location, value: text };
    }
    return undefined;
  };
}

function readText(cells: readonly (SourceCell | undefined)[], index: number): string {
  const cell = index < 0 ? undefined : cells[index];
  return cell === undefined || cell.kind === 'empty' ? '' : cell.text.trim();
}

function normalizeValue(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase().replace(/ё/g, 'е');
}

function compileTest(condition: RowCondition): (text: string) => boolean {
  if (condition.empty !== undefined) {
    const empty = condition.empty;
    return (text) => (text === '') === empty;
  }
  if (condition.matches !== undefined) {
    const pattern = new RegExp(condition.matches, 'iu');
    return (text) => pattern.test(text);
  }
  const values = new Set((Array.isArray(condition.equals) ? condition.equals : [condition.equals ?? '']).map(normalizeValue));
  return (text) => values.has(normalizeValue(text));
}

function describeCondition(condition: RowCondition): string {
  const column = typeof condition.column === 'string' ? condition.column : 'letter' in condition.column ? `column ${condition.column.letter}` : condition.column.header;
  if (condition.empty !== undefined) return `${column} is ${condition.empty ? '' : 'not '}empty`;
  if (condition.matches !== undefined) return `${column} matches /${condition.matches}/`;
  const values = Array.isArray(condition.equals) ? condition.equals : [condition.equals ?? ''];
  return `${column} is ${values.map((value) => JSON.stringify(value)).join(' or ')}`;
}

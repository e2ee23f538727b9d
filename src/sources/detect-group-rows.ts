/**
 * Group (section) rows: the rows of a price list or catalogue export that name a group of the
 * goods below instead of being goods — an Excel outline row that opens a deeper level, a merged
 * row spanning the table, or (when asked) a row whose only filled cell is in the name column,
 * optionally only when bold. They are taken out of the data rows (never reported as goods with
 * empty fields), and their text is handed down to the goods below: `groups[0]` is the text of the
 * current level-1 group, `groups[1]` of the level-2 group inside it, and so on. The mapping reads
 * them as the virtual columns `_group1`, `_group2`, ….
 */
import { normalizeHeaderName } from './find-header-row.js';
import type { RawRow } from './shape-rows.js';
import type { CellRange } from './types.js';
import type { GroupRowOptions, SourceCell, SourceColumn } from './types.js';

/** Most group levels handed down (`_group1` … `_group8`). */
export const MAX_GROUP_LEVELS = 8;

/** What the detector knows of the sheet, found before the data rows. */
interface GroupRowContext {
  /** Visible header columns. */
  columns: readonly SourceColumn[];
  /** Merged ranges of the sheet (XLSX). */
  mergedRanges: readonly CellRange[];
  /** Row number → outline level (XLSX; rows without a level are absent). */
  outlineLevels: ReadonlyMap<number, number>;
  headerRow: number;
}

/** Decides, row by row in order, whether a raw row is a group row; keeps the open groups. */
export interface GroupRowDetector {
  /** True when `row` is a group row (the caller then drops it); the open groups are updated. */
  accept(row: RawRow): boolean;
  /** The open groups' texts, level 1 first; a fresh copy to hand to a data row. */
  current(): string[];
}

/** Creates the detector of one sheet; `undefined` when no kind of group row is looked for. */
export function createGroupRowDetector(options: GroupRowOptions, context: GroupRowContext): GroupRowDetector | undefined {
  const useOutline = options.outline && context.outlineLevels.size > 0;
  const spanning = options.merged ? findSpanningRows(context) : new Map<number, number>();
  const keyColumn = options.keyColumn === undefined ? -1 : findColumn(context.columns, options.keyColumn);
  if (!useOutline && spanning.size === 0 && !options.singleCell && keyColumn < 0) return undefined;
  const visible = context.columns.map((column) => column.index);
  const nameColumn = options.column === undefined ? undefined : findColumn(context.columns, options.column);
  const open: string[] = [];
  // Merged and single-cell groups have no level of their own: each such row starts a new group
  // at the level after the outline groups open around it (level 1 in a sheet without outlines).
  let outlineDepth = 0;

  const levelOf = (row: number): number => context.outlineLevels.get(row) ?? 0;

  return {
    accept(row) {
      const filled = visible.filter((index) => !checkCellEmpty(row.cells[index]));
      if (filled.length === 0) return false;
      // Joined only for a group row: the usual row of goods is no group, and its texts (descriptions
      // of a kilobyte) would be joined for nothing on every row the reader and the copies read.
      const joinText = (): string => filled.map((index) => (row.cells[index] as SourceCell).text.trim()).join(' ');
      if (useOutline) {
        const level = levelOf(row.row);
        // A row that opens a deeper level is the group of the rows inside it.
        if (levelOf(row.row + 1) > level) {
          openGroupAt(open, level + 1, joinText(), '');
          outlineDepth = level + 1;
          return true;
        }
        if (level < outlineDepth) {
          // Back out of a group: the goods at this level belong to the outer groups only.
          open.length = Math.min(open.length, level);
          outlineDepth = level;
          // A lone text where the groups stand, with nothing inside it: an empty group, neither goods nor a group of any.
          if (filled.length === 1 && !isNumberCell(row.cells[filled[0] as number]) && filled[0] !== keyColumn) return true;
        }
      }
      if (filled.length !== 1) return false;
      const only = filled[0] as number;
      const isSpanning = spanning.get(row.row) === only;
      const isText = !isNumberCell(row.cells[only]);
      // A lone text the pasted-export marker took for a title above a repeated header is that
      // export's title, no group of its goods: it is left out with the title warning.
      const isLoneText = isText && row.leftOut === undefined;
      const isSingle = options.singleCell && (nameColumn === undefined || nameColumn === only) && (!options.bold || row.bold === true) && isLoneText;
      // A heading without a key (a group with nothing under it included) is no row of goods.
      const isKeyless = keyColumn >= 0 && only !== keyColumn && isLoneText;
      if (!isSpanning && !isSingle && !isKeyless) return false;
      openGroupAt(open, outlineDepth + 1, joinText(), '');
      return true;
    },
    current: () => [...open],
  };
}

/** Row → column of the merged range that spans at least half of the table (and two columns) on that row. */
function findSpanningRows(context: GroupRowContext): Map<number, number> {
  const width = context.columns.length;
  const rows = new Map<number, number>();
  const first = context.columns[0]?.index ?? 0;
  const last = context.columns[context.columns.length - 1]?.index ?? 0;
  for (const range of context.mergedRanges) {
    if (range.top <= context.headerRow) continue;
    const covered = context.columns.filter((column) => column.index >= range.left && column.index <= range.right).length;
    if (covered < 2 || covered * 2 < width || range.left > last || range.right < first) continue;
    for (let row = range.top; row <= range.bottom; row++) rows.set(row, range.left);
  }
  return rows;
}

/** The position of a column given by header text (case and spaces ignored) or by letter; -1 when absent. */
function findColumn(columns: readonly SourceColumn[], wanted: string): number {
  const key = normalizeHeaderName(wanted);
  const byName = columns.find((column) => normalizeHeaderName(column.name) === key);
  if (byName) return byName.index;
  return columns.find((column) => column.letter === wanted.trim().toUpperCase())?.index ?? -1;
}

/** Opens `group` at `level` (at most `MAX_GROUP_LEVELS`) in `open` (index 0 is level 1): deeper ones close, a skipped level holds `none`; returns the level taken. */
export function openGroupAt<T>(open: T[], level: number, group: T, none: T): number {
  const at = Math.min(level, MAX_GROUP_LEVELS);
  open.length = Math.min(open.length, at - 1);
  while (open.length < at - 1) open.push(none);
  open.push(group);
  return at;
}

/** True when a cell holds nothing but blanks: blank to the group rows and to `openTable` alike. */
export function checkCellEmpty(cell: SourceCell | undefined): boolean {
  return cell === undefined || cell.kind === 'empty' || (cell.kind === 'string' && cell.text.trim() === '');
}

function isNumberCell(cell: SourceCell | undefined): boolean {
  return cell !== undefined && cell.kind === 'number';
}

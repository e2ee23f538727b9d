/**
 * The group rows in effect for each data row of the annotated sheet, so that `rejected-rows.csv`
 * can put them above the rejected rows as the CSV path does (`copyCsvRecords`).
 *
 * Which rows are group rows is not decided again here: the run's reader already took them out of
 * the goods, so a row below the header that got no outcome and has a value in a column of the
 * table is one (a row the reader leaves out is blank in every such column). That holds for every
 * kind — outline, merged, single-cell, bold — without the merged ranges Excel writes after the
 * rows. Their levels follow the reader's detector (`src/sources/detect-group-rows.ts`): an outline
 * row that opens a deeper level (the row below it is deeper) is the group of that level; any other
 * group row starts a group right after the outline groups open around it; a data row at a
 * shallower outline level closes the groups below it. Deciding a row needs the level of the next
 * one, so each group row waits for the row after it.
 */
import { openGroupAt } from '../../sources/detect-group-rows.js';
import type { CopiedRecord } from '../write-annotated-csv.js';

/** A group row as it stands (`fields`), with what the reader made of it. */
export interface GroupRowRecord extends CopiedRecord {
  /** Its text as the reader hands it down (the filled cells of the table, trimmed, joined by a space). */
  text: string;
  /** Its level (1 = `_group1`), set once the row after it is known. */
  level: number;
}

/** What a row below the header is for the reader. */
export type TrackedRowKind = 'data' | 'group' | 'blank';

/** Follows the group rows in sheet order. */
export interface GroupRowTracker {
  /**
   * Takes the next row below the header: its number, its outline level (0 when none or when the
   * outline is not looked at), what it is, and for a group row its record as it stands. A data
   * row closes deeper groups only when it has a value in the table (`hasTableValue`, asked only
   * then): the reader's detector passes over a row without one.
   */
  add(row: number, level: number, kind: TrackedRowKind, record?: GroupRowRecord, hasTableValue?: () => boolean): void;
  /** The group rows in effect for the last data row added, outermost first (changed in place). */
  current(): readonly GroupRowRecord[];
  /** False when `add` of a data row at outline `level` cannot ask `hasTableValue` (its texts need not be read). */
  mayAskTableValue(level: number): boolean;
}

/** Starts a tracker; `outline` as in the reader's group-row options (levels used only then). */
export function createGroupRowTracker(options: { outline: boolean }): GroupRowTracker {
  // By level (index 0 = level 1); a level skipped by the outline has no row.
  const open: (GroupRowRecord | undefined)[] = [];
  const effective: GroupRowRecord[] = [];
  let outlineDepth = 0;
  let pending: { row: number; level: number; record: GroupRowRecord } | undefined;

  const setGroup = (level: number, record: GroupRowRecord): void => {
    record.level = openGroupAt<GroupRowRecord | undefined>(open, level, record, undefined);
  };
  const backOut = (level: number): void => {
    if (options.outline && level < outlineDepth) {
      open.length = Math.min(open.length, level);
      outlineDepth = level;
    }
  };
  const settle = (nextLevel: number): void => {
    if (pending === undefined) return;
    const { level, record } = pending;
    pending = undefined;
    if (options.outline && nextLevel > level) {
      setGroup(level + 1, record);
      outlineDepth = level + 1;
    } else {
      backOut(level);
      setGroup(outlineDepth + 1, record);
    }
    effective.length = 0;
    for (const group of open) if (group !== undefined) effective.push(group);
  };

  return {
    add(row, level, kind, record, hasTableValue) {
      if (pending !== undefined) settle(row === pending.row + 1 ? level : 0);
      if (kind === 'group' && record !== undefined) pending = { row, level, record };
      else if (kind === 'data' && options.outline && level < outlineDepth && (hasTableValue?.() ?? true)) {
        backOut(level);
        effective.length = 0;
        for (const group of open) if (group !== undefined) effective.push(group);
      }
    },
    current: () => effective,
    // The pending group row, once settled, opens its level + 1 at most.
    mayAskTableValue: (level) => options.outline && level < Math.max(outlineDepth, pending === undefined ? 0 : pending.level + 1),
  };
}

/**
 * Whether `rejected-rows.csv` of an XLSX input, fed back with the same mapping, gives its rejected
 * rows the groups the run read. A CSV has no outline levels, no merged cells and no bold text, so
 * the reader's own detector, run over the file's group rows as a CSV read would see them, can
 * disagree with the workbook's: outline or merged group rows without `singleCell`, nested outline
 * levels (single-cell rows are siblings), a group row with more than one filled cell, `bold`, a
 * `column` given by letter. Each such rejected row is counted, and the run's report says so (a
 * warning in `summary.json`) instead of letting the re-run lose the categories silently.
 */
import { createIssue, type Issue } from '../../core/issue.js';
import { buildColumnLetter } from '../../sources/column-letter.js';
import { createGroupRowDetector } from '../../sources/detect-group-rows.js';
import type { GroupRowOptions, SourceCell, SourceColumn } from '../../sources/types.js';
import type { GroupRowRecord } from './track-group-rows.js';

/** Follows what `rejected-rows.csv` gets, in order. */
export interface FedBackGroupCheck {
  /** A rejected row written after the group rows in effect for it (those not written before are written just now). */
  check(row: number, groups: readonly GroupRowRecord[], written: readonly GroupRowRecord[]): void;
  /** The warning, when some rejected row would come back with other groups. */
  warnings(): Issue[];
}

/** Options of `createFedBackGroupCheck`. */
interface FedBackGroupCheckOptions {
  groupRows: GroupRowOptions;
  /** The header of `rejected-rows.csv`, leading columns included. */
  header: readonly string[];
  /** The mapping's `ignoreHeaderPrefix` (columns the reader leaves out). */
  ignoreHeaderPrefix?: string | undefined;
  /** Number of leading columns (`row`…`message`) before the group rows' fields. */
  leading: number;
  /** Path of `rejected-rows.csv`, and the sheet read, for the warning. */
  file: string;
  sheet?: string | undefined;
}

const EMPTY_CELL: SourceCell = { kind: 'empty', text: '', value: null };

/** Starts the check. */
export function createFedBackGroupCheck(options: FedBackGroupCheckOptions): FedBackGroupCheck {
  const prefix = options.ignoreHeaderPrefix?.toLowerCase();
  const columns: SourceColumn[] = [];
  options.header.forEach((name, index) => {
    if (prefix !== undefined && prefix !== '' && name.toLowerCase().startsWith(prefix)) return;
    columns.push({ index, letter: buildColumnLetter(index), name });
  });
  const detector = createGroupRowDetector(options.groupRows, { columns, mergedRanges: [], outlineLevels: new Map(), headerRow: 1 });
  let line = 1;
  let count = 0;
  let first = '';
  return {
    check(row, groups, written) {
      for (const group of written) {
        line += 1;
        const cells: SourceCell[] = options.header.slice(0, options.leading).map(() => EMPTY_CELL);
        for (const field of group.fields) cells.push(field === '' ? EMPTY_CELL : { kind: 'string', text: field, value: field });
        detector?.accept({ row: line, cells });
      }
      line += 1;
      const read = trimEmpty(detector?.current() ?? []);
      const expected = trimEmpty(byLevel(groups));
      if (read.length === expected.length && read.every((text, index) => text === expected[index])) return;
      count += 1;
      first ||= `row ${row}: read ${describe(expected)}, fed back ${describe(read)}`;
    },
    warnings() {
      if (count === 0) return [];
      return [
        createIssue({
          code: 'rejected_rows_groups_differ',
          severity: 'warning',
          stage: 'read',
          file: options.file,
          sheet: options.sheet,
          message:
            `${count} rejected row(s) of rejected-rows.csv would not get the groups the run read (_group1…) when it is fed back with the same mapping (first: ${first}): ` +
            'a CSV has no outline levels, merged cells or bold text, so only single-cell group rows are recognised there (input.groupRows: { singleCell: true }) and they have no levels; ' +
            'fix annotated.xlsx and run it instead, or give the rows their category before running the CSV',
        }),
      ];
    },
  };
}

/** The groups' texts by level (1 first), `''` for a level without a group row, as the reader hands them down. */
function byLevel(groups: readonly GroupRowRecord[]): string[] {
  const texts: string[] = [];
  for (const group of groups) {
    while (texts.length < group.level - 1) texts.push('');
    texts[group.level - 1] = group.text;
  }
  return texts;
}

function trimEmpty(texts: readonly string[]): string[] {
  const out = texts.slice();
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

function describe(texts: readonly string[]): string {
  return texts.length === 0 ? 'no group' : texts.map((text) => `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`).join(' / ');
}

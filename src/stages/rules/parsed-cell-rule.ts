/**
 * A field read from one cell (else the mapping's default, when it has one), parsed, and reported
 * when the text does not parse; required. The price, the VAT rate and the made-in-Kazakhstan flag.
 */
import type { SourceCell } from '../../sources/types.js';
import type { IssueData } from '../../core/issue.js';
import type { FieldTerm, RowIssueCode } from '../issue-codes.js';
import type { MappedRow } from '../mapped-row.js';
import type { ColumnSlot, FieldRule } from './field-rule.js';

/** What differs between the parsed-cell fields; made once per file. */
export interface ParsedCellField<V> {
  /** Rule name. */
  name: string;
  slot: ColumnSlot;
  /** `defaults.<field>`: used when the cell is empty; without one an empty cell is missing. */
  fallback?: V | undefined;
  /** The field in the "is empty" message: `price`. */
  field: FieldTerm;
  /** The value of a usable cell, or null when it is not a valid one. */
  parse(cell: SourceCell): V | null;
  invalidCode: RowIssueCode;
  /** The data of the message of a cell that does not parse (the cell's text is its `value`). */
  invalidData: IssueData;
  /** Data that tells more about one refused text (asked only for a refused cell); `invalidData` when it returns undefined. */
  explainInvalid?: (text: string) => IssueData | undefined;
  /** Writes the value into the draft. */
  assign(record: MappedRow, value: V): void;
}

/** Builds the rule of a parsed-cell field. */
export function compileParsedCellRule<V>(field: ParsedCellField<V>): FieldRule {
  const { name, slot, fallback, invalidCode, invalidData } = field;
  return {
    name,
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      const cell = ctx.readCell(slot);
      if (cell === null) return;
      if (cell === undefined) {
        if (fallback !== undefined) field.assign(record, fallback);
        else ctx.requireMissing(slot, field.field);
        return;
      }
      const value = field.parse(cell);
      if (value === null) ctx.report(invalidCode, 'error', slot?.location, field.explainInvalid?.(cell.text) ?? invalidData, cell.text);
      else field.assign(record, value);
    },
  };
}

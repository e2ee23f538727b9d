/**
 * A field that names one entry of a directory (the category, the brand): its cell, else the
 * mapping's default, resolved through the resolver; found (approximately: a warning), missing (with
 * the nearest entries), or something the field's own rule explains (ambiguous, not a leaf).
 */
import type { Resolution } from '../../mapping/create-value-resolver.js';
import { describeSuggestions } from '../../mapping/suggest-entries.js';
import type { RowIssueCode } from '../issue-codes.js';
import type { CellLocation, MappedRow } from '../mapped-row.js';
import { describeMissing } from './describe-missing.js';
import type { ColumnSlot, FieldRule } from './field-rule.js';
import { rememberLast } from './remember-last.js';
import type { RowContext } from './row-context.js';
import type { MappingUsage } from '../track-mapping-usage.js';

/** A resolution that is neither found nor missing: the field's rule words it. */
export type UnresolvedTarget<T> = Extract<Resolution<T>, { status: 'not_leaf' | 'ambiguous' }>;

/** What differs between the directory-target fields; made once per file. */
export interface DirectoryTargetField<T> {
  /** Rule name and the catalog word of the messages. */
  name: 'brand' | 'category';
  slot: ColumnSlot;
  /** `defaults.<name>`: used when the cell is empty. */
  fallback: number | string | undefined;
  /** The mapping section that confirms an approximate match, and whose entries a row reaches: `brands`, `categories`. */
  section: string;
  /** Notes the entries of `section` rows reach. */
  usage: MappingUsage;
  /** Code of a value found nowhere. */
  unknownCode: RowIssueCode;
  /** Seller text (a cell or a text default). */
  resolveText(text: string): Resolution<T>;
  /** A numeric default: a directory id. */
  resolveId(id: number): Resolution<T>;
  /** Label of an entry for messages: `Nike (7)`. */
  describe(entry: T): string;
  /** Writes the found entry into the draft. */
  assign(record: MappedRow, entry: T): void;
  /** Reports an ambiguous (or not-leaf) resolution. */
  reportUnresolved(ctx: RowContext, resolution: UnresolvedTarget<T>, value: string, location: CellLocation | undefined): void;
}

/** Builds the rule of a directory-target field. */
export function compileDirectoryTargetRule<T>(field: DirectoryTargetField<T>): FieldRule {
  const { name, slot, fallback, section, unknownCode, usage } = field;
  // Rows of one product repeat its category and brand: the last text's resolution (the resolver's
  // answer is a pure function of the text) spares a lookup by text for most rows.
  const resolveText = rememberLast((text: string): Resolution<T> => field.resolveText(text));
  return {
    name,
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      const text = ctx.readText(slot);
      // An unusable cell was reported by `readText`.
      if (text === null) return;
      const input = text ?? fallback;
      if (input === undefined) {
        ctx.requireMissing(slot, name);
        return;
      }
      const resolution = typeof input === 'number' ? field.resolveId(input) : resolveText(input);
      if (resolution.key !== undefined) usage.reach(section, resolution.key);
      const location = text === undefined ? undefined : slot?.location;
      const value = String(input);
      switch (resolution.status) {
        case 'found': {
          const [entry] = resolution.entries;
          if (entry === undefined) break;
          field.assign(record, entry);
          if (resolution.via === 'approximate') {
            ctx.report('value_matched_approximately', 'warning', location, { variant: name, entry: field.describe(entry), hint: 'confirm_in_section', section }, value);
          }
          break;
        }
        case 'missing':
          ctx.report(unknownCode, 'error', location, { ...describeMissing(resolution), ...describeSuggestions(resolution.suggestions) }, value);
          break;
        default:
          field.reportUnresolved(ctx, resolution, value, location);
      }
    },
  };
}

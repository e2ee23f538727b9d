/**
 * The rule interface of the row mapper. A mapping is compiled once per file into a list of field
 * rules; each row then runs them in order against one reused `RowContext`.
 */
import type { Attribute } from '../../domain/index.js';
import type { Issue, IssueData, Severity } from '../../core/issue.js';
import type { ValueResolver } from '../../mapping/create-value-resolver.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import type { Mapping } from '../../mapping/mapping-schema.js';
import type { RowIssueCode } from '../issue-codes.js';
import type { CellLocation, FieldName } from '../mapped-row.js';
import type { BooleanLookup } from '../parse-boolean.js';
import type { DecimalFormat } from '../parse-decimal.js';
import type { MappingUsage } from '../track-mapping-usage.js';
import type { RowContext } from './row-context.js';

/** A mapped column found in the header: its position in `row.cells` and where it is in the sheet. */
export interface ResolvedColumn {
  index: number;
  location: CellLocation;
}

/**
 * A mapped column: found (`ResolvedColumn`), `null` when the mapping names it but the header lacks
 * it (reported once at setup; the rows are just not sendable), `undefined` when not mapped.
 */
export type ColumnSlot = ResolvedColumn | null | undefined;

/** An attribute mapping with its directory entry and column, compiled once per file. */
export interface AttributePlan {
  /** Position in `mapping.attributes` (the resolver caches values by it). */
  mappingIndex: number;
  attribute: Attribute;
  column: ColumnSlot;
  fixedValue: string | undefined;
  separator: string | undefined;
  level: 'product' | 'sku';
  free: boolean;
  /** Explicit entries for free attributes (dictionary ones resolve through the resolver). */
  freeEntries: Map<string, string[]>;
  /** What a row whose category lacks the attribute gets: nothing, a warning, or an error. */
  outsideCategory: 'skip' | 'warning' | 'error';
}

/**
 * What a rule factory gets, once per file: the mapping, the directories (index and cached
 * resolver), the parsed settings of the mapping, and every mapped column already resolved against
 * the header (with its set-up issues already reported).
 */
export interface RuleSetup {
  mapping: Mapping;
  index: DirectoryIndex;
  resolver: ValueResolver;
  booleans: BooleanLookup;
  decimalFormat: DecimalFormat;
  /** Column of each field the mapping names (photos: see `photoColumns`). */
  slots: Readonly<Record<FieldName, ColumnSlot>>;
  /** Photo columns found in the header, in mapping order. */
  photoColumns: readonly ResolvedColumn[];
  /** Attribute mappings whose code is in the directory, in mapping order. */
  attributePlans: readonly AttributePlan[];
  /** The entries of the mapping's maps the rows reach: a rule notes each entry a row meets (`resolution.key`). */
  usage: MappingUsage;
  /** Reports a file-level issue found while compiling (it lands in `setupIssues`, on the header row). */
  setupIssue(code: RowIssueCode, severity: Severity, data: IssueData, extra: { path: string; header?: string }): void;
}

/**
 * One field rule: reads its cell(s) from the row, parses and checks them, reports what is wrong,
 * and writes the value into the row's draft (`ctx.record`).
 *
 * Contract:
 * - A rule is made once per file by a `RuleFactory`; everything that does not depend on the row
 *   (columns, words, limits, lookups) is computed there, never in `apply`.
 * - `apply` must not create closures or per-row helper objects; it reads through the context's
 *   helpers (`ctx.readCell`, `ctx.readText`, `ctx.readKey`, `ctx.readPositiveInteger`), reports
 *   through `ctx.report` (which sets `ctx.valid = false` for an error) and `ctx.requireMissing`,
 *   and writes into `ctx.record`.
 * - Rules run in the order of `FIELD_RULES`; a rule may read what earlier rules wrote (the
 *   attribute rules read `ctx.record.product.categoryId`). Issue order within a row follows rule
 *   order.
 * - Only the product-key rule runs before the draft exists: it starts it with `ctx.startRecord`,
 *   or leaves `ctx.record` null, which ends the row (a row of no product).
 * - Never throw for bad data: report it.
 */
export interface FieldRule {
  /** The field or attribute the rule fills, for profiles and tests (`price`, `attribute:color`). */
  readonly name: string;
  apply(ctx: RowContext): void;
}

/**
 * Makes the rules of one concern for one file; returns none when the mapping does not use the
 * concern. To add a check for a new field: write `src/stages/rules/<field>.ts` exporting a
 * factory and list it in `FIELD_RULES` (`src/stages/rules/index.ts`).
 */
export type RuleFactory = (setup: RuleSetup) => FieldRule | readonly FieldRule[] | undefined;

/** The compiled rules of one file and what compiling found. */
export interface CompiledRules {
  rules: readonly FieldRule[];
  setupIssues: Issue[];
  /** Field → column, shared by every mapped row of the file (frozen). */
  cells: Readonly<Partial<Record<string, CellLocation>>>;
}

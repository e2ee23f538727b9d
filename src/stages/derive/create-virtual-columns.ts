/**
 * Virtual columns: the group-row columns (`_group1`, `_group2`, … — the texts of the group rows
 * above a row, handed down by the reader) and the mapping's derived columns (`derive:`). They are
 * appended to the header the row mapper resolves the mapping against, so fields and attributes
 * name them like any column; each row gets their cells before the field rules run. Everything is
 * compiled once per file; a row only runs the compiled steps.
 */
import { createIssue, type Issue, type IssueData, type Severity } from '../../core/issue.js';
import { GROUP_COLUMN } from '../../mapping/build-read-options.js';
import { describeColumnRef } from '../../mapping/list-mapped-columns.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import type { ColumnRef, Mapping } from '../../mapping/mapping-schema.js';
import type { SourceCell, SourceColumn, SourceInfo } from '../../sources/types.js';
import type { CellLocation } from '../mapped-row.js';
import type { RowContext } from '../rules/row-context.js';
import { appendGroupColumns, fillGroupCells, planGroupColumns, toTextCell } from './plan-group-columns.js';
import { findColumnPosition } from './read-group-path.js';
import { compileStep, type CategoryLookupCompiler, type CompiledStep, type StepReporter } from './transform-rules.js';

/** The header extended with the virtual columns, and how to fill a row's virtual cells. */
export interface VirtualColumns {
  info: SourceInfo;
  /** Problems found while compiling (a derived column taken from a column the sheet lacks, …). */
  setupIssues: Issue[];
  /** Gives the row in `ctx` its virtual cells (a new cells array); reports steps that found nothing. */
  fill(ctx: RowContext): void;
}

interface DerivedPlan {
  name: string;
  /** Position of the source cell in the extended row. */
  from: number;
  location: CellLocation;
  steps: CompiledStep[];
  onFail: 'error' | 'warning' | 'skip';
}

/** Compiles the virtual columns of one file; `undefined` when the mapping uses none. `compileCategoryLookup`: see `StepSetup`. */
export function createVirtualColumns(mapping: Mapping, info: SourceInfo, index: DirectoryIndex, compileCategoryLookup?: CategoryLookupCompiler): VirtualColumns | undefined {
  const groupColumns = planGroupColumns(mapping, info.header, index, compileCategoryLookup);
  const groupCount = groupColumns.length;
  if (groupCount === 0 && mapping.derive.length === 0) return undefined;
  const base = info.header.length;
  const firstLetter = info.header[0]?.letter ?? 'A';
  const header: SourceColumn[] = appendGroupColumns(info.header, groupColumns);
  const setupIssues: Issue[] = [];
  const plans: DerivedPlan[] = [];
  // What a step reads beside its text (`lookup: category`'s `groups:`): the sheet's and the group-row columns, never a derived one.
  const stepHeader = [...header];
  for (const derived of mapping.derive) {
    const found = findColumnPosition(header, derived.from);
    const position = found < 0 ? undefined : found;
    const path = `derive.${derived.name}`;
    if (position === undefined) {
      setupIssues.push(buildSetupIssue(info, { variant: 'derive', column: derived.name, from: describeColumnRef(derived.from) }, path));
    }
    const source = position === undefined ? undefined : header[position];
    const location: CellLocation = source === undefined ? { column: firstLetter, header: derived.name } : { column: source.letter, header: source.name || derived.name };
    header.push({ index: -(groupCount + plans.length + 1), letter: location.column, name: derived.name });
    const steps = derived.steps.map((step) => compileStep(step, { mapping, index, compileCategoryLookup, header: stepHeader }));
    for (const missing of steps.flatMap((step) => step.missingColumns ?? [])) {
      setupIssues.push(buildSetupIssue(info, { variant: 'derive_groups', column: derived.name, group: missing }, `${path}.groups`));
    }
    // A group-row column read while the reader takes no group rows (`input.groupRows: false`) is empty on every row: stopped here.
    const stepGroups = derived.steps.flatMap((step) => ('lookup' in step && step.lookup === 'category' ? (step.groups ?? []) : []));
    for (const group of findGroupRowColumnsOff(mapping, stepGroups)) setupIssues.push(buildSetupIssue(info, { variant: 'derive_groups_off', column: derived.name, group }, `${path}.groups`));
    for (const problem of steps.flatMap((step) => step.problems ?? [])) setupIssues.push(buildSetupIssue(info, { variant: 'derive_step', column: derived.name, problem }, path, 'unknown_category', 'warning'));
    plans.push({ name: derived.name, from: position ?? -1, location, steps, onFail: derived.onFail });
  }
  const width = header.length;

  return {
    info: { ...info, header },
    setupIssues,
    fill(ctx) {
      const row = ctx.row;
      const cells: (SourceCell | undefined)[] = new Array(width);
      fillGroupCells(cells, row, base, groupColumns);
      let at = base + groupCount;
      for (const plan of plans) {
        cells[at++] = toTextCell(runPlan(plan, cells[plan.from], ctx, cells));
      }
      ctx.row = { ...row, cells };
    },
  };
}

function runPlan(plan: DerivedPlan, cell: SourceCell | undefined, ctx: RowContext, cells: readonly (SourceCell | undefined)[]): string | undefined {
  const text = cell === undefined || cell.kind === 'empty' || cell.kind === 'error' ? '' : cell.text.trim();
  if (text === '') return undefined;
  let value: string | undefined = text;
  let reported = false;
  const report: StepReporter = (code, severity, data, cellValue) => {
    reported = true;
    ctx.report(code, severity, plan.location, { ...data, column: plan.name }, cellValue);
  };
  for (const step of plan.steps) {
    value = step.apply(value, report, cells);
    if (value === undefined) {
      if (plan.onFail !== 'skip' && !reported) {
        ctx.report(
          'derived_value_missing',
          plan.onFail,
          plan.location,
          { column: plan.name, step: step.label, text: text.length > 80 ? `${text.slice(0, 77)}…` : text, hint: 'correct_cell_or_step' },
          text,
        );
      }
      return undefined;
    }
  }
  return value;
}



/** The group-row columns (`_group…`) a step's `groups:` names while `input.groupRows` is false, as the mapping writes them. */
export function findGroupRowColumnsOff(mapping: Mapping, groups: readonly ColumnRef[]): string[] {
  if (mapping.input.groupRows !== false) return [];
  return groups.map(describeColumnRef).filter((name) => GROUP_COLUMN.test(name.trim()));
}

function buildSetupIssue(info: SourceInfo, data: IssueData, path: string, code = 'mapped_column_missing', severity: Severity = 'error'): Issue {
  return createIssue({ stage: 'map', code, severity, data, file: info.file, sheet: info.sheet, row: info.headerRow, path });
}

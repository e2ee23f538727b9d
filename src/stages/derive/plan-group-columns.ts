/**
 * The group-row columns a mapping names: `_group1` … `_group8` (the group of a level), `_group`
 * (the nearest group above the row: the deepest open one), and either with `|name` (a row under no
 * group takes the category found in its product name, by the `lookup: category` step). The
 * mapping's `category: { fromGroups: nearest, otherwise: name }` reads as `_group|name`.
 */
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { GROUP_COLUMN } from '../../mapping/build-read-options.js';
import { describeColumnRef, listMappedHeaders, listStepGroups } from '../../mapping/list-mapped-columns.js';
import type { ColumnRef, Mapping } from '../../mapping/mapping-schema.js';
import type { SourceCell, SourceColumn, SourceRow } from '../../sources/types.js';
import { compileStep, type CategoryLookupCompiler } from './transform-rules.js';
import { findColumnPosition, readGroupPath, resolveGroupColumns } from './read-group-path.js';

/** One group-row column: its name and how a row's value is found. */
export interface GroupColumnPlan {
  name: string;
  /** The value for a row with these open groups and these sheet cells. */
  read(groups: readonly string[] | undefined, cells: readonly (SourceCell | undefined)[]): string | undefined;
}

/** The group-row columns of the mapping, `_group1` … up to the highest level named first (as before), then the others. */
export function planGroupColumns(mapping: Mapping, header: readonly SourceColumn[], index: DirectoryIndex, compileCategoryLookup?: CategoryLookupCompiler): GroupColumnPlan[] {
  const { levels, others } = readGroupColumnNames(mapping);
  const plans: GroupColumnPlan[] = [];
  for (let level = 1; level <= levels; level++) plans.push({ name: `_group${level}`, read: (groups) => groups?.[level - 1] });
  if (others.size === 0) return plans;
  const fromName = createNameLookup(mapping, header, index, compileCategoryLookup);
  for (const [name, { level, withName }] of others) {
    const pick = (groups: readonly string[] | undefined): string | undefined =>
      level === undefined ? groups?.findLast((text) => text !== '') : groups?.[level - 1];
    plans.push({
      name,
      read: (groups, cells) => {
        const found = pick(groups);
        return found !== undefined && found !== '' ? found : withName ? fromName(cells) : undefined;
      },
    });
  }
  return plans;
}

/** The header with the group-row columns appended, as the row mapper resolves the mapping against it. */
export function appendGroupColumns(header: readonly SourceColumn[], plans: readonly GroupColumnPlan[]): SourceColumn[] {
  const firstLetter = header[0]?.letter ?? 'A';
  return [...header, ...plans.map((plan, at): SourceColumn => ({ index: -(at + 1), letter: firstLetter, name: plan.name }))];
}

/** A cell holding a virtual column's text; none for no text. */
export function toTextCell(text: string | undefined): SourceCell | undefined {
  return text === undefined || text === '' ? undefined : { kind: 'string', text, value: text };
}

/**
 * Fills `cells` with the row's sheet cells (the first `base`) and then its group-row cells, one per plan: how the row mapper
 * (`createVirtualColumns`) and `mapping review` both extend a row.
 */
export function fillGroupCells(cells: (SourceCell | undefined)[], row: SourceRow, base: number, plans: readonly GroupColumnPlan[]): void {
  for (let i = 0; i < base; i++) cells[i] = row.cells[i];
  for (let at = 0; at < plans.length; at++) cells[base + at] = toTextCell((plans[at] as GroupColumnPlan).read(row.groups, row.cells));
}

/** How `mapping review` reads a row's groups: as `lookup: category` reads its `groups:` in the row mapper (the same columns, resolved once per file). */
export interface GroupPathReader {
  /** The names the sheet and its group rows lack: the import stops on them before any row. */
  missing: readonly string[];
  read(row: SourceRow): string[];
}

/** Plans the group-row columns of the mapping and resolves `names` (a step's `groups:`) against them and the sheet's header, once per file. */
export function createGroupPathReader(mapping: Mapping, header: readonly SourceColumn[], index: DirectoryIndex, names: readonly ColumnRef[], compileCategoryLookup?: CategoryLookupCompiler): GroupPathReader {
  const plans = planGroupColumns(mapping, header, index, compileCategoryLookup);
  const { positions, missing } = resolveGroupColumns(names, appendGroupColumns(header, plans));
  const base = header.length;
  return {
    missing,
    read(row) {
      const cells: (SourceCell | undefined)[] = new Array(base + plans.length);
      fillGroupCells(cells, row, base, plans);
      return readGroupPath(cells, positions);
    },
  };
}

/** Whether a group-row column of the mapping falls back on the product name (`|name`): the `lookup: category` step. */
export function hasNameGroupColumn(mapping: Mapping): boolean {
  return [...readGroupColumnNames(mapping).others.values()].some((column) => column.withName);
}

/** The highest `_groupN` level named plainly, and the other group-row columns by lower-case name. */
function readGroupColumnNames(mapping: Mapping): { levels: number; others: Map<string, { level: number | undefined; withName: boolean }> } {
  const names = [...listMappedHeaders(mapping), ...[...mapping.derive.map((derived) => derived.from), ...listStepGroups(mapping)].map(describeColumnRef)].map((name) => name.trim());
  let levels = 0;
  const others = new Map<string, { level: number | undefined; withName: boolean }>();
  for (const name of names) {
    const match = GROUP_COLUMN.exec(name);
    if (match === null) continue;
    const level = match[1] === '' || match[1] === undefined ? undefined : Math.min(Number(match[1]), 8);
    const withName = match[2] !== undefined;
    if (level !== undefined && !withName) levels = Math.max(levels, level);
    else others.set(name.toLowerCase(), { level, withName });
  }
  return { levels, others };
}

/** The category found in the row's Russian name cell (`lookup: category`), for a row under no group. */
function createNameLookup(mapping: Mapping, header: readonly SourceColumn[], index: DirectoryIndex, compileCategoryLookup: CategoryLookupCompiler | undefined): (cells: readonly (SourceCell | undefined)[]) => string | undefined {
  const ref = mapping.columns.name?.rus;
  const position = ref === undefined ? -1 : findColumnPosition(header, ref);
  if (position < 0) return () => undefined;
  const lookup = compileStep({ lookup: 'category' }, { mapping, index, compileCategoryLookup });
  return (cells) => {
    const text = cells[position]?.text.trim() ?? '';
    return text === '' ? undefined : lookup.apply(text);
  };
}


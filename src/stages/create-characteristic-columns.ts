/**
 * Characteristic column triples (`characteristics:` of the mapping): exports of prom/Satu-style
 * shops hold attributes as repeated columns `Название_Характеристики`, `Измерение_Характеристики`,
 * `Значение_Характеристики`, × N, each row naming its own characteristics in its own order. Every
 * characteristic name the mapping maps becomes one virtual column appended to the header, filled
 * per row with the value of the triple that names it, and an attribute mapping on that column:
 * the attribute rules then read it as they read any column (synonyms, several values, levels,
 * checks). A name the mapping neither maps nor ignores is reported once per file.
 */
import { createIssue, type Issue, type IssueData } from '../core/issue.js';
import { describeColumnRef } from '../mapping/list-mapped-columns.js';
import type { DirectoryIndex } from '../mapping/directory-index.js';
import type { AttributeMapping, ColumnRef, Mapping } from '../mapping/mapping-schema.js';
import { normalizeHeader, normalizeName } from '../mapping/normalize-name.js';
import type { SourceCell, SourceColumn, SourceInfo } from '../sources/types.js';
import type { CellLocation } from './mapped-row.js';
import type { RowContext } from './rules/row-context.js';

/** The header extended with one column per mapped characteristic, the attribute mappings on them, and how to fill a row. */
export interface CharacteristicColumns {
  info: SourceInfo;
  /** Attribute mappings to add after the mapping's own, one per mapped characteristic name. */
  attributes: AttributeMapping[];
  /** Problems found once per file: triples the header lacks, attribute codes the directory lacks. */
  setupIssues: Issue[];
  /** Gives the row in `ctx` its characteristic cells; reports a name not mapped the first time it is met. */
  fill(ctx: RowContext): void;
}

/** One triple of the header: positions in the row's cells (-1: no unit column). */
interface Triple {
  name: number;
  unit: number;
  value: number;
  location: CellLocation;
}

/** The header name of the virtual column of characteristic `name`. */
function virtualHeader(name: string): string {
  return `Характеристика: ${name}`;
}

/** Compiles the characteristic columns of one file; undefined when the mapping has none. */
export function createCharacteristicColumns(mapping: Mapping, info: SourceInfo, index: DirectoryIndex): CharacteristicColumns | undefined {
  const spec = mapping.characteristics;
  if (spec === undefined) return undefined;
  const setupIssues: Issue[] = [];
  const setupIssue = (code: 'mapped_column_missing' | 'characteristic_attribute_unknown', data: IssueData, path: string): void => {
    setupIssues.push(createIssue({ stage: 'map', code, severity: 'error', data, file: info.file, sheet: info.sheet, row: info.headerRow, path }));
  };
  const triples = findTriples(info.header, spec);
  if (triples.length === 0) setupIssue('mapped_column_missing', { variant: 'characteristics', nameColumn: describeColumnRef(spec.name), valueColumn: describeColumnRef(spec.value) }, 'characteristics');

  const header: SourceColumn[] = [...info.header];
  const base = header.length;
  const positions = new Map<string, number>();
  const attributes: AttributeMapping[] = [];
  for (const [name, target] of Object.entries(spec.attributes)) {
    const key = normalizeName(name);
    if (positions.has(key)) continue;
    const code = typeof target === 'string' ? target : target.code;
    if (!index.attributeByCode.has(code)) setupIssue('characteristic_attribute_unknown', { name, attribute: code }, `characteristics.attributes.${name}`);
    positions.set(key, header.length - base);
    header.push({ index: -(1000 + positions.size), letter: triples[0]?.location.column ?? 'A', name: virtualHeader(name) });
    const column: ColumnRef = { header: virtualHeader(name) };
    attributes.push(typeof target === 'string' ? { code, column, values: {}, outsideCategory: 'skip' } : { ...target, column });
  }
  const ignored = new Set(spec.ignore.map(normalizeName));
  const reported = new Set<string>();
  const width = header.length;
  const withUnit = spec.withUnit;

  return {
    info: { ...info, header },
    attributes,
    setupIssues,
    fill(ctx) {
      const row = ctx.row;
      const cells: (SourceCell | undefined)[] = new Array(width);
      for (let i = 0; i < base; i++) cells[i] = row.cells[i];
      for (const triple of triples) {
        const name = readText(row.cells[triple.name]);
        if (name === '') continue;
        const key = normalizeName(name);
        const position = positions.get(key);
        if (position === undefined) {
          if (ignored.has(key) || reported.has(key)) continue;
          reported.add(key);
          ctx.report(
            'characteristic_not_mapped',
            'warning',
            triple.location,
            { hint: 'map_or_ignore_characteristic' },
            name,
          );
          continue;
        }
        // The first triple naming a characteristic gives its value.
        if (cells[base + position] !== undefined) continue;
        let value = readText(row.cells[triple.value]);
        if (value === '') continue;
        const unit = triple.unit < 0 ? '' : readText(row.cells[triple.unit]);
        if (withUnit && unit !== '') value = `${value} ${unit}`;
        cells[base + position] = { kind: 'string', text: value, value };
      }
      ctx.row = { ...row, cells };
    },
  };
}

function readText(cell: SourceCell | undefined): string {
  return cell === undefined || cell.kind === 'empty' || cell.kind === 'error' ? '' : cell.text.trim();
}

/**
 * The triples of the header: every column headed like `spec.name` (the header repeated, or with a
 * number after it, as readers suffix repeated headers), each with the unit and value columns that
 * follow it before the next name column.
 */
function findTriples(header: readonly SourceColumn[], spec: NonNullable<Mapping['characteristics']>): Triple[] {
  const isName = createHeaderTest(spec.name);
  const isValue = createHeaderTest(spec.value);
  const isUnit = spec.unit === undefined ? () => false : createHeaderTest(spec.unit);
  const names: number[] = [];
  header.forEach((column, position) => {
    if (isName(column)) names.push(position);
  });
  const triples: Triple[] = [];
  names.forEach((name, i) => {
    const end = names[i + 1] ?? header.length;
    let value = -1;
    let unit = -1;
    for (let position = name + 1; position < end; position++) {
      const column = header[position] as SourceColumn;
      if (value < 0 && isValue(column)) value = position;
      else if (unit < 0 && isUnit(column)) unit = position;
    }
    const column = header[name] as SourceColumn;
    if (value >= 0) triples.push({ name, unit, value, location: column.name === '' ? { column: column.letter } : { column: column.letter, header: column.name } });
  });
  return triples;
}

/** Whether a column is headed `ref`: by letter, or by header text with an optional number after it (`…_2`, `… (2)`, `….1`). */
function createHeaderTest(ref: ColumnRef): (column: SourceColumn) => boolean {
  if (typeof ref === 'object' && 'letter' in ref) {
    const letter = ref.letter.toUpperCase();
    return (column) => column.letter === letter;
  }
  const key = normalizeHeader(typeof ref === 'string' ? ref : ref.header);
  return (column) => {
    const name = normalizeHeader(column.name);
    return name === key || (name.startsWith(key) && /^[\s_.(-]*\d+\)?$/.test(name.slice(key.length)));
  };
}

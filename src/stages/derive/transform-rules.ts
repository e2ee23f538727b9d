/**
 * The steps of derived columns, as a table of small named rules (rules as data): each compiles its
 * options once per file into a function from one text to the next text, or `undefined` when it
 * cannot give a value (the caller reports it at the cell, naming the step).
 *
 * `lookup: category` is compiled by the product classifier (`lookup-category.ts`), which is not
 * imported here: it is ~20 modules with tables built at load, and most mappings do not use the
 * step. The caller hands it in (`StepSetup.compileCategoryLookup`): the pipeline loads it only for
 * a mapping that uses the step (`load-category-lookup.ts`), the library's synchronous
 * `createRowMapper` always (issue 39).
 */
import type { DeriveStep } from '../../mapping/derive-schema.js';
import { UNIT_FACTORS } from '../../mapping/unit-factors.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import type { Mapping } from '../../mapping/mapping-schema.js';
import { normalizeName } from '../../mapping/normalize-name.js';
import type { IssueData, Severity } from '../../core/issue.js';
import type { RowIssueCode } from '../issue-codes.js';
import { createWordIndex } from './find-words-in-text.js';
import type { MappingUsage } from '../track-mapping-usage.js';
import type { SourceCell, SourceColumn } from '../../sources/types.js';
import { resolveGroupColumns, type GroupColumns } from './read-group-path.js';

/** How a step reports a problem of its own at the cell (the caller adds the location); a step that reports gets no second, generic issue. */
export type StepReporter = (code: RowIssueCode, severity: Severity, data: IssueData, value: string) => void;

/** A compiled step. */
export interface CompiledStep {
  /** The step's name as the mapping writes it (`regex`, `lookup`, …), for messages. */
  readonly kind: StepKind;
  /** What the step looks for, for messages: `regex /(\d+)\s*л/`, `lookup brand`. */
  readonly label: string;
  /** Problems of the step's options found while compiling (reported once, as setup issues). */
  readonly problems?: readonly string[];
  /** Columns the step reads beside its text (`lookup: category`'s `groups:`) that the header lacks: a setup error, before any row. */
  readonly missingColumns?: readonly string[];
  /** The step's value for `text`; `cells`: the row (the sheet's and the group-row cells), for a step that reads other columns of it. */
  apply(text: string, report?: StepReporter, cells?: readonly (SourceCell | undefined)[]): string | undefined;
}

/** What the `lookup: category` step is compiled with beside the mapping: where it notes the answers names meet, the row's group columns it reads. */
export interface CategoryLookupSetup {
  usage?: MappingUsage | undefined;
  /** The step's `groups:`, resolved against the header once per file (`read-group-path.ts`). */
  groups?: GroupColumns | undefined;
}

/** Compiles the `lookup: category` step (`compileCategoryLookup` of `lookup-category.ts`); it notes the `categories:` answers names meet in `setup.usage`. */
export type CategoryLookupCompiler = (mapping: Mapping, index: DirectoryIndex, setup?: CategoryLookupSetup) => CompiledStep;

/** What a step factory may use, once per file. */
export interface StepSetup {
  mapping: Mapping;
  index: DirectoryIndex;
  /** Needed by `lookup: category` only; compiling that step without it is a defect of the caller. */
  compileCategoryLookup?: CategoryLookupCompiler | undefined;
  /** The header a step that reads other cells of the row resolves them against: the sheet's columns and the group-row columns. */
  header?: readonly SourceColumn[] | undefined;
}

/** Names of the steps. */
export type StepKind = 'regex' | 'lookup' | 'split' | 'map' | 'scale' | 'unit' | 'when';

type StepOf<K extends StepKind> = Extract<DeriveStep, Record<K, unknown>>;
type StepFactory<K extends StepKind> = (step: StepOf<K>, setup: StepSetup) => CompiledStep;

/** Joins the pieces of a `split` that keeps them all; attributes split them again with `separator: ";"`. */
const SPLIT_JOIN = ';';

const NUMBER = /[+-]?\d+(?:[.,]\d+)?/;

/** The rules, by step name. */
const TRANSFORM_RULES: { [K in StepKind]: StepFactory<K> } = {
  regex(step) {
    const spec = typeof step.regex === 'string' ? { pattern: step.regex } : step.regex;
    const pattern = new RegExp(spec.pattern, 'iu');
    const group = spec.group;
    return {
      kind: 'regex',
      label: `regex /${spec.pattern}/`,
      apply(text) {
        const match = pattern.exec(text);
        if (!match) return undefined;
        const value = group === undefined ? (match.length > 1 ? match[1] : match[0]) : typeof group === 'number' ? match[group] : match.groups?.[group];
        return value === undefined || value.trim() === '' ? undefined : value.trim();
      },
    };
  },

  lookup(step, { mapping, index, compileCategoryLookup, header }) {
    // Categories by the product classifier: the name's product type, not any leaf name anywhere in the text.
    if (step.lookup === 'category') {
      if (compileCategoryLookup === undefined) throw new Error('lookup: category compiled without the classifier: load it with loadCategoryLookup first');
      return compileCategoryLookup(mapping, index, step.groups === undefined ? {} : { groups: resolveGroupColumns(step.groups, header ?? []) });
    }
    const pairs: [string, string][] = [];
    for (const key of Object.keys(mapping.brands)) pairs.push([key, key]);
    for (const brand of index.directories.brands) pairs.push([brand.name, brand.name]);
    const words = createWordIndex(pairs);
    return { kind: 'lookup', label: `lookup ${step.lookup}`, apply: (text) => words.find(text) };
  },

  split(step) {
    const spec = typeof step.split === 'string' ? { separator: step.split, take: 'all' as const } : step.split;
    const { separator, take } = spec;
    return {
      kind: 'split',
      label: `split "${separator}"`,
      apply(text) {
        const pieces = text
          .split(separator)
          .map((piece) => piece.trim())
          .filter((piece) => piece !== '');
        if (pieces.length === 0) return undefined;
        if (take === 'all') return pieces.join(SPLIT_JOIN);
        if (take === 'first') return pieces[0];
        if (take === 'last') return pieces[pieces.length - 1];
        return pieces[take - 1];
      },
    };
  },

  map(step) {
    const table = new Map(Object.entries(step.map).map(([from, to]) => [normalizeName(from), to]));
    const keep = step.otherwise === 'keep';
    return {
      kind: 'map',
      label: `map (${table.size} values)`,
      apply: (text) => table.get(normalizeName(text)) ?? (keep ? text : undefined),
    };
  },

  scale(step) {
    const { scale, decimals } = step;
    return {
      kind: 'scale',
      label: `scale ×${scale}`,
      apply(text) {
        const number = readNumber(text);
        return number === undefined ? undefined : formatNumber(number * scale, decimals);
      },
    };
  },

  unit(step) {
    const target = UNIT_FACTORS[step.unit] as { kind: string; factor: number };
    const { decimals } = step;
    const withUnit = new RegExp(`(${NUMBER.source})\\s*(${Object.keys(UNIT_FACTORS).sort((a, b) => b.length - a.length).join('|')})(?![\\p{L}])`, 'iu');
    return {
      kind: 'unit',
      label: `unit ${step.unit}`,
      apply(text) {
        const match = withUnit.exec(text);
        if (match) {
          const written = (match[2] ?? '').toLowerCase();
          // `Object.hasOwn`: a cell's word never reaches the table's prototype (`5 constructor`).
          const from = Object.hasOwn(UNIT_FACTORS, written) ? UNIT_FACTORS[written] : undefined;
          const number = readNumber(match[1] ?? '');
          if (from === undefined || number === undefined || from.kind !== target.kind) return undefined;
          return formatNumber((number * from.factor) / target.factor, decimals);
        }
        // A bare number is already in the target unit.
        const bare = /^\s*[+-]?\d+(?:[.,]\d+)?\s*$/.test(text) ? readNumber(text) : undefined;
        return bare === undefined ? undefined : formatNumber(bare, decimals);
      },
    };
  },

  when(step) {
    const test = buildTest(step.when);
    const otherwise = step.else;
    return {
      kind: 'when',
      label: `when ${Object.entries(step.when)
        .map(([name, value]) => `${name} "${value}"`)
        .join('')}`,
      apply: (text) => (test(text) ? step.then : otherwise),
    };
  },
};

/** Which rule a step is. */
function findStepKind(step: DeriveStep): StepKind {
  for (const kind of Object.keys(TRANSFORM_RULES) as StepKind[]) if (kind in step) return kind;
  throw new Error(`unknown derive step ${JSON.stringify(step)}`);
}

/** Compiles one step with its rule. */
export function compileStep(step: DeriveStep, setup: StepSetup): CompiledStep {
  const kind = findStepKind(step);
  return (TRANSFORM_RULES[kind] as StepFactory<StepKind>)(step as StepOf<StepKind>, setup);
}

function buildTest(when: Record<string, string | undefined>): (text: string) => boolean {
  const [name, value = ''] = Object.entries(when).find(([, v]) => v !== undefined) ?? ['equals', ''];
  const wanted = value.toLowerCase();
  switch (name) {
    case 'startsWith':
      return (text) => text.trim().toLowerCase().startsWith(wanted);
    case 'endsWith':
      return (text) => text.trim().toLowerCase().endsWith(wanted);
    case 'contains':
      return (text) => text.toLowerCase().includes(wanted);
    case 'matches': {
      const pattern = new RegExp(value, 'iu');
      return (text) => pattern.test(text);
    }
    default:
      return (text) => normalizeName(text) === normalizeName(value);
  }
}

/** The first number in the text (decimal comma or point, spaces inside thousands removed). */
function readNumber(text: string): number | undefined {
  const match = NUMBER.exec(text.replace(/(\d)[\s\u00a0\u202f](?=\d{3}\b)/g, '$1'));
  if (!match) return undefined;
  const number = Number(match[0].replace(',', '.'));
  return Number.isFinite(number) ? number : undefined;
}

function formatNumber(number: number, decimals: number): string {
  return String(Number(number.toFixed(decimals)));
}

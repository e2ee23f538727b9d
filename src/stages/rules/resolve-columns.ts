/**
 * Finds the mapped columns in the header, once per file, reporting a column the header lacks
 * (with the nearest headers) or heads twice.
 */
import type { Severity } from '../../core/issue.js';
import type { ColumnRef } from '../../mapping/mapping-schema.js';
import { normalizeHeader } from '../../mapping/normalize-name.js';
import { describeSuggestions, suggestEntries } from '../../mapping/suggest-entries.js';
import type { SourceInfo } from '../../sources/types.js';
import type { CellLocation } from '../mapped-row.js';
import type { ColumnSlot, ResolvedColumn, RuleSetup } from './field-rule.js';

/** Resolves one column reference of the mapping against the header. */
export type ColumnResolver = (ref: ColumnRef | undefined, path: string, missingSeverity?: Severity | 'off') => ColumnSlot;

/**
 * Makes the column resolver of one file. `missingSeverity` is how a column missing from the header
 * is reported (`off`: not at all); the default is an error.
 */
export function createColumnResolver(info: SourceInfo, setupIssue: RuleSetup['setupIssue']): ColumnResolver {
  const headerIndex = new Map<string, ResolvedColumn>();
  const duplicated = new Set<string>();
  // `row.cells[i]` belongs to `info.header[i]`: positions in the header, not the columns' places
  // in the sheet (the readers leave ignored `_` columns out of both).
  info.header.forEach((column, position) => {
    const key = normalizeHeader(column.name);
    if (key === '') return;
    if (headerIndex.has(key)) duplicated.add(key);
    else headerIndex.set(key, { index: position, location: buildLocation(column.letter, column.name) });
  });

  return (ref, path, missingSeverity = 'error') => {
    if (ref === undefined) return undefined;
    if (typeof ref === 'object' && 'letter' in ref) {
      const letter = ref.letter.toUpperCase();
      const position = info.header.findIndex((column) => column.index === letterToIndex(letter));
      if (position < 0) {
        if (missingSeverity !== 'off') {
          setupIssue('mapped_column_missing', missingSeverity, { variant: 'letter', letter, path }, { path });
        }
        return null;
      }
      return { index: position, location: buildLocation(letter, info.header[position]?.name ?? '') };
    }
    const header = typeof ref === 'string' ? ref : ref.header;
    const key = normalizeHeader(header);
    const found = headerIndex.get(key);
    if (found === undefined) {
      if (missingSeverity !== 'off') {
        const near = suggestEntries(
          header,
          info.header.filter((column) => column.name !== '').map((column) => ({ label: `"${column.name}" (${column.letter})`, names: [column.name], entry: column })),
        );
        setupIssue('mapped_column_missing', missingSeverity, { header, path, ...describeSuggestions(near) }, { path, header });
      }
      return null;
    }
    if (duplicated.has(key)) {
      setupIssue('duplicate_header', 'warning', { variant: 'mapped', header, column: found.location.column }, { path, header });
    }
    return found;
  };
}

function buildLocation(column: string, header: string): CellLocation {
  return header === '' ? { column } : { column, header };
}

/** Column letter (A, Z, AA) → position from 0. */
function letterToIndex(letter: string): number {
  let position = 0;
  for (const char of letter) position = position * 26 + (char.charCodeAt(0) - 64);
  return position - 1;
}

/**
 * Where each value of a mapping read from a workbook came from, and placing issues about such a
 * mapping at their cell. Apart from the reading (`load-mapping.ts`): a run whose mapping comes from
 * the compiled-mapping cache places its issues without loading the YAML decoder (issue 39).
 */
import type { Issue } from '../core/issue.js';
import type { Mapping } from './mapping-schema.js';
import { locateMappingPath, type WorkbookLocation } from './read-mapping-workbook.js';

const WORKBOOK_LOCATIONS = new WeakMap<Mapping, ReadonlyMap<string, WorkbookLocation>>();

/** Remembers the cells a mapping read from a workbook came from, for `locateMappingIssues`. */
export function rememberWorkbookLocations(mapping: Mapping, locations: ReadonlyMap<string, WorkbookLocation>): void {
  WORKBOOK_LOCATIONS.set(mapping, locations);
}

/**
 * Places issues about a mapping read from a workbook at their sheet, row and column (by their
 * `path`); issues of a YAML mapping are returned as they are.
 */
export function locateMappingIssues(mapping: Mapping, issues: readonly Issue[]): Issue[] {
  const locations = WORKBOOK_LOCATIONS.get(mapping);
  if (locations === undefined) return [...issues];
  return issues.map((issue) => placeMappingIssue(issue, locations));
}

/** An issue placed at the cell of its `path`, when it has one and the cell is known. */
export function placeMappingIssue(issue: Issue, locations: ReadonlyMap<string, WorkbookLocation>): Issue {
  if (issue.path === undefined || issue.sheet !== undefined) return issue;
  const found = locateMappingPath(locations, issue.path);
  return found === undefined ? issue : { ...issue, sheet: found.sheet, row: found.row, column: found.column };
}

/** The cell (`Категории!A12`) of the mapping value at `path` (`categories.Футболки`) when the mapping was read from a workbook; else undefined (a YAML mapping keeps no places). */
export function locateMappingEntry(mapping: Mapping, path: string): string | undefined {
  const locations = WORKBOOK_LOCATIONS.get(mapping);
  const found = locations === undefined ? undefined : locateMappingPath(locations, path);
  return found === undefined ? undefined : `${found.sheet}!${found.column}${found.row}`;
}

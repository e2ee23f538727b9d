/**
 * Reading the mapping file: the only I/O of the mapping. The YAML is decoded with plain tags only,
 * a bounded alias count and a bounded size, then handed to `parseMapping`. A mapping kept as a
 * workbook (`*.xlsx`, see `mapping-workbook-layout.ts`) is decoded to the same document, and its
 * issues are placed at the sheet, row and column of the cell to fix.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseDocument } from 'yaml';
import type { Deps } from '../core/deps.js';
import { MappingError } from '../core/errors.js';
import { createIssue, type Issue, type IssueData } from '../core/issue.js';
import type { MappingIssueCode } from './issue-codes.js';
import type { Mapping } from './mapping-schema.js';
import type { ServiceRequirableField } from '../settings/service-profile-schema.js';
import { parseMapping } from './parse-mapping.js';
import { locateMappingPath, readMappingWorkbook, type WorkbookLocation } from './read-mapping-workbook.js';

/** Limits of `loadMapping`. */
export interface LoadMappingOptions {
  /** Largest file in bytes. Default 1 MB. */
  maxBytes?: number;
  /** Most alias uses while decoding (guards against "billion laughs"). Default 100. */
  maxAliasCount?: number;
  /** The service profile's required fields (`service.requiredFields`); what the mapping leaves unsaid follows them. */
  requiredFields?: readonly ServiceRequirableField[] | undefined;
}

/** The decoded document (and, for a workbook, the cell of each value), or the issues that kept it from being decoded. */
export type DecodedMappingDocument = { document: unknown; locations?: ReadonlyMap<string, WorkbookLocation>; issues?: never } | { document?: never; issues: Issue[] };

/** `DecodedMappingDocument` of a file, with the SHA-256 (hex) of the very bytes decoded (absent when the file could not be read). */
export type LoadMappingDocumentResult = { document: unknown; locations?: ReadonlyMap<string, WorkbookLocation>; sha256: string; issues?: never } | { document?: never; sha256?: string; issues: Issue[] };

/** A mapping parsed from a file, with the SHA-256 (hex) of the bytes it was parsed from. */
export interface LoadedMapping {
  mapping: Mapping;
  /**
   * Of the bytes read once and parsed, never of a second read: a run records it as its mapping's
   * identity (journal, resume, report), so it must name the mapping the run used even when the
   * file is edited while the run starts.
   */
  sha256: string;
}

/** True for a mapping kept as a workbook (`mapping.xlsx`) rather than YAML. */
export function isMappingWorkbook(path: string): boolean {
  return /\.xlsx$/i.test(path);
}

// Where each value of a mapping read from a workbook came from, to place the directory rules' issues.
const WORKBOOK_LOCATIONS = new WeakMap<Mapping, ReadonlyMap<string, WorkbookLocation>>();

/**
 * Places issues about a mapping read from a workbook at their sheet, row and column (by their
 * `path`); issues of a YAML mapping are returned as they are.
 */
export function locateMappingIssues(mapping: Mapping, issues: readonly Issue[]): Issue[] {
  const locations = WORKBOOK_LOCATIONS.get(mapping);
  if (locations === undefined) return [...issues];
  return issues.map((issue) => placeIssue(issue, locations));
}

function placeIssue(issue: Issue, locations: ReadonlyMap<string, WorkbookLocation>): Issue {
  if (issue.path === undefined || issue.sheet !== undefined) return issue;
  const found = locateMappingPath(locations, issue.path);
  return found === undefined ? issue : { ...issue, sheet: found.sheet, row: found.row, column: found.column };
}

const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_MAX_ALIAS_COUNT = 100;

/**
 * Reads and decodes a mapping file into `unknown`, without checking it. The file is read once, and
 * `sha256` is of those bytes. Never throws for a bad file.
 */
export async function loadMappingDocument(path: string, deps: Pick<Deps, 'cwd'>, options: LoadMappingOptions = {}): Promise<LoadMappingDocumentResult> {
  const fullPath = resolve(deps.cwd, path);
  const workbook = isMappingWorkbook(path);
  // A workbook has no size limit of its own: exceljs reads it whole either way.
  const maxBytes = workbook ? Infinity : (options.maxBytes ?? DEFAULT_MAX_BYTES);
  let bytes: Buffer;
  try {
    const info = await stat(fullPath);
    if (info.size > maxBytes) return { issues: [tooLargeIssue(path, info.size, maxBytes)] };
    bytes = await readFile(fullPath);
  } catch (error) {
    return { issues: [fileIssue(path, 'mapping_unreadable', { variant: workbook ? 'workbook' : 'file', detail: (error as Error).message })] };
  }
  // Grown between the look and the read: the limit holds for what was read.
  if (bytes.length > maxBytes) return { issues: [tooLargeIssue(path, bytes.length, maxBytes)] };
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (workbook) {
    const read = await readMappingWorkbook(bytes, path);
    return read.issues.length > 0 ? { issues: read.issues, sha256 } : { document: read.document, locations: read.locations, sha256 };
  }
  return { ...decodeMappingYaml(bytes.toString('utf8'), path, options.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT), sha256 };
}

function tooLargeIssue(path: string, size: number, maxBytes: number): Issue {
  return fileIssue(path, 'mapping_too_large', { size, max: maxBytes });
}

/** Decodes mapping YAML text (pure): plain YAML 1.2 core tags only, unique keys, one document, bounded aliases. */
export function decodeMappingYaml(text: string, file: string, maxAliasCount = DEFAULT_MAX_ALIAS_COUNT): DecodedMappingDocument {
  const doc = parseDocument(text.replace(/^\ufeff/, ''), {
    schema: 'core',
    customTags: [],
    resolveKnownTags: false,
    uniqueKeys: true,
    prettyErrors: true,
  });
  const issues: Issue[] = [];
  for (const error of doc.errors) {
    issues.push(yamlIssue(file, 'mapping_yaml_invalid', error.message, error.linePos?.[0].line));
  }
  for (const warning of doc.warnings) {
    // An unknown tag would silently become a string; custom tags are refused outright.
    if (warning.code === 'TAG_RESOLVE_FAILED') issues.push(yamlIssue(file, 'mapping_yaml_tag', warning.message, warning.linePos?.[0].line));
  }
  if (issues.length > 0) return { issues };
  try {
    return { document: doc.toJS({ maxAliasCount }) };
  } catch (error) {
    return { issues: [yamlIssue(file, 'mapping_yaml_invalid', (error as Error).message, undefined)] };
  }
}

/**
 * Reads, decodes and parses a mapping file. Throws `MappingError` carrying every issue when the
 * file cannot be read, is not YAML, or breaks the schema. Directory rules are separate
 * (`checkMappingRules`), since the directories are fetched later.
 */
export async function loadMapping(path: string, deps: Pick<Deps, 'cwd'>, options: LoadMappingOptions = {}): Promise<Mapping> {
  return (await loadMappingWithHash(path, deps, options)).mapping;
}

/**
 * `loadMapping`, and the SHA-256 of the bytes it parsed (one read of the file): what a run records
 * as its mapping's identity. Throws as `loadMapping`.
 */
export async function loadMappingWithHash(path: string, deps: Pick<Deps, 'cwd'>, options: LoadMappingOptions = {}): Promise<LoadedMapping> {
  const loaded = await loadMappingDocument(path, deps, options);
  if (loaded.issues !== undefined) throw new MappingError(`mapping ${path} cannot be loaded`, loaded.issues);
  const parsed = parseMapping(loaded.document, path, { requiredFields: options.requiredFields });
  const locations = loaded.locations;
  if (parsed.issues !== undefined) {
    const issues = locations === undefined ? parsed.issues : parsed.issues.map((issue) => placeIssue(issue, locations));
    throw new MappingError(`mapping ${path} has ${issues.length} problem${issues.length === 1 ? '' : 's'}`, issues);
  }
  if (locations !== undefined) WORKBOOK_LOCATIONS.set(parsed.mapping, locations);
  return { mapping: parsed.mapping, sha256: loaded.sha256 };
}

function fileIssue(file: string, code: MappingIssueCode, data: IssueData): Issue {
  return createIssue({ stage: 'mapping', severity: 'error', code, data, file });
}

function yamlIssue(file: string, code: MappingIssueCode, message: string, line: number | undefined): Issue {
  // yaml's pretty messages carry a code frame after the first line; the location goes into `row`.
  const firstLine = message.split('\n')[0] ?? message;
  // The YAML parser's own words (English), quoted.
  return createIssue({ stage: 'mapping', severity: 'error', code, data: { detail: firstLine }, file, row: line });
}

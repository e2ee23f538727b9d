/**
 * Reading the mapping file: the only I/O of the mapping. The YAML is decoded with plain tags only,
 * a bounded alias count and a bounded size, then handed to `parseMapping`. A mapping kept as a
 * workbook (`*.xlsx`, see `mapping-workbook-layout.ts`) is decoded to the same document, and its
 * issues are placed at the sheet, row and column of the cell to fix.
 */
import { parseDocument } from 'yaml';
import type { Deps } from '../core/deps.js';
import { MappingError } from '../core/errors.js';
import { createIssue, type Issue } from '../core/issue.js';
import type { MappingIssueCode } from './issue-codes.js';
import { locateMappingIssues, placeMappingIssue, rememberWorkbookLocations } from './locate-mapping-issues.js';
import type { Mapping } from './mapping-schema.js';
import { parseMapping } from './parse-mapping.js';
import { isMappingWorkbook, readMappingFile, type LoadedMapping, type LoadMappingOptions, type MappingFileRead } from './read-mapping-file.js';
import { readMappingWorkbook, type WorkbookLocation } from './read-mapping-workbook.js';

/** The decoded document (and, for a workbook, the cell of each value), or the issues that kept it from being decoded. */
export type DecodedMappingDocument = { document: unknown; locations?: ReadonlyMap<string, WorkbookLocation>; issues?: never } | { document?: never; issues: Issue[] };

/** `DecodedMappingDocument` of a file, with the SHA-256 (hex) of the very bytes decoded (absent when the file could not be read). */
type LoadMappingDocumentResult = { document: unknown; locations?: ReadonlyMap<string, WorkbookLocation>; sha256: string; issues?: never } | { document?: never; sha256?: string; issues: Issue[] };

export { isMappingWorkbook, locateMappingIssues };
export type { LoadMappingOptions, LoadedMapping };

const DEFAULT_MAX_ALIAS_COUNT = 100;

/** Decodes the bytes `readMappingFile` read (a workbook or YAML). Never throws for a bad file. */
async function decodeMappingFile(read: MappingFileRead, path: string): Promise<LoadMappingDocumentResult> {
  if (read.issues !== undefined) return read;
  const { bytes, sha256 } = read;
  if (read.workbook) {
    const decoded = await readMappingWorkbook(bytes, path);
    return decoded.issues.length > 0 ? { issues: decoded.issues, sha256 } : { document: decoded.document, locations: decoded.locations, sha256 };
  }
  return { ...decodeMappingYaml(bytes.toString('utf8'), path), sha256 };
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
  return parseMappingFile(await readMappingFile(path, deps, options), path, options);
}

/**
 * Decodes and parses the bytes `readMappingFile` read; throws as `loadMapping`. The compiled-mapping
 * cache (`load-cached-mapping.ts`) calls it when it holds nothing for those bytes.
 */
export async function parseMappingFile(read: MappingFileRead, path: string, options: LoadMappingOptions = {}): Promise<LoadedMapping> {
  const loaded = await decodeMappingFile(read, path);
  if (loaded.issues !== undefined) throw new MappingError(`mapping ${path} cannot be loaded`, loaded.issues);
  const parsed = parseMapping(loaded.document, path, { requiredFields: options.requiredFields });
  const locations = loaded.locations;
  if (parsed.issues !== undefined) {
    const issues = locations === undefined ? parsed.issues : parsed.issues.map((issue) => placeMappingIssue(issue, locations));
    throw new MappingError(`mapping ${path} has ${issues.length} problem${issues.length === 1 ? '' : 's'}`, issues);
  }
  if (locations !== undefined) rememberWorkbookLocations(parsed.mapping, locations);
  return { mapping: parsed.mapping, sha256: loaded.sha256 };
}

function yamlIssue(file: string, code: MappingIssueCode, message: string, line: number | undefined): Issue {
  // yaml's pretty messages carry a code frame after the first line; the location goes into `row`.
  const firstLine = message.split('\n')[0] ?? message;
  // The YAML parser's own words (English), quoted.
  return createIssue({ stage: 'mapping', severity: 'error', code, data: { detail: firstLine }, file, row: line });
}

/**
 * Reading a mapping file's bytes, once, with its size limit and their SHA-256: the only file I/O of
 * the mapping. Decoding them is `load-mapping.ts`'s; this part loads neither the YAML decoder nor the
 * schema, so a run whose mapping the compiled-mapping cache holds needs neither (issue 39).
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Deps } from '../core/deps.js';
import { createIssue, type Issue, type IssueData } from '../core/issue.js';
import type { MappingIssueCode } from './issue-codes.js';
import type { Mapping } from './mapping-schema.js';
import type { ServiceRequirableField } from '../settings/service-profile-schema.js';

/** Limits of `loadMapping`. */
export interface LoadMappingOptions {
  /** Largest file in bytes. Default 1 MB. */
  maxBytes?: number;
  /** The service profile's required fields (`service.requiredFields`); what the mapping leaves unsaid follows them. */
  requiredFields?: readonly ServiceRequirableField[] | undefined;
}

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

/** The bytes of a mapping file and their SHA-256 (hex), or the issue that kept them from being read. */
export type MappingFileRead = { bytes: Buffer; sha256: string; workbook: boolean; fullPath: string; issues?: never } | { issues: Issue[]; sha256?: never };

/** True for a mapping kept as a workbook (`mapping.xlsx`) rather than YAML. */
export function isMappingWorkbook(path: string): boolean {
  return /\.xlsx$/i.test(path);
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

/** Reads a mapping file once (within its size limit) and hashes the bytes read. Never throws for a bad file. */
export async function readMappingFile(path: string, deps: Pick<Deps, 'cwd'>, options: LoadMappingOptions = {}): Promise<MappingFileRead> {
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
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex'), workbook, fullPath };
}

function tooLargeIssue(path: string, size: number, maxBytes: number): Issue {
  return fileIssue(path, 'mapping_too_large', { size, max: maxBytes });
}

function fileIssue(file: string, code: MappingIssueCode, data: IssueData): Issue {
  return createIssue({ stage: 'mapping', severity: 'error', code, data, file });
}

/** Builders shared by the report tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { createIssue } from '../../src/core/issue.js';
import type { Issue } from '../../src/core/issue.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import type { SourceColumn, SourceInfo } from '../../src/sources/types.js';

/** A temp dir removed when the test finishes. */
export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'catalog-report-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Header columns from names, lettered A, B, … */
export function makeHeader(names: readonly string[]): SourceColumn[] {
  return names.map((name, index) => ({ index, letter: String.fromCharCode(65 + index), name }));
}

/** A `SourceInfo` for tests. */
export function makeInfo(overrides: Partial<SourceInfo> & Pick<SourceInfo, 'file' | 'format' | 'header'>): SourceInfo {
  return { headerRow: 1, totalBytes: 0, ...overrides };
}

/** An issue with sensible defaults. */
export function makeIssue(overrides: Partial<Issue> & Pick<Issue, 'code' | 'message'>): Issue {
  return createIssue({ severity: 'error', stage: 'validate', ...overrides });
}

/** An outcome lookup from a list. */
export function makeOutcomeOf(outcomes: readonly RowOutcome[]): (row: number) => RowOutcome | undefined {
  const byRow = new Map(outcomes.map((outcome) => [outcome.row, outcome]));
  return (row) => byRow.get(row);
}

/**
 * Outcome checks shared by the bad-input suites: a reader or the mapping loader must give either
 * a result (whose row issues carry the file and the row) or one of the tool's own errors naming
 * the file, never another exception, and never hang.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LimitError, MappingError, SourceReadError } from '../../src/core/errors.js';
import { openSource } from '../../src/sources/open-source.js';
import type { ReadOptions, SourceInfo, SourceRow } from '../../src/sources/types.js';

/** A reader's outcome on one file. */
export type ReadOutcome = { kind: 'rows'; info: SourceInfo; rows: SourceRow[] } | { kind: 'error'; error: unknown };

/** How long one read may take before it counts as a hang. */
export const HANG_MS = 10_000;

/** Rejects when `promise` does not settle within `ms` (a hang), clearing its timer either way. */
export async function withinTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`HANG: ${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens and reads the whole file; every failure is returned, not thrown (a hang is thrown). */
export async function readWhole(path: string, options: ReadOptions = {}): Promise<ReadOutcome> {
  const read = async (): Promise<ReadOutcome> => {
    try {
      const stream = await openSource(path, options, {});
      const rows: SourceRow[] = [];
      for await (const row of stream.rows) rows.push(row);
      return { kind: 'rows', info: stream.info, rows };
    } catch (error) {
      return { kind: 'error', error };
    }
  };
  return withinTime(read(), HANG_MS, `reading ${path}`);
}

/**
 * Problems with an outcome (empty when it is clean): an error must be a `SourceReadError` or a
 * `LimitError` whose message names the file; rows must have increasing row numbers, and each row
 * issue must name the file and its row.
 */
export function checkReadOutcome(outcome: ReadOutcome, path: string): string[] {
  const name = path.split('/').at(-1) as string;
  if (outcome.kind === 'error') {
    const error = outcome.error;
    if (!(error instanceof SourceReadError) && !(error instanceof LimitError)) {
      return [`unexpected ${error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error)}`];
    }
    return error.message.includes(name) ? [] : [`the error does not name the file: ${error.message}`];
  }
  const problems: string[] = [];
  let previous = outcome.info.headerRow;
  for (const row of outcome.rows) {
    if (!(row.row > previous)) problems.push(`row number ${row.row} after ${previous}`);
    previous = row.row;
    for (const issue of row.issues ?? []) {
      if (issue.file === undefined || !issue.file.includes(name)) problems.push(`row ${row.row}: issue ${issue.code} does not name the file`);
      if (issue.row !== row.row) problems.push(`row ${row.row}: issue ${issue.code} names row ${String(issue.row)}`);
    }
  }
  return problems;
}

/** Problems with the outcome of `loadMapping`: only a `MappingError` whose issues all name the file is acceptable. */
export function checkMappingOutcome(outcome: { ok: true } | { ok: false; error: unknown }, file: string): string[] {
  if (outcome.ok) return [];
  const error = outcome.error;
  if (!(error instanceof MappingError)) return [`unexpected ${error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error)}`];
  if (!error.message.includes(file)) return [`the error does not name the file: ${error.message}`];
  if (error.issues.length === 0) return ['a MappingError without issues'];
  return error.issues.filter((issue) => issue.file !== file).map((issue) => `issue ${issue.code} names file ${String(issue.file)}`);
}

/** A temp directory for one property; call `cleanup` in `afterAll`. */
export async function createFuzzDir(): Promise<{ dir: string; write(name: string, data: string | Uint8Array): Promise<string>; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'catalog-fuzz-'));
  let n = 0;
  return {
    dir,
    async write(name, data) {
      n += 1;
      const path = join(dir, `${n}-${name}`);
      await writeFile(path, data);
      return path;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Temp files for reader tests: a fresh directory per test, removed when the test finishes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { SourceRow, SourceStream } from '../../src/sources/types.js';

/** Creates a temp directory removed after the current test; returns a function giving paths in it. */
export async function createTempDir(): Promise<(name: string) => string> {
  const dir = await mkdtemp(join(tmpdir(), 'catalog-sources-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return (name) => join(dir, name);
}

/** Writes `content` to a new temp file named `name` and returns its path. */
export async function writeTempFile(name: string, content: string | Uint8Array): Promise<string> {
  const path = (await createTempDir())(name);
  await writeFile(path, content);
  return path;
}

/** All rows of a stream. */
export async function collectRows(stream: SourceStream): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  for await (const row of stream.rows) rows.push(row);
  return rows;
}

/** Row texts, cell by cell (`undefined` cells as ''). */
export function rowTexts(rows: readonly SourceRow[]): string[][] {
  return rows.map((row) => row.cells.map((cell) => cell?.text ?? ''));
}

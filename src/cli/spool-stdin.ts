/**
 * `-` as the seller file: standard input is copied to a temporary file named for `--format`, and
 * the run reads that file like any other (the readers need a file: an XLSX is a zip, read from its
 * end; a CSV is read twice, to sniff its dialect and then its rows). The copy is removed after the run.
 * The seller reads "standard input" where the file is named: the run is given it as the file's
 * name, and an error that stops the run has the copy's path replaced.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { CliIo } from './cli-io.js';

/** How the seller reads of a file given as `-`: never the path of its temporary copy. */
export const STDIN_NAME = 'standard input';

/** A seller file taken from standard input, and how to clean it up. */
interface SpooledInput {
  path: string;
  remove(): Promise<void>;
  /** `error` with the copy's path in its message replaced by `STDIN_NAME` (the readers name the file they open). */
  renameIn(error: unknown): unknown;
}

/** Copies the CLI's standard input to `stdin.<format>` in a new temporary folder. */
export async function spoolStdin(io: CliIo, format: 'csv' | 'xlsx'): Promise<SpooledInput> {
  if (!io.stdin) throw new Error('standard input is not available here');
  const dir = await mkdtemp(join(tmpdir(), 'catalog-import-stdin-'));
  const path = join(dir, `stdin.${format}`);
  try {
    await pipeline(Readable.from(io.stdin()), createWriteStream(path));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { path, remove: () => rm(dir, { recursive: true, force: true }), renameIn: (error) => renameInError(error, path) };
}

/** Puts `STDIN_NAME` for `path` in the message and the `file` of an error (thrown here or on the reading thread). */
function renameInError(error: unknown, path: string): unknown {
  if (!(error instanceof Error) || !error.message.includes(path)) return error;
  error.message = error.message.split(path).join(STDIN_NAME);
  if ('file' in error && error.file === path) Object.defineProperty(error, 'file', { value: STDIN_NAME });
  return error;
}

/**
 * `-` as the seller file: standard input is copied to a temporary file named for `--format`, and
 * the run reads that file like any other (the readers need a file: an XLSX is a zip, read from its
 * end; a CSV is read twice, to sniff its dialect and then its rows). The copy is removed after the run.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { CliIo } from './cli-io.js';

/** A seller file taken from standard input, and how to clean it up. */
interface SpooledInput {
  path: string;
  remove(): Promise<void>;
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
  return { path, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Reads one file of the sandbox's reference data: `reference/*.json` beside this module (the build
 * copies them into `dist/sandbox/reference/`). The data is data, not code: a module that holds
 * part of it reads its file once, when the sandbox is first loaded, which the CLI does only for a
 * command that runs the sandbox.
 */
import { readFileSync } from 'node:fs';

/** The parsed contents of `reference/<name>`, typed by the caller (the files are ours, shipped with the package). */
export function readReferenceFile<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./reference/${name}`, import.meta.url), 'utf8')) as T;
}

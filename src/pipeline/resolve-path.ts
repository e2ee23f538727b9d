/**
 * Paths the user gives are relative to the working directory the CLI was started in.
 */
import { isAbsolute, resolve } from 'node:path';

/** Resolves a path against the working directory. */
export function resolvePath(cwd: string, path: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}

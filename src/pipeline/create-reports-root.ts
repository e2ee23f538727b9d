/**
 * The folder run reports go in, made before a run (or a watcher) sends anything: one that cannot be
 * made (a file in its place, no permission) otherwise failed only when the report was written,
 * after the sending, as an internal error (exit 70) with the run's report lost.
 */
import { mkdir } from 'node:fs/promises';
import { ConfigError } from '../core/errors.js';

/** Why a folder could not be made, by the error's code, as the user reads it. */
const WHY_NOT_MADE: Record<string, string> = {
  ENOTDIR: 'a file stands in its way',
  EEXIST: 'a file stands in its way',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
};

/**
 * Makes the reports folder `root`; throws `ConfigError` (exit 2) naming it, where it was set
 * (`origin`) and why, when it cannot be made.
 */
export async function createReportsRoot(root: string, origin: string): Promise<void> {
  try {
    await mkdir(root, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = (code !== undefined ? WHY_NOT_MADE[code] : undefined) ?? (error as Error).message;
    throw new ConfigError(`cannot make the report folder ${root} (${origin}): ${why}; nothing was sent`, [], { cause: error });
  }
}

/**
 * Whether something stands at a path: for the commands that refuse to replace a file they would
 * write (a draft, a converted mapping, a review workbook) without `--force`, and for the watcher's
 * free names.
 */
import { stat } from 'node:fs/promises';

/** True when `path` names an existing file or folder. */
export async function checkPathExists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A workbook still open in Excel or LibreOffice has an owner file beside it; the seller may be
 * about to save it, so the file read now may not be the one they mean to send.
 */
import { access } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * The names an office suite gives the owner file of `name`: Excel's `~$name` (with the first two
 * characters of a long name replaced: `~$talog.xlsx` for `catalog.xlsx`) and LibreOffice's
 * `.~lock.name#`.
 */
export function listOfficeLockNames(name: string): string[] {
  const stem = name.replace(/\.[^.]*$/, '');
  const excel = stem.length > 7 ? `~$${name.slice(2)}` : `~$${name}`;
  return [...new Set([excel, `~$${name}`, `.~lock.${name}#`])];
}

/** The owner file beside `path`, when one is there; null otherwise. */
export async function findOfficeLockFile(path: string): Promise<string | null> {
  for (const name of listOfficeLockNames(basename(path))) {
    const candidate = join(dirname(path), name);
    const found = await access(candidate).then(
      () => true,
      () => false,
    );
    if (found) return candidate;
  }
  return null;
}

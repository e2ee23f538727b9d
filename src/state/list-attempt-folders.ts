/**
 * The report folders of one run's attempts under a reports root: a resumed import writes one folder
 * per attempt, `<run>`, `<run>-attempt-2`, … (`chooseAttemptReportDir`).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The attempt folders of `runId` in `root`; none when `root` cannot be listed. */
export function listAttemptFolders(root: string, runId: string): string[] {
  let entries;
  try {
    entries = readdirSync(root, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.filter((entry) => entry.isDirectory() && (entry.name === runId || entry.name.startsWith(`${runId}-attempt-`))).map((entry) => join(root, entry.name));
}

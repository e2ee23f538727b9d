/** Writes `summary.json`. */
import { writeFile } from 'node:fs/promises';
import type { RunSummary } from './report-types.js';
import { startAtomicFile } from './start-atomic-file.js';

/** Writes the summary as indented UTF-8 JSON with a final newline (under a temporary name, then renamed). */
export async function writeSummaryJson(path: string, summary: RunSummary): Promise<void> {
  const file = startAtomicFile(path);
  try {
    await writeFile(file.tempPath, `${JSON.stringify(summary, null, 2)}\n`, 'utf8');
    await file.commit();
  } catch (error) {
    await file.discard();
    throw error;
  }
}

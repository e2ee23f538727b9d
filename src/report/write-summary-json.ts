/** Writes `summary.json`. */
import { writeFile } from 'node:fs/promises';
import type { RunSummary } from './report-types.js';

/** Writes the summary as indented UTF-8 JSON with a final newline. */
export async function writeSummaryJson(path: string, summary: RunSummary): Promise<void> {
  await writeFile(path, `${JSON.stringify(summary, null, 2)}\n`, 'utf8');
}

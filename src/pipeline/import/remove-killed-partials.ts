/**
 * What an earlier attempt of a resumed import left when it was killed while writing its report
 * (kill -9, a power cut): the hidden temporary files of its report (`.<name>.<random>.partial`,
 * `startAtomicFile`), which no writer will finish or remove. One of a 200,000-row file is ~80 MB.
 * The finished files of those attempts are never touched.
 */
import { dirname } from 'node:path';
import { removeStalePartials } from '../../report/start-atomic-file.js';
import type { RunRecord } from '../../state/index.js';
import { listAttemptFolders } from '../../state/list-attempt-folders.js';

/**
 * Removes the temporary report files in the attempt folders of `run`: under the reports root it
 * was made with, the one its last report went to, and this attempt's (`reportsRoot`), before this
 * attempt makes its own folder. Holding the account's import lock (`locked`), no other process
 * writes there, so every one is a killed write's, however recent; without it, only those older
 * than `removeStalePartials`' hour, as the caches do. Never fails the run.
 */
export async function removeKilledPartials(run: Pick<RunRecord, 'runId' | 'reportDir' | 'summaryPath'>, reportsRoot: string, ctx: { locked: boolean; now: Date }): Promise<void> {
  const roots = [run.reportDir, ...(run.summaryPath !== null ? [dirname(dirname(run.summaryPath))] : []), reportsRoot];
  const folders = new Set(roots.flatMap((root) => listAttemptFolders(root, run.runId)));
  for (const folder of folders) await removeStalePartials(folder, ctx.now, ctx.locked ? 0 : undefined).catch(() => undefined);
}

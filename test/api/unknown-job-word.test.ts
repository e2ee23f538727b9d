/**
 * Issue 37 item 8, over HTTP: a job word the tool does not know, while the job has no per-product
 * list yet, keeps the job polled (it is not "unreadable" after one poll); once the service gives
 * the results the products are settled as usual.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { startDialectRig } from '../dialects/dialect-kit.js';
import { MAPPING, SAMPLE } from '../dialects/dialect-import-steps.js';

describe('an unknown job word before the results', () => {
  it('polls on instead of stopping the job as unreadable, and names service.statuses', async () => {
    const rig = await startDialectRig('interface');
    try {
      rig.sandbox.setFaults({ script: [{ path: DEFAULT_PATHS.importInfo, method: 'GET', times: 2, action: { status: 200, body: { status: 'Enqueuedish' } } }] });
      const events: PipelineEvent[] = [];
      const result = await runImport({ file: SAMPLE, mapping: MAPPING, settings: rig.settings({ concurrency: 1 }) }, rig.deps(events));
      expect(result.summary.jobs.every((job) => job.status !== 'unreadable')).toBe(true);
      expect(result.exitCode).toBe(0);
      expect(result.summary.counts.byStatus.unknown ?? 0).toBe(0);
      const said = events.filter((e) => e.type === 'log').map((e) => (e as { message: string }).message).join('\n');
      expect(said).toMatch(/"Enqueuedish" is no known status word.*service\.statuses\.pending/);
    } finally {
      await rig.close();
    }
  });
});

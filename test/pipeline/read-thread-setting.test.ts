import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { settingsSchema } from '../../src/settings/settings-schema.js';
import { trackWorkers } from '../helpers/track-workers.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A dry run of the sample with planted mistakes, counting the worker threads it started and those left alive. */
async function validateCountingWorkers(readThread: string) {
  const stateDir = await mkdtemp(join(tmpdir(), 'read-thread-'));
  onTestFinished(() => rm(stateDir, { recursive: true, force: true }));
  const tracker = trackWorkers();
  const settings = resolveSettings({ flags: { sandbox: true, stateDir, readThread } });
  const result = await runValidate({ file: join('samples', 'catalog-with-mistakes.csv'), mapping: 'mappings/sample.yaml', settings }, createNodeDeps({ cwd: ROOT, env: {} }));
  const issues = await readFile(result.reportPaths.issues ?? '', 'utf8');
  return { result, issues, workers: tracker.started(), alive: await tracker.alive() };
}

describe('the readThread setting', () => {
  it('always reads on a second thread, never on this one, with the same findings either way', async () => {
    const threaded = await validateCountingWorkers('always');
    const single = await validateCountingWorkers('never');
    expect(threaded.workers).toBe(1);
    expect(threaded.alive).toBe(0);
    expect(single.workers).toBe(0);
    expect(threaded.issues.length).toBeGreaterThan(0);
    expect(threaded.issues).toBe(single.issues);
    expect(threaded.result.summary.counts).toEqual(single.result.summary.counts);
    expect(threaded.result.exitCode).toBe(single.result.exitCode);
  }, 90_000);

  it('defaults to auto and refuses an unknown value', () => {
    expect(settingsSchema.parse({}).readThread).toBe('auto');
    expect(settingsSchema.safeParse({ readThread: 'sometimes' }).success).toBe(false);
  });
});

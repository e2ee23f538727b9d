/**
 * An import with many requests waiting for their turn adds no listener per waiting request to the
 * run's AbortSignal: Node warned `MaxListenersExceededWarning: … 11 abort listeners added to
 * [AbortSignal]` during an import (issue 38).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleepWithSignal } from '../../src/core/deps.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { buildPhoneRows, createPhoneCatalog } from '../helpers/smartphone-catalog.js';

let sandbox: SandboxHandle;
let catalog: Awaited<ReturnType<typeof createPhoneCatalog>>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, jobDelayMs: 300 });
  catalog = await createPhoneCatalog(buildPhoneRows(300));
});

afterAll(async () => {
  await sandbox?.close();
  await catalog?.remove();
});

describe('listener warnings', () => {
  it('an import of many small requests, with a stop signal, emits no MaxListenersExceededWarning', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const { writeFile } = await import('node:fs/promises');
      const { join } = await import('node:path');
      await writeFile(join(catalog.dir, 'secret'), sandbox.credentials[0]?.clientSecret ?? '');
      const run = await runCliCaptured(['import', 'catalog.csv', '-m', 'mapping.yaml', '--batch-size', '1', '--concurrency', '16'], {
        cwd: catalog.dir,
        env: {
          CATALOG_BASE_URL: sandbox.url,
          CATALOG_CLIENT_ID: sandbox.credentials[0]?.clientId ?? '',
          CATALOG_CLIENT_SECRET_FILE: join(catalog.dir, 'secret'),
          CATALOG_STATE_DIR: join(catalog.dir, 'state'),
        },
        signal: new AbortController().signal,
      });
      expect(run.code, run.stderr).toBeLessThan(2);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning').map((w) => w.message)).toEqual([]);
  }, 300_000);

  it('one abort still stops every sleep waiting on the signal, with its reason', async () => {
    const controller = new AbortController();
    const sleeps = Array.from({ length: 20 }, () => sleepWithSignal(60_000, controller.signal));
    await sleepWithSignal(1, controller.signal);
    const reason = new Error('stopped');
    controller.abort(reason);
    const settled = await Promise.allSettled(sleeps);
    expect(settled.map((s) => (s.status === 'rejected' ? s.reason : s.status))).toEqual(sleeps.map(() => reason));
    await expect(sleepWithSignal(1, controller.signal)).rejects.toBe(reason);
  });
});

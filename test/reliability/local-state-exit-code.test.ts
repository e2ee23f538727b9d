/**
 * A local state failure has an exit code of its own (issue 34, item 10): 4, not 3, which says the
 * service could not be used. Checked with the import lock held by another live import of the same
 * seller, through the CLI as a user or cron job sees it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, exitCodeForError } from '../../src/cli/exit-codes.js';
import { StateError } from '../../src/core/errors.js';
import { acquireLock, buildAccountKey } from '../../src/state/index.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { SELLER, createTestDir, startTestSandbox } from './fault-kit.js';

describe('a local state failure', () => {
  it('maps to exit 4, apart from the service (3)', () => {
    expect(EXIT.localStateUnusable).toBe(4);
    expect(exitCodeForError(new StateError('database is locked'))).toBe(4);
  });

  it('the import lock held by another live import: exit 4, the holder named, nothing sent', async () => {
    const dir = await createTestDir();
    const sandbox = await startTestSandbox(dir);
    const fixture = await writeCatalogFixture({ dir, products: 3 });
    const stateDir = join(dir, 'state');
    const env = { CATALOG_BASE_URL: sandbox.url, CATALOG_CLIENT_ID: SELLER.clientId, CATALOG_CLIENT_SECRET: SELLER.clientSecret };
    // A first run creates the state folder; then another import (this process) holds the lock.
    const first = await runCliCaptured(['import', fixture.file, '-m', fixture.mapping, '--state-dir', stateDir, '--settle-after', '0.2'], { env, cwd: dir });
    expect(first.code).toBe(0);
    const key = buildAccountKey({ baseUrl: sandbox.url, clientId: SELLER.clientId });
    const held = acquireLock(join(stateDir, `import-${key.slice(0, 12)}.lock`), { staleMs: 600_000, now: () => new Date(), pid: process.pid, isAlive: () => true, purpose: 'import another.csv' });
    try {
      sandbox.resetStats();
      const run = await runCliCaptured(['import', fixture.file, '-m', fixture.mapping, '--state-dir', stateDir, '--settle-after', '0.2', '--fresh'], { env, cwd: dir });
      expect(run.code).toBe(4);
      expect(run.stderr).toMatch(/lock/);
      expect(sandbox.stats().importRequests).toBe(0);
    } finally {
      held.release();
    }
  });
});

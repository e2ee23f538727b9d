/**
 * `doctor --write-profile` against a service served under a base path (`https://host/gw`), its
 * first directory page failing once: the directories' first pages are asked through the client
 * (its base path, retries, token), so every directory is probed and the profile inferred from all
 * four, as the sweep reads them.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import type { PathName } from '../../src/domain/index.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';

const PREFIX = '/gw';

let sandbox: SandboxHandle | undefined;
let dir: string | undefined;

afterEach(async () => {
  await sandbox?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  sandbox = undefined;
  dir = undefined;
});

describe('doctor --write-profile under a base path', () => {
  it('probes every directory at the base path, asking again after a passing 503', async () => {
    const paths = Object.fromEntries(Object.entries(DEFAULT_PATHS).map(([name, path]) => [name, `${PREFIX}${path}`])) as Record<PathName, string>;
    sandbox = await startSandbox({
      port: 0,
      paths,
      faults: { script: [{ path: paths.categories, method: 'GET', times: 1, action: { status: 503 } }] },
    });
    dir = await mkdtemp(join(tmpdir(), 'catalog-import-doctor-base-path-'));
    const credential = sandbox.credentials[0];
    const run = await runCliCaptured(
      ['doctor', '--base-url', `${sandbox.url}${PREFIX}`, '--client-id', credential?.clientId ?? '', '--state-dir', join(dir, 'state'), '--write-profile', 'profile.yaml'],
      { cwd: dir, env: { CATALOG_CLIENT_SECRET: credential?.clientSecret } },
    );
    const profile = await readFile(join(dir, 'profile.yaml'), 'utf8');
    expect(run.code, run.stdout + run.stderr).toBe(0);
    // Each directory's first page was read and inferred from: the categories' after the 503.
    for (const key of ['category.id', 'attribute.id', 'value.id', 'brand.id']) expect(profile).toContain(`"${key}": [id]`);
    expect(run.stderr).toContain(`retrying GET ${paths.categories}`);
  });
});

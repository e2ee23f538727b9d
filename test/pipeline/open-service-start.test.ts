/**
 * When `openService` starts the embedded sandbox (issue 39): at once for every command, so that a
 * sandbox or client that cannot start stops the command before anything is sent; at the first
 * request for a dry run (`startOnFirstRequest`), which sends none when its directories are cached.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import { openService, SANDBOX_NOT_STARTED } from '../../src/pipeline/open-service.js';
import type { ServiceContext } from '../../src/pipeline/open-service.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';

let dir: string | undefined;
let opened: ServiceContext | undefined;

afterEach(async () => {
  await opened?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  opened = undefined;
  dir = undefined;
});

async function open(startOnFirstRequest: boolean | undefined): Promise<ServiceContext> {
  dir = await mkdtemp(join(tmpdir(), 'open-service-'));
  const settings = resolveSettings({ flags: { sandbox: true, stateDir: join(dir, 'state') } }).settings;
  opened = await openService(settings, createNodeDeps({ cwd: dir, env: {} }), { startOnFirstRequest });
  return opened;
}

describe('openService with --sandbox', () => {
  it('starts the sandbox at once by default', async () => {
    const service = await open(undefined);
    expect(service.sandbox).not.toBeNull();
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
  });

  it('with startOnFirstRequest, starts it at the first request', async () => {
    const service = await open(true);
    expect(service.sandbox).toBeNull();
    expect(service.baseUrl).toBe(SANDBOX_NOT_STARTED);

    expect((await service.client.getToken()).length).toBeGreaterThan(0);
    expect(service.sandbox).not.toBeNull();
    expect(service.baseUrl).toBe(service.sandbox?.url);
  });
});

/**
 * A service that could not be used at submit: every request's token or connection failed through
 * the retries, so nothing was sent. docs/cli.md promises exit 3 ("the service could not be used …
 * unreachable after retries"), not 1 (bad rows): a script must tell "retry later" from "fix the
 * file". The report is still written and the state kept: the same command sends everything later.
 * A run the service took some requests of before it went away is 3 as well: a request of it never
 * reached the service. A 429 through every retry is the service's pace, not a fault: exit 1, as before.
 */
import { access } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import type { Deps } from '../../src/core/deps.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { buildPhoneRows, createPhoneCatalog } from '../helpers/smartphone-catalog.js';

let sandbox: SandboxHandle;
const open: { close(): Promise<void> }[] = [];
let catalog: Awaited<ReturnType<typeof createPhoneCatalog>> | undefined;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, jobDelayMs: 20 });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
  await sandbox.close();
  await catalog?.remove();
  catalog = undefined;
});

/** A TCP gate in front of `target`: `cut()` closes it and every connection through it, so nothing more reaches the service. */
async function startCuttableGate(target: string): Promise<{ url: string; cut(): void; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: gatePort } = server.address() as AddressInfo;
  const cut = (): void => {
    server.close();
    for (const socket of sockets) socket.destroy();
  };
  return { url: `http://127.0.0.1:${gatePort}`, cut, close: async () => cut() };
}

function settingsFor(dir: string, extra: Record<string, unknown> = {}) {
  const credential = sandbox.credentials[0];
  return resolveSettings({
    flags: { baseUrl: sandbox.url, clientId: credential?.clientId, clientSecret: credential?.clientSecret, stateDir: join(dir, 'state'), pollIntervalMs: 20, jobTimeoutSeconds: 10, ...extra },
  });
}

function depsFor(dir: string, onEvent: (event: PipelineEvent) => void = () => undefined): Deps {
  return createNodeDeps({ cwd: dir, env: {}, onEvent, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20))) });
}

describe('a service that could not be used at submit', () => {
  it('exits 3 when no request reached it (the token timed out through the retries), writes the report and keeps the state', async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(6));
    const { dir, file, mapping } = catalog;
    // The directories are cached by a dry run: only the submit meets the slow service.
    expect((await runValidate({ file, mapping, settings: settingsFor(dir) }, depsFor(dir))).exitCode).toBe(0);
    sandbox.setFaults({ latencyMs: 1500 });
    const down = await runImport({ file, mapping, settings: settingsFor(dir, { timeoutMs: 1000, retryLimit: 1 }) }, depsFor(dir));
    expect(down.exitCode).toBe(3);
    expect(down.summary.counts.byStatus).toEqual({ not_sent: 12 });
    await access(join(down.reportDir, 'summary.json'));

    sandbox.setFaults({ latencyMs: 0 });
    const later = await runImport({ file, mapping, settings: settingsFor(dir) }, depsFor(dir));
    expect(later.exitCode).toBe(0);
    expect(later.summary.counts.byStatus).toEqual({ accepted: 12 });
    expect(sandbox.products('sandbox-seller')).toHaveLength(6);
  });

  it('exits 3 when the service took some requests and then could not be reached for the rest', async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(6));
    const { dir, file, mapping } = catalog;
    const gate = await startCuttableGate(sandbox.url);
    open.push(gate);
    const settings = settingsFor(dir, { baseUrl: gate.url, batchSize: 2, concurrency: 1, retryLimit: 1, jobTimeoutSeconds: 1 });
    // Directories and the token are had through the gate; after the first request is taken it is cut.
    const partial = await runImport({ file, mapping, settings }, depsFor(dir, (event) => event.type === 'submit:accepted' && gate.cut()));
    // The first job could not be asked (pending) and a request in flight at the cut is of unknown
    // fate; what never left found no service.
    expect(partial.summary.counts.byStatus.not_sent ?? 0).toBeGreaterThan(0);
    expect(partial.summary.issues.some((i) => i.code === 'not_sent_not_taken' && /could not be reached/.test(i.message))).toBe(true);
    expect(partial.exitCode).toBe(3);
  });

  it('exits 1, as before, when the service kept answering 429 through the retries (its pace, not a fault)', async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(3));
    const { dir, file, mapping } = catalog;
    sandbox.setFaults({ script: [{ path: DEFAULT_PATHS.import, method: 'POST', times: 100, action: { status: 429, retryAfterSeconds: 0 } }] });
    const throttled = await runImport({ file, mapping, settings: settingsFor(dir, { retryLimit: 1 }) }, depsFor(dir));
    expect(throttled.summary.counts.byStatus).toEqual({ not_sent: 6 });
    expect(throttled.exitCode).toBe(1);
  });

  it('exits 3 when the service refuses the credentials at submit, leaving the rows not sent', async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(3));
    const { dir, file, mapping } = catalog;
    expect((await runValidate({ file, mapping, settings: settingsFor(dir) }, depsFor(dir))).exitCode).toBe(0);
    const refused = await runImport({ file, mapping, settings: settingsFor(dir, { clientSecret: 'not-the-secret-0' }) }, depsFor(dir));
    expect(refused.summary.counts.byStatus).toEqual({ not_sent: 6 });
    expect(refused.exitCode).toBe(3);
  });
});

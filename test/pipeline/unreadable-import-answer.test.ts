/**
 * A request the service took (202) but whose answer cannot be read: its products were sent and
 * their fate is not known, so their rows are `unknown` with the shape error in the report, never
 * `not_sent`; the run ends exit 3 and stays resumable, and the next run creates no duplicate.
 * The foreign service (its own wire) sits behind a proxy that hides the import answer under a
 * key no reader knows.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runImport } from '../../src/pipeline/run-import.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { startDialectRig } from '../dialects/dialect-kit.js';
import { FOREIGN_CREDENTIALS, startForeignService } from '../helpers/foreign-service.js';

const ROOT = join(import.meta.dirname, '..', '..');
const SAMPLE = join(ROOT, 'samples', 'catalog.xlsx');
const MAPPING = join(ROOT, 'mappings', 'sample.yaml');

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

/** Forwards every request to `target`; a 202 answer is hidden under `ticket`. */
async function startHidingProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([key, value]) => typeof value === 'string' && !['host', 'content-length', 'connection'].includes(key))) as Record<string, string>;
      void fetch(new URL(req.url ?? '/', target), { method: req.method ?? 'GET', headers, ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}) })
        .then(async (answer) => {
          const text = await answer.text();
          const body = answer.status === 202 ? `{"success": true, "ticket": ${text}}` : text;
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(body);
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('an import answer that cannot be read', () => {
  it('leaves the sent products unknown with the reason in the report, exit 3, and the next run creates no duplicate', async () => {
    const service = await startForeignService({ skuFlagKey: 'is_variant_attribute', pageCap: 40 });
    const proxy = await startHidingProxy(service.url);
    const rig = await startDialectRig('interface');
    open.push(proxy, service, rig);
    const settings = resolveSettings({
      flags: { baseUrl: proxy.url, ...FOREIGN_CREDENTIALS, stateDir: join(rig.dir, 'state'), pollIntervalMs: 20, jobTimeoutSeconds: 20, timeoutMs: 5000, retryLimit: 2 },
    });
    const first = await runImport({ file: SAMPLE, mapping: MAPPING, settings }, rig.deps());
    expect(first.exitCode).toBe(3);
    expect(first.summary.counts.byStatus).toEqual({ unknown: first.summary.counts.rows });
    expect(first.summary.issues.some((i) => i.code === 'request_unsettled' && /import\.jobId not found/.test(i.message))).toBe(true);
    expect(service.products()).toHaveLength(first.summary.counts.products);

    const second = await runImport({ file: SAMPLE, mapping: MAPPING, settings }, rig.deps());
    expect(second.summary.counts.byStatus.not_sent ?? 0).toBe(0);
    expect(service.products()).toHaveLength(first.summary.counts.products);
  });
});

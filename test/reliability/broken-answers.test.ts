/**
 * Broken answers on a bad link (issue 21, items 3–5): through a proxy that answers 500, drops the
 * connection, cuts answers short or garbles them, the CLI (in-process) retries every read (token,
 * directories, list, details), never lets one garbled import answer crash the run (the other
 * requests are followed to the end, exit 3, no stack trace), settles that request on the next run,
 * and never prints a token — not even one cut short, which the client could not parse and so could
 * not know.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import type { CapturedRun } from '../helpers/run-cli-captured.js';
import { checkExactlyOnce, createTestDir, startTestSandbox } from './fault-kit.js';
import { startProxy } from './kill-kit.js';
import type { ProxyAction, ProxiedRequest } from './kill-kit.js';

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

describe('broken answers on a bad link', () => {
  it('reads are retried, a garbled import answer leaves its request of unknown fate without crashing, and no token leaks', async () => {
    const dir = await createTestDir('catalog-broken-');
    const work = join(dir, 'work');
    await mkdir(work);
    const sandbox = await startTestSandbox(dir);
    const proxy = await startProxy(sandbox.url);
    const tokens = new Set<string>();
    proxy.onAnswer = (request, body) => {
      if (request.path !== DEFAULT_PATHS.token) return;
      const token = (JSON.parse(body.toString('utf8')) as { accessToken?: string }).accessToken;
      if (token) tokens.add(token);
    };
    const fixture = await writeCatalogFixture({ dir: work, products: 12, skusPerProduct: 2 });
    const env = {
      CATALOG_BASE_URL: proxy.url,
      CATALOG_CLIENT_ID: 'sandbox-seller',
      CATALOG_CLIENT_SECRET: 'sandbox-secret-1',
      CATALOG_STATE_DIR: join(work, 'state'),
    };
    const args = ['import', fixture.file, '--mapping', fixture.mapping, '--settle-after', '0.3', '--batch-size', '4', '--concurrency', '2'];
    const runs: CapturedRun[] = [];
    const cli = async (): Promise<CapturedRun> => {
      const run = await runCliCaptured(args, { env, cwd: work });
      runs.push(run);
      return run;
    };

    // Every read fails once or twice in its own way; the second import request is taken by the
    // service and its 202 answer garbled.
    const faults: [string, string, number, ProxyAction][] = [
      ['POST', DEFAULT_PATHS.token, 0, 'truncate'],
      ['POST', DEFAULT_PATHS.token, 1, 'garble'],
      ['GET', DEFAULT_PATHS.categories, 0, 'fail500'],
      ['GET', DEFAULT_PATHS.brands, 0, 'garble'],
      ['GET', DEFAULT_PATHS.attributes, 0, 'resetBefore'],
      ['GET', DEFAULT_PATHS.values, 0, 'truncate'],
      ['POST', DEFAULT_PATHS.details, 0, 'fail500'],
      ['POST', DEFAULT_PATHS.import, 1, 'garble'],
      ['GET', DEFAULT_PATHS.importInfo, 0, 'truncate'],
      ['POST', DEFAULT_PATHS.list, 0, 'fail500'],
      ['POST', DEFAULT_PATHS.list, 1, 'truncate'],
    ];
    const injected: string[] = [];
    proxy.decide = (request: ProxiedRequest) => {
      const fault = faults.find(([method, path, nth]) => method === request.method && request.path.startsWith(path) && nth === request.nth);
      if (!fault) return 'pass';
      injected.push(`${fault[3]} ${request.method} ${request.path} #${request.nth}`);
      return fault[3];
    };

    const first = await cli();
    // The service misbehaved (one answer unreadable): exit 3, after every other request was
    // followed and the report written; no crash, no stack trace.
    expect({ code: first.code, stderr: first.stderr }).toMatchObject({ code: 3 });
    expect(first.stderr).not.toMatch(/database connection is not open|TypeError/);
    expect(first.stderr + first.stdout).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    expect(injected.filter((f) => f.startsWith(`garble POST ${DEFAULT_PATHS.import} `))).toHaveLength(1);
    // Reads were not the end of the run: the other three requests' products are accepted.
    const annotated = listFiles(join(work, 'state', 'runs')).find((f) => f.endsWith('annotated.csv'));
    expect(annotated).toBeDefined();
    const statuses = readFileSync(annotated as string, 'utf8');
    expect((statuses.match(/;accepted;/g) ?? []).length).toBeGreaterThanOrEqual(16);

    // The next run settles the garbled request (its products exist) and finishes: every product once.
    const second = await cli();
    expect({ code: second.code, stderr: second.stderr }).toEqual({ code: 0, stderr: expect.any(String) as string });
    expect(await checkExactlyOnce(sandbox, fixture)).toEqual([]);
    expect(injected.filter((f) => f.startsWith('truncate POST') || f.startsWith('garble POST')).length).toBeGreaterThanOrEqual(3);

    // No token, whole or cut short (its first 16 characters), anywhere.
    const needles = [...tokens].flatMap((token) => [token, token.slice(0, 16)]);
    expect(tokens.size).toBeGreaterThanOrEqual(3);
    const leaks: string[] = [];
    for (const [i, run] of runs.entries()) for (const needle of needles) if ((run.stdout + run.stderr).includes(needle)) leaks.push(`output of run ${i + 1}`);
    for (const file of listFiles(work)) {
      const bytes = readFileSync(file);
      if ([bytes.toString('utf8'), bytes.toString('latin1'), bytes.toString('utf16le')].some((text) => needles.some((needle) => text.includes(needle)))) {
        leaks.push(relative(work, file));
      }
    }
    expect(leaks).toEqual([]);
  }, 60_000);
});

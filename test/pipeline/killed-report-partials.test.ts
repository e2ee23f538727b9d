/**
 * An import killed while it wrote its report (kill -9) leaves the hidden temporary files of that
 * report (`.<name>.<random>.partial`) in its attempt folder. The resume removes them; it never
 * removes a finished file of an earlier attempt, nor anything of another run. Against the sandbox
 * over HTTP; the killed writes' files are planted where the report writer names them.
 */
import { readdir, utimes, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import type { Deps } from '../../src/core/deps.js';
import { runImport } from '../../src/pipeline/run-import.js';
import type { ImportOptions } from '../../src/pipeline/run-import.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { buildPhoneRows, createPhoneCatalog } from '../helpers/smartphone-catalog.js';

let sandbox: SandboxHandle;
let catalog: Awaited<ReturnType<typeof createPhoneCatalog>>;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, jobDelayMs: 20 });
  catalog = await createPhoneCatalog(buildPhoneRows(60));
});
afterEach(async () => {
  await sandbox.close();
  await catalog.remove();
});

function buildOptions(extra: Partial<ImportOptions> = {}): ImportOptions {
  const credential = sandbox.credentials[0];
  const settings = resolveSettings({
    flags: { baseUrl: sandbox.url, clientId: credential?.clientId, clientSecret: credential?.clientSecret, stateDir: join(catalog.dir, 'state'), pollIntervalMs: 20, timeoutMs: 3000, retryLimit: 3, concurrency: 1 },
  });
  return { file: catalog.file, mapping: catalog.mapping, settings, settleAfterMs: 50, ...extra };
}

function buildDeps(stopAtFirstAccepted?: AbortController): Deps {
  return createNodeDeps({
    cwd: catalog.dir,
    env: {},
    onEvent: (event) => {
      if (event.type === 'submit:accepted') stopAtFirstAccepted?.abort(new Error('SIGINT'));
    },
    ...(stopAtFirstAccepted ? { signal: stopAtFirstAccepted.signal } : {}),
  });
}

const LOCK = { pid: process.pid, isAlive: (pid: number) => pid === process.pid };

/** An import stopped after its first accepted request: unfinished, so the same command resumes it. Its attempt folder. */
async function startUnfinishedImport(runs: string, lock: ImportOptions['lock']): Promise<{ runId: string; folder: string }> {
  const first = await runImport(buildOptions(lock ? { lock } : {}), buildDeps(new AbortController()));
  expect(first.exitCode).toBe(130);
  return { runId: first.runId, folder: join(runs, first.runId) };
}

async function listNames(folder: string): Promise<string[]> {
  return (await readdir(folder)).sort();
}

describe('the resume of an import killed while writing its report', () => {
  it('removes the temporary files its earlier attempt left, however recent, and keeps that attempt\'s finished files and other runs\' files', async () => {
    const runs = join(catalog.dir, 'state', 'runs');
    const { runId, folder } = await startUnfinishedImport(runs, LOCK);
    const finished = await listNames(folder);
    expect(finished).toContain('summary.json');
    // What a kill -9 in the middle of "» report" leaves: the report files still under their temporary names.
    await writeFile(join(folder, '.annotated.csv.0a1b2c3d.partial'), 'a,b\n1,2\n');
    await writeFile(join(folder, '.rejected-rows.csv.deadbeef.partial'), 'a,b\n');
    const other = join(runs, '20260101-000000-other');
    await mkdir(other);
    await writeFile(join(other, '.summary.json.12345678.partial'), '{');

    const resumed = await runImport(buildOptions({ lock: LOCK }), buildDeps());
    expect(resumed.runId).toBe(runId);
    expect(resumed.exitCode).toBe(0);
    expect(await listNames(folder)).toEqual(finished);
    expect(await listNames(join(runs, `${runId}-attempt-2`))).toContain('summary.json');
    expect(await listNames(other)).toEqual(['.summary.json.12345678.partial']);
  });

  it('without the import lock, removes only those older than an hour: a recent one may be a write under way', async () => {
    const runs = join(catalog.dir, 'state', 'runs');
    const { folder } = await startUnfinishedImport(runs, undefined);
    const finished = await listNames(folder);
    const old = join(folder, '.annotated.csv.0a1b2c3d.partial');
    await writeFile(old, 'a,b\n1,2\n');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    await writeFile(join(folder, '.issues.ndjson.feedface.partial'), '{}\n');

    const resumed = await runImport(buildOptions(), buildDeps());
    expect(resumed.exitCode).toBe(0);
    expect(await listNames(folder)).toEqual([...finished, '.issues.ndjson.feedface.partial'].sort());
  });
});

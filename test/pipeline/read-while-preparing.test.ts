/**
 * A file read on a worker thread starts being read while the run prepares (open-source-early.ts).
 * What a user sees must not change: a mapping, service or directory failure is reported exactly
 * as when the file is read only afterwards (`readThread: never`), nothing of the file comes before
 * it, and no reading thread outlives a run that failed, was aborted or stopped early.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import type { Deps } from '../../src/core/deps.js';
import { DEFAULT_SANDBOX_CREDENTIALS, startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { describeServiceAccount } from '../../src/pipeline/describe-service-account.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { runReconcile } from '../../src/pipeline/run-reconcile.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import type { SettingsLayers } from '../../src/settings/settings-layers.js';
import { WORKER_MIN_BYTES } from '../../src/sources/open-source-in-worker.js';
import { buildDirectoryCachePath } from '../../src/state/directory-cache.js';
import { buildAccountKey } from '../../src/state/index.js';
import { trackWorkers } from '../helpers/track-workers.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAPPING = join(ROOT, 'mappings', 'sample.yaml');
const MISTAKES = join(ROOT, 'samples', 'catalog-with-mistakes.csv');

let dir: string;
/** A mapping that parses but names a category the directories do not hold. */
let misfitMapping: string;
/** A CSV without the mapped headers: its reader fails as soon as it opens it. */
let headerless: string;
/** A clean CSV above the size `auto` reads on a worker (the sample's rows repeated). */
let large: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'read-while-preparing-'));
  misfitMapping = join(dir, 'misfit.yaml');
  const sample = await readFile(MAPPING, 'utf8');
  expect(sample).toContain('Смартфоны: 10101');
  await writeFile(misfitMapping, sample.replace('Смартфоны: 10101', 'Смартфоны: 99999999'));
  headerless = join(dir, 'headerless.csv');
  await writeFile(headerless, 'a;b\n1;2\n');
  large = join(dir, 'large.csv');
  const lines = (await readFile(join(ROOT, 'samples', 'catalog.csv'), 'utf8')).split('\n');
  const head = lines.slice(0, 3).join('\n');
  const body = lines.slice(3).join('\n');
  const copies = Math.ceil(WORKER_MIN_BYTES.csv / Buffer.byteLength(body)) + 1;
  await writeFile(large, `${head}\n${Array.from({ length: copies }, () => body.trimEnd()).join('\n')}\n`);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function freshStateDir(): Promise<string> {
  const stateDir = await mkdtemp(join(dir, 'state-'));
  onTestFinished(() => rm(stateDir, { recursive: true, force: true }));
  return stateDir;
}

/** The dry run's failure with `readThread` set, as name, code and message (or `resolved` when it did not fail). */
async function failureOf(file: string, mapping: string, layers: SettingsLayers, deps: Partial<Deps> = {}): Promise<{ name: string; code: unknown; message: string } | 'resolved'> {
  const settings = resolveSettings(layers);
  try {
    await runValidate({ file, mapping, settings }, createNodeDeps({ cwd: ROOT, env: {}, ...deps }));
    return 'resolved';
  } catch (error) {
    const { name, message } = error as Error;
    return { name, code: (error as { code?: unknown }).code, message };
  }
}

/**
 * The failure with the file read while preparing (`always`: one thread started, none left) equals
 * the failure with the file read only afterwards (`never`), for a readable file too large to be read
 * ahead whole (its thread waits for the main thread and must be ended) and for one whose reader
 * fails at once (its failure must not come first).
 */
async function expectSameFailure(mapping: string, layersFor: (readThread: string, stateDir: string) => SettingsLayers, expected: { name: string }): Promise<void> {
  for (const file of [large, headerless]) {
    const workers = trackWorkers();
    const early = await failureOf(file, mapping, layersFor('always', await freshStateDir()));
    // The reading thread.
    expect(workers.started()).toBe(1);
    expect(await workers.alive()).toBe(0);
    const late = await failureOf(file, mapping, layersFor('never', await freshStateDir()));
    expect(early).toMatchObject(expected);
    expect(early).toEqual(late);
  }
}

describe('reading while the run prepares', () => {
  it('reports a mapping that does not fit the directories as before, not the file it read meanwhile, and ends the reading thread', async () => {
    await expectSameFailure(misfitMapping, (readThread, stateDir) => ({ flags: { sandbox: true, stateDir, readThread } }), { name: 'MappingError' });
  }, 60_000);

  it('ends the reading thread of a large file (auto) when the mapping does not fit', async () => {
    const workers = trackWorkers();
    const failure = await failureOf(large, misfitMapping, { flags: { sandbox: true, stateDir: await freshStateDir() } });
    expect(failure).toMatchObject({ name: 'MappingError' });
    // The reading thread.
    expect(workers.started()).toBe(1);
    expect(await workers.alive()).toBe(0);
  }, 60_000);

  it('reports a directory cache that cannot be written before a mapping that does not fit, and ends the reading thread', async () => {
    for (const readThread of ['always', 'never']) {
      const workers = trackWorkers();
      const layers: SettingsLayers = { flags: { sandbox: true, stateDir: await freshStateDir(), readThread } };
      const location = describeServiceAccount(resolveSettings(layers).settings, ROOT);
      // A non-empty directory where the cache file goes: writing it (the rename) fails.
      await mkdir(join(buildDirectoryCachePath(location.stateDir, buildAccountKey(location.account)), 'in-the-way'), { recursive: true });
      const failure = await failureOf(large, misfitMapping, layers);
      expect(failure).toMatchObject({ name: 'StateError', message: expect.stringContaining('cannot write the directory cache') });
      expect(await workers.alive()).toBe(0);
    }
  }, 60_000);

  it('reports a service that cannot be opened as before', async () => {
    // No sandbox and no client secret: the service cannot be opened.
    await expectSameFailure(MAPPING, (readThread, stateDir) => ({ flags: { stateDir, baseUrl: 'http://127.0.0.1:9', clientId: 'seller', readThread } }), { name: 'ConfigError' });
  }, 60_000);

  describe('against a service whose brand directory is not there', () => {
    let sandbox: SandboxHandle;
    beforeAll(async () => {
      sandbox = await startSandbox({ port: 0 });
    });
    afterAll(() => sandbox.close());

    it('reports the directory failure as before', async () => {
      const credential = DEFAULT_SANDBOX_CREDENTIALS[0];
      await expectSameFailure(
        MAPPING,
        (readThread, stateDir) => ({
          file: { path: 'settings.json', values: { service: { paths: { brands: '/api/v1/no-such-directory' } } } },
          flags: { baseUrl: sandbox.url, clientId: credential?.clientId, clientSecret: credential?.clientSecret, retryLimit: 0, stateDir, readThread },
        }),
        { name: 'ApiError' },
      );
    }, 60_000);
  });

  it('still reports what the file holds at the read stage once preparing succeeded', async () => {
    const workers = trackWorkers();
    const early = await failureOf(headerless, MAPPING, { flags: { sandbox: true, stateDir: await freshStateDir(), readThread: 'always' } });
    expect(await workers.alive()).toBe(0);
    const late = await failureOf(headerless, MAPPING, { flags: { sandbox: true, stateDir: await freshStateDir(), readThread: 'never' } });
    expect(early).toMatchObject({ name: 'SourceReadError', message: expect.stringContaining('header row not found') });
    expect(early).toEqual(late);
  }, 60_000);

  it('ends the reading thread when the run is aborted while it prepares', async () => {
    const workers = trackWorkers();
    const controller = new AbortController();
    const failure = await failureOf(
      MISTAKES,
      MAPPING,
      { flags: { sandbox: true, stateDir: await freshStateDir(), readThread: 'always' } },
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'stage:start' && event.stage === 'directories') controller.abort(new Error('stopped by the user'));
        },
      },
    );
    expect(failure).toMatchObject({ name: 'AbortedError' });
    expect(workers.started()).toBe(1);
    expect(await workers.alive()).toBe(0);
  }, 60_000);

  it('stops reading at --limit-errors and reads the same rows as the thread started afterwards', async () => {
    const workers = trackWorkers();
    const run = async (readThread: string) => {
      const settings = resolveSettings({ flags: { sandbox: true, stateDir: await freshStateDir(), readThread, limitErrors: 3 } });
      return runValidate({ file: MISTAKES, mapping: MAPPING, settings }, createNodeDeps({ cwd: ROOT, env: {} }));
    };
    const early = await run('always');
    expect(workers.started()).toBe(1);
    expect(await workers.alive()).toBe(0);
    const late = await run('never');
    expect(early.summary.issues.some((issue) => issue.code === 'error_limit_reached')).toBe(true);
    expect(early.summary.counts).toEqual(late.summary.counts);
  }, 60_000);

  it('gives import and reconcile the stream read while preparing, with the results of the thread started afterwards', async () => {
    const workers = trackWorkers();
    const importAndReconcile = async (readThread: string) => {
      const settings = resolveSettings({ flags: { sandbox: true, stateDir: await freshStateDir(), readThread, pollIntervalMs: 20 } });
      const deps = createNodeDeps({ cwd: ROOT, env: {} });
      const imported = await runImport({ file: MISTAKES, mapping: MAPPING, settings }, deps);
      const reconciled = await runReconcile({ file: MISTAKES, mapping: MAPPING, settings }, deps);
      return { exitCode: imported.exitCode, counts: imported.summary.counts, reconciled };
    };
    const early = await importAndReconcile('always');
    expect(workers.started()).toBe(2);
    expect(await workers.alive()).toBe(0);
    const late = await importAndReconcile('never');
    expect(early.counts.products).toBeGreaterThan(0);
    expect(early.reconciled.matchedProducts).toBeGreaterThan(0);
    expect(early).toEqual(late);
  }, 120_000);
});

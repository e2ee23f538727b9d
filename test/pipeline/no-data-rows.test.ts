import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { openStateStore } from '../../src/state/index.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A temp folder with the sample catalog's title lines and header row (row 3) alone in `header-only.csv`, as a failed export leaves it. */
async function makeHeaderOnlyFile(): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'no-data-rows-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const sample = await readFile(join(ROOT, 'samples', 'catalog.csv'), 'utf8');
  const file = join(dir, 'header-only.csv');
  await writeFile(file, `${sample.split(/\r?\n/).slice(0, 3).join('\n')}\n\n`);
  return { dir, file };
}

describe('a file with a header row and no data rows', () => {
  it('validate says so as an error and exits 2, as for an empty file', async () => {
    const { dir, file } = await makeHeaderOnlyFile();
    const settings = resolveSettings({ flags: { sandbox: true, stateDir: join(dir, 'state') } });
    const result = await runValidate({ file, mapping: 'mappings/sample.yaml', settings }, createNodeDeps({ cwd: ROOT, env: {} }));
    expect(result.summary.counts.rows).toBe(0);
    const issue = result.summary.issues.find((entry) => entry.code === 'no_data_rows');
    expect(issue?.severity).toBe('error');
    expect(issue?.message).toBe('no data rows under the header row (row 3): nothing was checked or sent; the export that made this file may have failed');
    expect(issue?.file).toBe(file);
    // Every mapping entry went unused with no row: not listed as the file's warnings.
    expect(result.summary.issues.map((entry) => entry.code)).toEqual(['no_data_rows']);
    expect(result.exitCode).toBe(2);
  });

  it('import against the sandbox sends nothing, exits 2 (not 0, so a cron job notices) and records the run failed, like an unreadable file', async () => {
    const { dir, file } = await makeHeaderOnlyFile();
    const sandbox = await startSandbox({ port: 0, jobDelayMs: 20 });
    onTestFinished(() => sandbox.close());
    const credential = sandbox.credentials[0];
    const stateDir = join(dir, 'state');
    const settings = resolveSettings({ flags: { baseUrl: sandbox.url, clientId: credential?.clientId, clientSecret: credential?.clientSecret, stateDir } });
    const result = await runImport({ file, mapping: join(ROOT, 'mappings', 'sample.yaml'), settings }, createNodeDeps({ cwd: ROOT, env: {} }));
    expect(result.summary.issues.map((entry) => entry.code)).toContain('no_data_rows');
    expect(result.exitCode).toBe(2);
    expect(sandbox.products('sandbox-seller')).toEqual([]);
    // Not `finished`: `watch` would take the next header-only file for a duplicate of an imported one.
    const store = openStateStore({ dir: stateDir, account: { baseUrl: sandbox.url, clientId: 'sandbox-seller' }, now: () => new Date() });
    try {
      expect(store.listRuns().map((run) => run.status)).toEqual(['failed']);
    } finally {
      store.close();
    }
  });
});

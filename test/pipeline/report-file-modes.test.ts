/**
 * Every file of a run's report folder is made alike (the process's umask), issues.ndjson included:
 * it holds nothing the annotated copy and rejected-rows.csv beside it do not, so a report folder
 * shared with `--report-dir` reads as a whole. Inside the state folder (mode 0o700) the report
 * stays private whatever the files' modes.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { buildPhoneRows, createPhoneCatalog } from '../helpers/smartphone-catalog.js';

let sandbox: SandboxHandle;
let catalog: Awaited<ReturnType<typeof createPhoneCatalog>> | undefined;

beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, jobDelayMs: 0 });
});
afterEach(async () => {
  await sandbox.close();
  await catalog?.remove();
});

describe('the report folder', () => {
  it('makes issues.ndjson with the mode of every other report file', async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(3, { priceOf: (product) => (product === 1 ? 'abc' : '990,00') }));
    const credential = sandbox.credentials[0];
    const settings = resolveSettings({
      flags: { baseUrl: sandbox.url, clientId: credential?.clientId, clientSecret: credential?.clientSecret, stateDir: join(catalog.dir, 'state'), reportDir: join(catalog.dir, 'shared') },
    });
    const result = await runValidate({ file: catalog.file, mapping: catalog.mapping, settings }, createNodeDeps({ cwd: catalog.dir, env: {}, onEvent: () => undefined }));
    expect(result.exitCode).toBe(1);
    const names = (await readdir(result.reportDir)).sort();
    expect(names).toContain('issues.ndjson');
    const modes = Object.fromEntries(await Promise.all(names.map(async (name) => [name, (await stat(join(result.reportDir, name))).mode & 0o777] as const)));
    const summaryMode = modes['summary.json'];
    expect(summaryMode).toBeDefined();
    for (const name of names) expect({ name, mode: modes[name] }).toEqual({ name, mode: summaryMode });
  });
});

/**
 * A sending flag's bad value, or a report folder that cannot be made, stops `validate`, `import`
 * and `watch` with exit 2 before any request: the message names the flag the user typed.
 */
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { writeSandboxEnv } from '../helpers/write-sandbox-env.js';
import { buildPhoneRows, createPhoneCatalog } from '../helpers/smartphone-catalog.js';

let sandbox: SandboxHandle;
let catalog: Awaited<ReturnType<typeof createPhoneCatalog>>;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, jobDelayMs: 0 });
  catalog = await createPhoneCatalog(buildPhoneRows(3));
  await mkdir(join(catalog.dir, 'inbox'));
  await writeFile(join(catalog.dir, 'a-file'), 'not a folder\n');
  env = await writeSandboxEnv(sandbox, catalog.dir);
});

afterAll(async () => {
  await sandbox.close();
  await catalog.remove();
});

/** Runs the command; expects exit 2, no request of the service after the directories, and `problem` said. */
async function expectRefused(args: string[], problem: RegExp): Promise<string> {
  sandbox.resetStats();
  const run = await runCliCaptured(args, { cwd: catalog.dir, env });
  const context = `catalog-import ${args.join(' ')}\n${run.stderr}`;
  expect(run.code, context).toBe(2);
  expect(run.stderr, context).toMatch(problem);
  expect(run.stderr, context).not.toMatch(/internal error|^\s+at /m);
  expect(sandbox.stats().importRequests, context).toBe(0);
  return run.stderr;
}

const IMPORT = ['import', 'catalog.csv', '-m', 'mapping.yaml'];
const WATCH = ['watch', 'inbox', '-m', 'mapping.yaml', '--once', '--stable-seconds', '0'];

describe('sending flags with a bad value', () => {
  it('--settle-after below zero is refused as every other number flag is, naming the flag', async () => {
    for (const command of [IMPORT, WATCH]) {
      const stderr = await expectRefused([...command, '--settle-after', '-1'], /settleAfterSeconds from flag --settle-after: Too small/);
      expect(stderr).not.toContain('--settle-after-seconds');
    }
  });

  it('--job-timeout names --job-timeout, the flag typed, not --job-timeout-seconds', async () => {
    const stderr = await expectRefused([...IMPORT, '--job-timeout', '-1'], /jobTimeoutSeconds from flag --job-timeout: Too small/);
    expect(stderr).not.toContain('--job-timeout-seconds');
  });

  it('--settle-after 0 and the default still run', async () => {
    const run = await runCliCaptured([...IMPORT, '--settle-after', '0'], { cwd: catalog.dir, env });
    expect(run.code, run.stderr).toBe(0);
  });
});

describe('--report-dir that cannot be made', () => {
  it('stops validate, import and watch with exit 2 naming the folder, before anything is sent or reported', async () => {
    await copyFile(join(catalog.dir, 'catalog.csv'), join(catalog.dir, 'inbox', 'dropped.csv'));
    for (const command of [['validate', 'catalog.csv', '-m', 'mapping.yaml'], IMPORT, WATCH]) {
      await expectRefused([...command, '--report-dir', 'a-file'], /cannot make the report folder .*a-file.*--report-dir.*a file stands in its way/);
      await expectRefused([...command, '--report-dir', 'a-file/runs'], /cannot make the report folder .*a-file\/runs.*a file stands in its way/);
    }
    // The watcher refused to start: the dropped file was not taken, so not moved to failed/ either.
    expect(await readdir(join(catalog.dir, 'inbox'))).toContain('dropped.csv');
    expect(await readdir(join(catalog.dir, 'inbox', 'failed'))).toEqual([]);
  });
});

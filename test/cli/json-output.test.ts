/**
 * `--json` is the same on every command (docs/cli.md): one JSON object per line, each with a
 * `type`, the last one `{"type":"result","exitCode":…}`. Checked on the commands that printed one
 * plain document (`runs`, `products list/show`), on `watch`, and on the commands whose result line
 * once lacked its exit code, against the sandbox.
 */
import { mkdir, readdir } from 'node:fs/promises';
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
  env = await writeSandboxEnv(sandbox, catalog.dir);
  const imported = await runCliCaptured(['import', 'catalog.csv', '-m', 'mapping.yaml', '--report-dir', 'reports'], { cwd: catalog.dir, env });
  expect(imported.code, imported.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  await sandbox?.close();
  await catalog?.remove();
});

/** Every line is a JSON object with a type; the last is the result. */
async function jsonLinesOf(args: string[]): Promise<{ code: number; lines: Record<string, unknown>[] }> {
  const run = await runCliCaptured([...args, '--json'], { cwd: catalog.dir, env });
  const lines = run.stdout
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const line of lines) expect(typeof line.type, JSON.stringify(line)).toBe('string');
  expect(lines.at(-1)).toMatchObject({ type: 'result', exitCode: run.code });
  return { code: run.code, lines };
}

describe('--json on every command', () => {
  it('the import before: a relative --report-dir is under the working directory the CLI was given, not the test process’s (issue 38 item 7)', async () => {
    const runs = await readdir(join(catalog.dir, 'reports'));
    expect(runs).toHaveLength(1);
    expect(await readdir(join(catalog.dir, 'reports', runs[0] ?? ''))).toContain('summary.json');
  });

  it('runs: one line per run, then the result', async () => {
    const { code, lines } = await jsonLinesOf(['runs']);
    expect(code).toBe(0);
    expect(lines.filter((line) => line.type === 'run').map((line) => line.command)).toEqual(['import']);
    expect(lines.at(-1)).toMatchObject({ count: 1 });
  });

  it('products list, one page and --all: one line per product, then the result', async () => {
    const page = await jsonLinesOf(['products', 'list']);
    const products = page.lines.filter((line) => line.type === 'product');
    expect(products.length).toBeGreaterThan(0);
    expect(page.lines.at(-1)).toMatchObject({ pageNumber: 1, count: products.length });
    const all = await jsonLinesOf(['products', 'list', '--all']);
    expect(all.lines.filter((line) => line.type === 'product').length).toBe(all.lines.at(-1)?.count);
  });

  it('products show: the products found, the result names the missing ones (exit 1)', async () => {
    const listed = await jsonLinesOf(['products', 'list']);
    const id = String(listed.lines.find((line) => line.type === 'product')?.productId);
    const { code, lines } = await jsonLinesOf(['products', 'show', id, '999999999']);
    expect(code).toBe(1);
    expect(lines.filter((line) => line.type === 'product').map((line) => String(line.productId))).toEqual([id]);
    expect(lines.at(-1)).toMatchObject({ missing: [999999999] });
  });

  it('watch --once --json: typed watcher lines, then the result', async () => {
    const { code, lines } = await jsonLinesOf(['watch', 'inbox', '-m', 'mapping.yaml', '--once', '--stable-seconds', '0']);
    expect(code).toBe(0);
    expect(lines.map((line) => line.type)).toEqual(['watch:lock', 'watch:started', 'watch:stopped', 'result']);
  });

  it('doctor, directories pull, reconcile and mapping check end in the result line with its exit code too', async () => {
    expect((await jsonLinesOf(['doctor'])).lines.at(-1)).toMatchObject({ command: 'doctor', ok: true });
    expect((await jsonLinesOf(['directories', 'pull'])).lines.at(-1)).toHaveProperty('counts');
    expect((await jsonLinesOf(['reconcile', 'catalog.csv', '-m', 'mapping.yaml'])).lines.at(-1)).toHaveProperty('matchedProducts');
    expect((await jsonLinesOf(['mapping', 'check', 'mapping.yaml'])).lines.at(-1)).toHaveProperty('stale');
  });
});

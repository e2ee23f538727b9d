import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.js';
import { runCli } from '../../src/cli/run-cli.js';
import { buildPhoneRows, createPhoneCatalog } from '../helpers/smartphone-catalog.js';
import { runProcess } from '../helpers/run-process.js';

const ROOT = join(import.meta.dirname, '..', '..');

function captureIo(cwd: string, env: Record<string, string> = {}): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t), isTty: false, env, cwd };
}

let catalog: Awaited<ReturnType<typeof createPhoneCatalog>> | undefined;
afterEach(async () => {
  await catalog?.remove();
  catalog = undefined;
});

describe('the CLI', () => {
  const commands = [['import'], ['validate'], ['runs'], ['reconcile'], ['products', 'list'], ['products', 'show'], ['sandbox']];
  it.each(commands)('%s %s --help shows usage with an example', async (...command) => {
    const io = captureIo(ROOT);
    const code = await runCli([...command.filter(Boolean), '--help'], io);
    expect(code).toBe(0);
    const text = io.out.join('');
    expect(text).toContain('Examples:');
    expect(text).toContain('catalog-import');
  });

  it('exits 2 with a clear message on an unknown command or a missing argument', async () => {
    const io = captureIo(ROOT);
    expect(await runCli(['frobnicate'], io)).toBe(2);
    const io2 = captureIo(ROOT);
    expect(await runCli(['import', 'x.csv'], io2)).toBe(2);
    expect(io2.err.join('')).toContain('mapping');
  });

  it('exits 2 naming the file when the input file does not exist', async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(1));
    const io = captureIo(catalog.dir);
    const code = await runCli(['validate', 'missing.xlsx', '--mapping', catalog.mapping, '--sandbox', '--state-dir', 'state'], io);
    expect(code).toBe(2);
    expect(io.err.join('')).toContain('missing.xlsx');
    expect(io.err.join('')).not.toContain('    at ');
  });

  it('imports into the embedded sandbox, twice, creating the products once', async () => {
    catalog = await createPhoneCatalog(buildPhoneRows(12));
    const args = ['import', 'catalog.csv', '--mapping', 'mapping.yaml', '--sandbox', '--state-dir', 'state', '--json'];
    const io = captureIo(catalog.dir);
    expect(await runCli(args, io)).toBe(0);
    const lines = io.out.join('').trim().split('\n').map((l) => JSON.parse(l) as { type: string; exitCode?: number; reportDir?: string });
    const result = lines.find((l) => l.type === 'result');
    expect(result?.exitCode).toBe(0);
    const summary = JSON.parse(await readFile(join(result?.reportDir ?? '', 'summary.json'), 'utf8')) as { counts: { byStatus: Record<string, number> } };
    expect(summary.counts.byStatus).toEqual({ accepted: 24 });

    const again = captureIo(catalog.dir);
    expect(await runCli(args, again)).toBe(0);
    const list = captureIo(catalog.dir);
    expect(await runCli(['products', 'list', '--sandbox', '--state-dir', 'state', '--json', '--page-size', '100'], list)).toBe(0);
    // NDJSON: one line per product, then the result line with the page's totals.
    const page = JSON.parse(list.out.join('').trimEnd().split('\n').at(-1) ?? '') as { type: string; totalCount: number };
    expect(page).toMatchObject({ type: 'result', totalCount: 12 });

    const runs = captureIo(catalog.dir);
    expect(await runCli(['runs', '--sandbox', '--state-dir', 'state'], runs)).toBe(0);
    expect(runs.out.join('').match(/import\s+finished/g)).toHaveLength(2);
  });

  it('runs as a real process: --help from the entry file', async () => {
    const result = await runProcess(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', '--help'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    expect(result.status).toBe(0);
    for (const name of ['import', 'validate', 'runs', 'reconcile', 'products', 'sandbox']) expect(result.stdout).toContain(name);
  });
});

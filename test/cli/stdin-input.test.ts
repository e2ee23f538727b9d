/**
 * `-` as the seller file reads standard input, in the format `--format` names; without `--format`
 * it is a usage error (exit 2) before anything runs. Standard input comes through the CLI's I/O,
 * as `main.ts` gives it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';

const ROOT = join(import.meta.dirname, '..', '..');
let stateDir: string;

beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'stdin-input-'));
});

afterAll(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

async function runWithStdin(args: string[], input: Buffer | null): Promise<{ code: number; stdout: string; stderr: string; stdinRead: boolean }> {
  let stdout = '';
  let stderr = '';
  let stdinRead = false;
  const code = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    isTty: false,
    env: {},
    cwd: ROOT,
    stdin: () => {
      stdinRead = true;
      return Readable.from(input ? [input] : []);
    },
  });
  return { code, stdout, stderr, stdinRead };
}

function validateArgs(...more: string[]): string[] {
  return ['validate', '-', '-m', 'mappings/sample.yaml', '--sandbox', '--state-dir', stateDir, '--json', ...more];
}

function resultOf(stdout: string): Record<string, unknown> {
  const last = stdout.trimEnd().split('\n').at(-1) ?? '';
  return JSON.parse(last) as Record<string, unknown>;
}

describe('- reads standard input', () => {
  it('a CSV piped in is validated like the file itself', async () => {
    const fromFile = await runWithStdin(['validate', 'samples/catalog.csv', '-m', 'mappings/sample.yaml', '--sandbox', '--state-dir', stateDir, '--json'], null);
    const piped = await runWithStdin(validateArgs('--format', 'csv'), await readFile(join(ROOT, 'samples/catalog.csv')));
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdinRead).toBe(true);
    expect(resultOf(piped.stdout).counts).toEqual(resultOf(fromFile.stdout).counts);
    expect((resultOf(piped.stdout).counts as { rows: number }).rows).toBeGreaterThan(0);
  }, 120_000);

  it('an XLSX piped in with --format xlsx', async () => {
    const piped = await runWithStdin(validateArgs('--format', 'xlsx'), await readFile(join(ROOT, 'samples/catalog.xlsx')));
    expect(piped.code, piped.stderr).toBe(0);
    expect(resultOf(piped.stdout).type).toBe('result');
  }, 120_000);

  it('names it "standard input" in the summary and the report, never the path of its temporary copy', async () => {
    const piped = await runWithStdin(['validate', '-', '-m', 'mappings/sample.yaml', '--sandbox', '--state-dir', stateDir, '--format', 'csv'], await readFile(join(ROOT, 'samples/catalog.csv')));
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/^catalog-import validate: standard input — 567 rows/m);
    expect(`${piped.stdout}${piped.stderr}`).not.toContain('catalog-import-stdin-');
    const reportDir = /^Report: (.+)$/m.exec(piped.stdout)?.[1] ?? '';
    const summary = JSON.parse(await readFile(join(reportDir, 'summary.json'), 'utf8')) as { source: { file: string } };
    expect(summary.source.file).toBe('standard input');
  }, 120_000);

  it('an error that stops the run names "standard input" too', async () => {
    const workbook = await readFile(join(ROOT, 'samples/catalog.xlsx'));
    const run = await runWithStdin(validateArgs('--format', 'csv'), workbook);
    expect(run.code).toBe(2);
    expect(resultOf(run.stdout)).toMatchObject({ type: 'error', code: 'SOURCE_UNREADABLE', message: expect.stringMatching(/^standard input: this is a zip archive, not a CSV/) });
    expect(`${run.stdout}${run.stderr}`).not.toContain('catalog-import-stdin-');
  }, 120_000);

  it('without --format: exit 2 naming it, standard input not read', async () => {
    const run = await runWithStdin(validateArgs(), Buffer.from('a,b\n'));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^catalog-import: FILE - reads standard input: say its format with --format csv or --format xlsx$/m);
    expect(run.stdinRead).toBe(false);
    expect(resultOf(run.stdout)).toMatchObject({ type: 'error', code: 'USAGE', exitCode: 2 });
  });

  it('--format with a named file is a usage error too', async () => {
    const run = await runWithStdin(['validate', 'samples/catalog.csv', '-m', 'mappings/sample.yaml', '--format', 'csv'], null);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--format is for standard input only');
  });
});

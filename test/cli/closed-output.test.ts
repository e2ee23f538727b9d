/**
 * The reader of the CLI's output going away (`validate … | head -1`) stops the run as Ctrl-C does:
 * its scratch files removed, the run recorded as `interrupted`, exit 141 (128 + SIGPIPE), nothing
 * printed about it. A run killed outright (`kill -9`) cannot clean up: the next run removes its
 * scratch files and records it as stopped. Real child processes, a real shell pipeline.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { runProcess } from '../helpers/run-process.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = ['--import', 'tsx', join(ROOT, 'src/cli/main.ts')];
const CHILD_ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: process.env.TMPDIR ?? '/tmp' };

let dir: string;
let stateDir: string;

function validateArgs(...more: string[]): string[] {
  return ['validate', 'samples/catalog.xlsx', '--mapping', 'mappings/sample.yaml', '--sandbox', '--state-dir', stateDir, ...more];
}

/** Runs `node … validate <args>` in bash with `redirect` after it (a pipe into `head -1`); its own exit code and the pipeline's output. */
async function runPiped(args: string[], redirect: string): Promise<{ exitCode: number; output: string }> {
  const quoted = [process.execPath, ...CLI, ...args].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
  const run = await runProcess('bash', ['-c', `${quoted} ${redirect}; echo "exit=\${PIPESTATUS[0]}"`], { cwd: ROOT, env: CHILD_ENV, timeoutMs: 120_000 });
  const match = /exit=(\d+)\n$/.exec(run.stdout);
  expect(match, `${run.stdout}\n${run.stderr}`).not.toBeNull();
  return { exitCode: Number(match?.[1]), output: run.stdout.slice(0, match?.index) };
}

async function listScratch(): Promise<string[]> {
  return (await readdir(stateDir)).filter((name) => /\.(spill|spool)(\.compact)?$/.test(name));
}

/** The runs recorded in the state directory, oldest first. */
function readRuns(): { runId: string; status: string; command: string }[] {
  const db = new Database(join(stateDir, 'state.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT run_id AS runId, status, command FROM runs ORDER BY created_at, run_id').all() as { runId: string; status: string; command: string }[];
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'closed-output-'));
  stateDir = join(dir, 'state');
  // The directories cached first, as on a seller's machine after the first run: the dry run then
  // starts writing at once.
  const warm = await runProcess(process.execPath, [...CLI, ...validateArgs()], { cwd: ROOT, env: CHILD_ENV, timeoutMs: 120_000 });
  expect(warm.status, warm.stderr).toBeLessThanOrEqual(1);
}, 130_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the output closed early', () => {
  it('`2>&1 | head -1`: exit 141, no scratch file left, the run recorded as interrupted', async () => {
    const before = readRuns().length;
    const run = await runPiped(validateArgs(), '2>&1 | head -1');
    expect(run.exitCode, run.output).toBe(141);
    expect(run.output.split('\n').filter(Boolean)).toHaveLength(1);
    expect(await listScratch()).toEqual([]);
    const runs = readRuns();
    expect(runs).toHaveLength(before + 1);
    expect(runs.at(-1)).toMatchObject({ command: 'validate', status: 'interrupted' });
  }, 130_000);

  it('`--json | head -1` with stderr kept: exit 141, nothing said about it, nothing left', async () => {
    const errFile = join(dir, 'stderr.txt');
    const run = await runPiped(validateArgs('--json'), `2>'${errFile}' | head -1`);
    expect(run.exitCode).toBe(141);
    expect(JSON.parse(run.output)).toHaveProperty('type');
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(errFile, 'utf8')).toBe('');
    expect(await listScratch()).toEqual([]);
    expect(readRuns().at(-1)).toMatchObject({ status: 'interrupted' });
  }, 130_000);

  it('an output read to its end is no stop: exit as before, the run finished', async () => {
    const run = await runPiped(validateArgs('--json'), '2>/dev/null | cat >/dev/null');
    expect(run.exitCode).toBeLessThanOrEqual(1);
    expect(readRuns().at(-1)).toMatchObject({ status: 'finished' });
  }, 130_000);
});

describe('a dry run killed outright', () => {
  it('leaves its scratch files, which the next run removes, recording the dead run as interrupted', async () => {
    const fixture = await writeCatalogFixture({ dir, products: 40_000 });
    const child = spawn(process.execPath, [...CLI, 'validate', fixture.file, '--mapping', fixture.mapping, '--sandbox', '--state-dir', stateDir], { cwd: ROOT, env: CHILD_ENV, stdio: 'ignore' });
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // Killed while it reads: its spool and spill exist.
    const deadline = Date.now() + 100_000;
    while ((await listScratch()).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGKILL');
    await exited;
    const left = await listScratch();
    expect(left).toHaveLength(2);
    expect(left.every((name) => name.includes(`.${child.pid}-`))).toBe(true);
    const dead = readRuns().at(-1);
    expect(dead).toMatchObject({ status: 'running' });

    const next = await runProcess(process.execPath, [...CLI, ...validateArgs()], { cwd: ROOT, env: CHILD_ENV, timeoutMs: 120_000 });
    expect(next.status, next.stderr).toBeLessThanOrEqual(1);
    expect(await listScratch()).toEqual([]);
    expect(readRuns().find((run) => run.runId === dead?.runId)).toMatchObject({ status: 'interrupted' });
  }, 240_000);
});

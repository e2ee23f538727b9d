/**
 * `catalog-import runs prune` as a user runs it, against the embedded sandbox with a temp state
 * folder: dry by default (lists what goes and what it frees, removes nothing), `--apply` removes,
 * `--json` is NDJSON ending in the result, and a missing rule is a usage error (exit 2).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { buildPhoneRows, createPhoneCatalog } from '../helpers/smartphone-catalog.js';

let catalog: Awaited<ReturnType<typeof createPhoneCatalog>>;
let env: Record<string, string>;
const firstRuns: string[] = [];

/** The CLI in the catalog's folder, with its own state folder. */
function cli(args: string[]): ReturnType<typeof runCliCaptured> {
  return runCliCaptured([...args, '--sandbox'], { cwd: catalog.dir, env });
}

beforeAll(async () => {
  catalog = await createPhoneCatalog(buildPhoneRows(3));
  env = { CATALOG_STATE_DIR: join(catalog.dir, 'state'), LANG: 'C' };
  for (let i = 0; i < 3; i += 1) {
    const run = await cli(['validate', 'catalog.csv', '-m', 'mapping.yaml']);
    expect(run.code, run.stderr).toBe(0);
  }
  const listed = await cli(['runs', '--json']);
  for (const line of listed.stdout.trim().split('\n')) {
    const parsed = JSON.parse(line) as { type: string; runId?: string };
    if (parsed.type === 'run' && parsed.runId) firstRuns.push(parsed.runId);
  }
}, 180_000);

afterAll(async () => {
  await catalog?.remove();
});

describe('runs prune', () => {
  it('without --apply lists the runs it would remove and the bytes, and removes nothing', async () => {
    expect(firstRuns).toHaveLength(3);
    const run = await cli(['runs', 'prune', '--keep', '1']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('remove  ')).map((line) => line.split('  ')[1])).toEqual(firstRuns.slice(1));
    expect(run.stdout).toMatch(/Runs to remove: 2 of 3; about [\d.,]+ k?B of data in state\.sqlite/);
    expect(lines.at(-1)).toContain('--apply');
    expect(await readdir(join(catalog.dir, 'state', 'runs'))).toEqual(expect.arrayContaining(firstRuns));
  });

  it('speaks Russian in a Russian locale', async () => {
    const run = await runCliCaptured(['runs', 'prune', '--keep', '1', '--sandbox'], { cwd: catalog.dir, env: { ...env, LANG: 'ru_RU.UTF-8' } });
    expect(run.stdout).toContain('Запусков к удалению: 2 из 3');
    expect(run.stdout).toContain('Пока ничего не удалено');
  });

  it('shows its options\' help and its usage errors in the run language', async () => {
    const help = await runCliCaptured(['runs', 'prune', '--help', '--lang', 'kk'], { cwd: catalog.dir, env });
    expect(help.stdout).toContain('Ең жаңа N іске қосуды қалдыру');
    expect(help.stdout).not.toContain('Keep the newest N runs');
    const list = await runCliCaptured(['runs', '--help', '--lang', 'ru'], { cwd: catalog.dir, env });
    expect(list.stdout).toContain('Забыть старые запуски');
    const ruleless = await runCliCaptured(['runs', 'prune', '--sandbox', '--lang', 'ru'], { cwd: catalog.dir, env });
    expect(ruleless.code).toBe(2);
    expect(ruleless.stderr).toContain('укажите, что оставить: --keep N');
  });

  it('--json: one line per run, then the result with the sizes', async () => {
    const run = await cli(['runs', 'prune', '--older-than', '0h', '--keep', '2', '--json']);
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line.type, line.action, line.runId])).toEqual([
      ['prune-run', 'remove', firstRuns[2]],
      ['result', undefined, undefined],
    ]);
    expect(lines.at(-1)).toMatchObject({ exitCode: 0, applied: false, removedRuns: 1, protectedRuns: 0, kept: 2, databaseBytesBefore: expect.any(Number) });
  });

  it('--apply removes them: the runs list and the report folders keep only the newest', async () => {
    const run = await cli(['runs', 'prune', '--keep', '1', '--apply']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Runs removed: 2 of 3\. state\.sqlite: .+ → .+ \(.+ freed\)/);
    const listed = await cli(['runs', '--json']);
    expect(listed.stdout.trim().split('\n').filter((line) => line.includes('"type":"run"'))).toHaveLength(1);
    expect((await readdir(join(catalog.dir, 'state', 'runs'))).filter((name) => firstRuns.includes(name))).toEqual([firstRuns[0]]);
  });

  it('needs a rule: without --keep or --older-than it is a usage error, exit 2', async () => {
    const run = await cli(['runs', 'prune']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--keep');
    const bad = await cli(['runs', 'prune', '--older-than', 'a month']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--older-than');
  });
});

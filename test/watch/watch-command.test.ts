/**
 * `catalog-import watch` through the CLI, in-process: JSON log lines for a collector, `--once`
 * exit codes, a second watcher refused with exit 4 (local state), a broken mapping refused with exit 2.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.js';
import { registerWatchCommand } from '../../src/cli/commands/watch-command.js';
import { runCli } from '../../src/cli/run-cli.js';
import { buildCatalogCsv, buildRows, createWatchTestBed, startWatch } from './watch-test-kit.js';
import type { WatchTestBed } from './watch-test-kit.js';

async function runWatchCli(bed: WatchTestBed, extra: string[], options: { embedded?: boolean } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const credential = bed.sandbox.credentials[0];
  if (!credential) throw new Error('no seller');
  const service = options.embedded ? ['--sandbox'] : ['--base-url', bed.sandbox.url, '--client-id', credential.clientId];
  const config = join(bed.root, 'settings.yaml');
  await writeFile(config, 'pollIntervalMs: 20\nretryLimit: 1\n');
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    isTty: false,
    env: { CATALOG_CLIENT_SECRET: credential.clientSecret },
    cwd: bed.root,
  };
  const args = ['watch', 'inbox', '--mapping', 'mapping.yaml', ...service, '--state-dir', 'state', '--config', config, '--stable-seconds', '0.3', '--poll-seconds', '0.05', ...extra];
  const code = await runCli(args, io, [registerWatchCommand]);
  return { code, stdout, stderr };
}

describe('catalog-import watch', () => {
  it('--once --log-format json: one JSON line per file and per watcher event; the exit code is the worst import’s', async () => {
    const bed = await createWatchTestBed();
    await writeFile(join(bed.inbox, 'good.csv'), buildCatalogCsv(buildRows('P', 2, 900)));
    await writeFile(join(bed.inbox, 'mixed.csv'), buildCatalogCsv([...buildRows('Q', 1, 910), { key: 'BAD', n: 919, badBarcode: true }]));
    const { code, stdout, stderr } = await runWatchCli(bed, ['--once', '--log-format', 'json']);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.event)).toEqual(['lock', 'started', 'file', 'file', 'stopped']);
    const files = lines.filter((line) => line.event === 'file');
    expect(files.map((line) => [line.file, line.outcome, line.exitCode]).sort()).toEqual([
      ['good.csv', 'done', 0],
      ['mixed.csv', 'done', 1],
    ]);
    for (const line of files) {
      expect(Object.keys(line)).toEqual(expect.arrayContaining(['time', 'file', 'sha256', 'outcome', 'exitCode', 'runId', 'counts', 'reportDir', 'message']));
      expect(line.reportDir).toBe(join(bed.inbox, 'reports', String(line.runId)));
    }
  });

  it('text log lines by default, exit 0 for a clean drop', async () => {
    const bed = await createWatchTestBed();
    await writeFile(join(bed.inbox, 'good.csv'), buildCatalogCsv(buildRows('R', 1, 950)));
    const { code, stdout } = await runWatchCli(bed, ['--once']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/ done good\.csv {2}→ .*done\/good\.csv exit 0 {2}run \S+ {2}rows 1: accepted 1 {2}report /);
  });

  it('--sandbox: imports into the embedded sandbox and recognises the same content dropped again', async () => {
    const bed = await createWatchTestBed();
    const csv = buildCatalogCsv(buildRows('Z', 2, 960));
    await writeFile(join(bed.inbox, 'first.csv'), csv);
    const first = await runWatchCli(bed, ['--once', '--json'], { embedded: true });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('"outcome":"done"');
    await writeFile(join(bed.inbox, 'again.csv'), csv);
    const again = await runWatchCli(bed, ['--once', '--json'], { embedded: true });
    expect(again.code).toBe(0);
    const line = again.stdout.split('\n').find((text) => text.includes('"event":"file"'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ file: 'again.csv', outcome: 'duplicate' });
    expect(bed.sandbox.stats().importRequests).toBe(0);
  });

  it('exits 4 (local state) at once when another watcher holds the inbox, and 2 for a broken mapping', async () => {
    const bed = await createWatchTestBed();
    const holder = startWatch(bed);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const blocked = await runWatchCli(bed, ['--once']);
    expect(blocked.code).toBe(4);
    expect(blocked.stderr).toContain(`is held by pid ${process.pid}`);
    await holder.stop();

    await writeFile(bed.mapping, 'columns: [not, a, mapping]\n');
    const broken = await runWatchCli(bed, ['--once']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('mapping');
  });
});

/**
 * Secrets: every CLI command is run in-process with a known client secret against a sandbox
 * (behind a proxy that collects every access token the service issues), including failing runs
 * and a service that echoes the secret in an error; then stdout, stderr and every byte written
 * under the working directory (state database, its WAL, journal request bodies unzipped, caches,
 * reports) are searched for the secret and the tokens. Also: private permissions of the state,
 * and credentials from the environment, a secret file or a settings file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { scaleTimeout } from '../helpers/scale-timeout.js';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import type { CapturedRun } from '../helpers/run-cli-captured.js';
import { createTestDir, startTestSandbox } from './fault-kit.js';
import { startProxy } from './kill-kit.js';

const SECRET = 's3cr3t-KNOWN-9';
const CLIENT_ID = 'seller-known';

/** Every file under `dir`, recursively. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

/** Texts that hide inside the state database in compressed form: the journal's request bodies. */
function loadJournalBodies(dbPath: string): string[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db.prepare('SELECT request_body AS body FROM batches WHERE request_body IS NOT NULL').all() as { body: Buffer }[];
    return rows.map((r) => gunzipSync(r.body).toString('utf8'));
  } finally {
    db.close();
  }
}

describe('the client secret and the access tokens never leave the process', () => {
  it('appear in no output, log, report, state file or error message of any command', async () => {
    const dir = await createTestDir('catalog-secrets-');
    const work = join(dir, 'work');
    await mkdir(work);
    const sandbox = await startTestSandbox(dir, { credentials: [{ clientId: CLIENT_ID, clientSecret: SECRET, shopIds: [1001] }] });
    const proxy = await startProxy(sandbox.url);
    const tokens = new Set<string>();
    proxy.onAnswer = (request, body) => {
      if (request.path !== DEFAULT_PATHS.token) return;
      const token = (JSON.parse(body.toString('utf8')) as { accessToken?: string }).accessToken;
      if (token) tokens.add(token);
    };
    const fixture = await writeCatalogFixture({ dir: work, products: 12, skusPerProduct: 2, invalidRows: 1 });
    const env = { CATALOG_BASE_URL: proxy.url, CATALOG_CLIENT_ID: CLIENT_ID, CATALOG_CLIENT_SECRET: SECRET, CATALOG_STATE_DIR: join(work, 'state') };
    const runs: { args: string[]; run: CapturedRun }[] = [];
    const cli = async (args: string[], extraEnv: Record<string, string> = {}): Promise<CapturedRun> => {
      const run = await runCliCaptured(args, { env: { ...env, ...extraEnv }, cwd: work });
      runs.push({ args, run });
      return run;
    };
    const data = [fixture.file, '--mapping', fixture.mapping];

    // Every command, plain and --json.
    expect((await cli(['validate', ...data])).code).toBe(1);
    await cli(['validate', ...data, '--json']);
    expect((await cli(['import', ...data, '--settle-after', '0.2'])).code).toBe(1);
    await cli(['import', ...data, '--settle-after', '0.2', '--json', '--fresh', '--report-dir', join(work, 'reports')]);
    // A token that expires mid-run, and a service that quotes the request (Authorization header, body) back in its errors.
    sandbox.expireTokens();
    let echoed = 0;
    proxy.decide = (r) => (r.path === DEFAULT_PATHS.import && r.method === 'POST' && echoed++ === 0 ? 'echo' : 'pass');
    await cli(['import', ...data, '--settle-after', '0.2', '--fresh']);
    proxy.decide = (r) => (r.path === DEFAULT_PATHS.list ? 'echo' : 'pass');
    await cli(['products', 'list']);
    proxy.decide = (r) => (r.path === DEFAULT_PATHS.token ? 'echo' : 'pass');
    await cli(['products', 'list', '--json']);
    await cli(['validate', ...data, '--refresh-directories']);
    proxy.decide = () => 'pass';
    sandbox.setFaults({ script: [{ path: DEFAULT_PATHS.list, method: 'POST', times: 1, action: { status: 403, body: { errorMessage: `forbidden for ${CLIENT_ID}/${SECRET}` } } }] });
    await cli(['products', 'list']);
    sandbox.expireTokens();
    const listed = await cli(['products', 'list', '--all', '--json']);
    // `--all --json` prints one product per line, then the result line.
    const ids = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; productId: number })
      .filter((line) => line.type === 'product')
      .map((line) => String(line.productId));
    expect(ids.length).toBeGreaterThan(0);
    await cli(['products', 'show', ...ids.slice(0, 3)]);
    await cli(['products', 'show', ...ids.slice(0, 3), '--json']);
    await cli(['runs']);
    await cli(['runs', '--json']);
    await cli(['reconcile', ...data]);
    await cli(['reconcile', ...data, '--json']);
    await cli(['export', '--out', join(work, 'export.xlsx')]);
    await cli(['export', '--out', join(work, 'export.csv'), '--json']);
    await cli(['directories', 'pull', '--export', join(work, 'directories.xlsx')]);
    await cli(['directories', 'pull', '--json']);
    await cli(['mapping', 'check', fixture.mapping]);
    await cli(['mapping', 'init', fixture.file, '--out', join(work, 'draft.yaml')]);
    const inbox = join(work, 'inbox');
    await mkdir(inbox);
    await copyFile(fixture.file, join(inbox, 'drop.csv'));
    await cli(['watch', inbox, '--once', '--mapping', fixture.mapping, '--stable-seconds', '0.1', '--poll-seconds', '0.05', '--log-format', 'json']);
    // Failures: a wrong secret (which is then the "secret" to hide too), an unreachable service, a bad flag.
    const wrong = await cli(['products', 'list'], { CATALOG_CLIENT_SECRET: 'wr0ng-secret-XYZ' });
    expect(wrong.code).toBe(3);
    await cli(['products', 'list', '--json'], { CATALOG_CLIENT_SECRET: 'wr0ng-secret-XYZ' });
    await cli(['products', 'list'], { CATALOG_BASE_URL: 'http://127.0.0.1:1' });
    await cli(['import', ...data, '--no-such-flag']);
    await cli(['--help']);

    // Every command the CLI registers was run (a new one must be added above).
    const ran = new Set(runs.map((r) => r.args[0]));
    const registered = COMMANDS.length;
    expect(ran.size).toBeGreaterThanOrEqual(registered - 1); // `sandbox` serves the sandbox's own secrets, see docs/reliability.md
    expect(tokens.size).toBeGreaterThanOrEqual(3);

    const needles = [SECRET, 'wr0ng-secret-XYZ', ...tokens];
    const leaks: string[] = [];
    for (const { args, run } of runs) {
      for (const needle of needles) {
        if (run.stdout.includes(needle) || run.stderr.includes(needle)) leaks.push(`output of \`${args.join(' ')}\` holds ${needle === SECRET ? 'the secret' : 'a token or the wrong secret'}`);
      }
      // Never a stack trace either.
      if (/\n\s+at .+:\d+:\d+\)?\n/.test(run.stderr + run.stdout)) leaks.push(`\`${args.join(' ')}\` printed a stack trace`);
    }
    const files = listFiles(work).filter((f) => f !== fixture.file && f !== fixture.mapping);
    expect(files.some((f) => f.endsWith('state.sqlite'))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      const texts = [bytes.toString('utf8'), bytes.toString('latin1'), bytes.toString('utf16le')];
      if (file.endsWith('state.sqlite')) texts.push(...loadJournalBodies(file));
      for (const needle of needles) if (texts.some((t) => t.includes(needle))) leaks.push(`${relative(work, file)} holds ${needle === SECRET ? 'the secret' : 'a token or the wrong secret'}`);
    }
    expect(leaks).toEqual([]);
    // The quoted requests did reach the output, scrubbed: the check above had something to find.
    expect(runs.filter(({ run }) => /Authorization: Bearer \*\*\*|\*\*\*/.test(run.stderr + run.stdout)).length).toBeGreaterThanOrEqual(2);
    // Every command fetches the marketplace-sized sandbox directory (about 60 pages) afresh, and
    // loads its modules when it first runs (issue 39), inside this test rather than before it.
  }, scaleTimeout(120_000));

  it('the state directory is private to its owner, and no token is cached on disk', async () => {
    const dir = await createTestDir('catalog-secrets-');
    const sandbox = await startTestSandbox(dir);
    const fixture = await writeCatalogFixture({ dir, products: 3 });
    const stateDir = join(dir, 'state');
    const run = await runCliCaptured(['import', fixture.file, '-m', fixture.mapping, '--state-dir', stateDir, '--settle-after', '0.2'], {
      env: { CATALOG_BASE_URL: sandbox.url, CATALOG_CLIENT_ID: 'sandbox-seller', CATALOG_CLIENT_SECRET: 'sandbox-secret-1' },
      cwd: dir,
    });
    expect(run.code).toBe(0);
    expect(statSync(stateDir).mode & 0o777).toBe(0o700);
    const stateFiles = readdirSync(stateDir).filter((name) => statSync(join(stateDir, name)).isFile());
    expect(stateFiles).toContain('state.sqlite');
    for (const name of stateFiles) expect({ name, mode: statSync(join(stateDir, name)).mode & 0o777 }).toEqual({ name, mode: 0o600 });
    expect(stateFiles.filter((name) => /token/i.test(name))).toEqual([]);
  });

  it('credentials come from the environment, a secret file (env or flag) or a settings file', async () => {
    const dir = await createTestDir('catalog-secrets-');
    const sandbox = await startTestSandbox(dir, { credentials: [{ clientId: CLIENT_ID, clientSecret: SECRET, shopIds: [1001] }] });
    const secretFile = join(dir, 'secret.txt');
    await writeFile(secretFile, `${SECRET}\n`);
    await chmod(secretFile, 0o600);
    const settingsFile = join(dir, 'settings.yaml');
    await writeFile(settingsFile, `baseUrl: ${sandbox.url}\nclientId: ${CLIENT_ID}\nclientSecretFile: ${secretFile}\n`);
    const base = { CATALOG_BASE_URL: sandbox.url, CATALOG_CLIENT_ID: CLIENT_ID, CATALOG_STATE_DIR: join(dir, 'state') };
    const list = ['products', 'list', '--json'];
    const ways: [string, string[], Record<string, string>][] = [
      ['CATALOG_CLIENT_SECRET', list, { ...base, CATALOG_CLIENT_SECRET: SECRET }],
      ['CATALOG_CLIENT_SECRET_FILE', list, { ...base, CATALOG_CLIENT_SECRET_FILE: secretFile }],
      ['--client-secret-file', [...list, '--client-secret-file', secretFile], base],
      ['--config', [...list, '--config', settingsFile, '--state-dir', join(dir, 'state')], {}],
    ];
    for (const [way, args, env] of ways) {
      const run = await runCliCaptured(args, { env, cwd: dir });
      expect({ way, code: run.code, stderr: run.stderr }).toEqual({ way, code: 0, stderr: '' });
    }
    const missing = await runCliCaptured(['products', 'list'], { env: { ...base, CATALOG_CLIENT_SECRET_FILE: join(dir, 'nope.txt') }, cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read the client secret file .*nope\.txt/);
  });
});

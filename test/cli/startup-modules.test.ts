/**
 * Issue 39: `--version` alone loads the entry and the version only; `--help` and a shell-completion
 * request (run on every Tab press) load yargs and the command table, not the pipeline: the readers (exceljs, papaparse), SQLite, zod
 * schemas, the HTTP client, the sandbox and its reference data are loaded by the command that
 * needs them. A dry run whose directories are cached sends no request, so it loads neither the
 * HTTP client nor the sandbox. Checked by what the process loads (a module-loader hook records
 * every module URL), not by how long it takes: the machine is shared.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../helpers/run-process.js';

const ROOT = join(import.meta.dirname, '..', '..');

// The hook runs on Node's loader thread and appends each module it loads to the file named in `data`.
const HOOKS = `
import { appendFileSync } from 'node:fs';
let out;
export function initialize(data) { out = data.out; }
export async function load(url, context, next) { appendFileSync(out, url + '\\n'); return next(url, context); }
`;
const RECORDER = `
import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)}, { data: { out: process.env.LOADED_MODULES_FILE } });
`;
const recorderUrl = `data:text/javascript,${encodeURIComponent(RECORDER)}`;

/** Packages only a command's work needs. */
const HEAVY_PACKAGES = ['exceljs', 'better-sqlite3', 'zod', 'ky', 'yaml', 'papaparse', 'iconv-lite', 'p-limit'];
/** Folders of `src/` only a command's work needs. */
const HEAVY_FOLDERS = ['sandbox', 'pipeline', 'sources', 'report', 'state', 'settings', 'api', 'stages', 'watch', 'export', 'plan'];
/** Small modules of those folders that the command table does use: the dialect names for `--dialect`. */
const LIGHT_EXCEPTIONS = ['src/sandbox/dialects/dialect-types.ts'];

/** What a dry run of an XLSX file with the directories (and the parsed mapping) cached does not need: it sends no request, reads no CSV, decodes no YAML. */
const DRY_RUN_UNNEEDED_PACKAGES = ['ky', 'exceljs', 'p-limit', 'papaparse', 'iconv-lite', 'yaml', 'zod'];
/**
 * The CSV reader, and the copies' writers a clean XLSX file does not need: the annotated workbook (it writes none), the CSV copy's reader and copier;
 * and what only the state's barrel and the library's entry would bring: the mapping's JSON Schema builder, the file lock.
 */
const DRY_RUN_UNNEEDED_MODULES = [
  'src/sources/read-csv.ts',
  'src/report/write-annotated-workbook.ts',
  'src/sources/open-csv-copy-records.ts',
  'src/report/copy-csv-records.ts',
  'src/mapping/build-mapping-json-schema.ts',
  'src/state/index.ts',
  'src/state/file-lock.ts',
  // The mapping comes from the compiled-mapping cache: neither its decoder nor its schema is loaded.
  'src/mapping/load-mapping.ts',
  'src/mapping/parse-mapping.ts',
  'src/mapping/mapping-schema.ts',
  'src/mapping/derive-schema.ts',
  // The settings come from the resolved-settings cache: neither their schema nor zod is loaded.
  'src/settings/resolve-settings.ts',
  'src/settings/settings-schema.ts',
  'src/settings/service-profile-schema.ts',
  'src/i18n/describe-schema-rule.ts',
];
/** Of `src/api/` and `src/sandbox/`, only what the settings' schema and the `--dialect` option use. */
const DRY_RUN_NEEDED_SERVICE_MODULES = ['src/api/wire-aliases.ts', 'src/api/service-profile.ts', 'src/sandbox/dialects/dialect-types.ts'];

let work: string;
let recordings = 0;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'catalog-import-startup-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Runs the CLI from source with `args`; its output and every module it loaded (packages by name, ours by path from the root). */
async function runRecording(args: string[]): Promise<{ status: number | null; stdout: string; packages: Set<string>; ours: string[] }> {
  const file = join(work, `loaded-${++recordings}.txt`);
  const result = await runProcess(process.execPath, ['--import', 'tsx', '--import', recorderUrl, 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', LOADED_MODULES_FILE: file },
  });
  const urls = (await readFile(file, 'utf8')).split('\n').filter((url) => url.startsWith('file:'));
  const paths = urls.map((url) => fileURLToPath(url));
  const packages = new Set(paths.flatMap((path) => /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(path)?.[1] ?? []));
  const ours = paths.filter((path) => !/[\\/]node_modules[\\/]/.test(path)).map((path) => relative(ROOT, path).split('\\').join('/'));
  return { status: result.status, stdout: result.stdout, packages, ours };
}

function findUnneededForDryRun(loaded: { packages: Set<string>; ours: string[] }): string[] {
  const packages = DRY_RUN_UNNEEDED_PACKAGES.filter((name) => loaded.packages.has(name));
  const modules = loaded.ours.filter((path) => /^src\/(api|sandbox)\//.test(path) && !DRY_RUN_NEEDED_SERVICE_MODULES.includes(path));
  const copies = loaded.ours.filter((path) => DRY_RUN_UNNEEDED_MODULES.includes(path));
  // The sample's mapping has no `lookup: category`: the product classifier is not loaded.
  const classifier = loaded.ours.filter((path) => path.startsWith('src/assistant/') || path === 'src/stages/derive/lookup-category.ts');
  return [...packages, ...modules, ...copies, ...classifier];
}

function findHeavy(loaded: { packages: Set<string>; ours: string[] }): string[] {
  const packages = HEAVY_PACKAGES.filter((name) => loaded.packages.has(name));
  const modules = loaded.ours.filter((path) => HEAVY_FOLDERS.some((folder) => path.startsWith(`src/${folder}/`)) && !LIGHT_EXCEPTIONS.includes(path));
  const runners = loaded.ours.filter((path) => /^src\/assistant\/run-/.test(path));
  return [...packages, ...modules, ...runners];
}

describe('start-up loads only what the command needs', () => {
  it('--version (and -v) alone is answered by the entry and the version: no package, not even yargs', async () => {
    for (const flag of ['--version', '-v']) {
      const loaded = await runRecording([flag]);
      expect(loaded.status).toBe(0);
      expect(loaded.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
      // The recorder saw the start-up itself: without this the test could pass by recording nothing.
      expect(loaded.ours).toContain('src/cli/main.ts');
      expect([...loaded.packages].filter((name) => name !== 'tsx')).toEqual([]);
      expect(loaded.ours.filter((path) => path.startsWith('src/')).sort()).toEqual(['src/cli/main.ts', 'src/core/version.ts']);
    }
  });

  it('--version among other arguments still goes through yargs, and loads no more than the command table', async () => {
    const loaded = await runRecording(['--version', '--debug']);
    expect(loaded.status).toBe(0);
    expect(loaded.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(loaded.packages.has('yargs')).toBe(true);
    expect(loaded.ours).toContain('src/cli/commands/index.ts');
    expect(findHeavy(loaded)).toEqual([]);
  });

  it('--help and a completion request load no more', async () => {
    const help = await runRecording(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('validate <file>');
    expect(findHeavy(help)).toEqual([]);

    const completion = await runRecording(['--get-yargs-completions', 'catalog-import', 'val']);
    expect(completion.status).toBe(0);
    expect(completion.stdout.split('\n')).toContain('validate');
    expect(findHeavy(completion)).toEqual([]);
  });

  it('a command loads what it needs when it runs', async () => {
    // The same recorder sees the sandbox and SQLite once a command needs them: the check above can fail.
    const loaded = await runRecording(['runs', '--sandbox', '--state-dir', join(work, 'state')]);
    expect(loaded.status).toBe(0);
    expect(loaded.packages.has('better-sqlite3')).toBe(true);
    expect(loaded.packages.has('zod')).toBe(true);
  });

  it('a dry run of a clean file with the directories, the mapping and the settings cached loads neither the HTTP client, the sandbox, the CSV reader, the copies\' writers, the classifier, the mapping\'s decoder and schema nor zod', async () => {
    const args = ['validate', 'samples/catalog.xlsx', '--mapping', 'mappings/sample.yaml', '--sandbox', '--state-dir', join(work, 'dry-run-state')];
    // The first run fetches the directories: the recorder sees the client and the sandbox then, so the check below can fail.
    const first = await runRecording(args);
    expect(first.status).toBe(0);
    expect(first.packages.has('ky')).toBe(true);
    expect(first.ours).toContain('src/sandbox/start-sandbox.ts');
    // …and it parses the mapping, which it keeps: the check of the mapping's modules below can fail too.
    expect(first.packages.has('yaml')).toBe(true);
    expect(first.ours).toContain('src/mapping/mapping-schema.ts');

    // The second finds the state directory the first made, and keeps its settings, parsed by the schema: the check of zod below can fail.
    const second = await runRecording(args);
    expect(second.status).toBe(0);
    expect(second.packages.has('zod')).toBe(true);
    expect(second.ours).toContain('src/settings/settings-schema.ts');

    const cached = await runRecording(args);
    expect(cached.status).toBe(0);
    expect(cached.stdout).toContain('158 products');
    expect(findUnneededForDryRun(cached)).toEqual([]);
  });
});

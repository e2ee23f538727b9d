/**
 * The package a stranger depends on: `npm pack` of a copy of the checkout (which builds dist/
 * through `prepack`, there and not here: the checkout's own dist/ is never deleted nor rebuilt
 * while the suite runs) holds what
 * the tool needs and nothing that points nowhere, installs no scripts of its own, and, unpacked
 * into an empty folder beside its declared dependencies only, runs `--help` and a sandbox
 * `validate` of a shipped sample, with the code cache its build made used by a plain `node`; its
 * declaration files need no dev-only type package.
 *
 * The dependencies are linked from this checkout's node_modules rather than installed, so the
 * test needs no network and stays fast; only the declared ones are linked, so a module the code
 * imports without declaring it fails here as it would for a user.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleTimeout } from '../helpers/scale-timeout.js';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

interface PackedPackage {
  name: string;
  version: string;
  license?: string;
  repository?: { url?: string } | string;
  homepage?: string;
  bugs?: { url?: string } | string;
  bin: Record<string, string>;
  main?: string;
  types?: string;
  exports: Record<string, string | Record<string, string>>;
  scripts?: Record<string, string>;
  dependencies: Record<string, string>;
}

let work: string;
let files: string[];
let installed: string;
let packed: PackedPackage;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'catalog-import-pack-'));
  // One real pack, of a copy of the checkout: `prepack` rebuilds dist/ from scratch, and doing that
  // in the checkout itself would take its CLI away from whoever uses it while the suite runs.
  const source = join(work, 'source');
  // Not the temporary folders other test files make in the checkout while this one copies it (load-cached-mapping's `.stamp-test-*`).
  await cp(ROOT, source, { recursive: true, filter: (path) => !/[\\/](node_modules|dist|\.git|\.catalog-import|coverage|\.stamp-test-[^\\/]*)$/.test(path) });
  await symlink(join(ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
  // Packed under a V8 flag, as a CI's NODE_OPTIONS often sets: the build must not bake it into the CLI's code cache, which a user's node would then refuse.
  const env = { ...process.env, npm_config_loglevel: 'error', NODE_OPTIONS: '--max-old-space-size=4096' };
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: source, maxBuffer: 16 * 1024 * 1024, env });
  const report = JSON.parse(stdout.slice(stdout.search(/^\[/m))) as { filename: string; files: { path: string }[] }[];
  const entry = report[0];
  if (!entry) throw new Error('npm pack printed no result');
  files = entry.files.map((f) => f.path).sort();

  const consumer = join(work, 'consumer');
  installed = join(consumer, 'node_modules', 'catalog-import');
  await mkdir(installed, { recursive: true });
  await run('tar', ['-xzf', join(work, entry.filename), '-C', installed, '--strip-components=1']);
  packed = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as PackedPackage;
  // The consumer's own @types/node, as any TypeScript project on Node has.
  for (const dependency of [...Object.keys(packed.dependencies), '@types/node']) {
    const link = join(consumer, 'node_modules', dependency);
    await mkdir(dirname(link), { recursive: true });
    await symlink(join(ROOT, 'node_modules', dependency), link, 'dir');
  }
  await writeFile(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { 'catalog-import': packed.version } }));
}, scaleTimeout(180_000));

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('holds the build, the docs, the mappings, the XLSX samples, README, CHANGELOG and LICENSE', () => {
    for (const path of ['LICENSE', 'README.md', 'CHANGELOG.md', 'docs/library.md', 'package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/cli/main.js', 'mappings/sample.yaml', 'mappings/export.yaml', 'samples/catalog.xlsx', 'samples/catalog-with-mistakes.xlsx', 'docs/cli.md']) {
      expect(files).toContain(path);
    }
    // The bin's runner is one CommonJS bundle with V8's code cache, made by the build (scripts/bundle-cli.mjs, issue 39), beside tsc's dist/ for the library.
    expect(files.filter((path) => path.startsWith('dist/cli-bundle/')).sort()).toEqual(['dist/cli-bundle/run-process.cjs', 'dist/cli-bundle/run-process.code-cache']);
  });

  it('holds nothing that points nowhere or serves only this repository', () => {
    const stray = files.filter((path) => /\.map$|^src\/|^test\/|^bench\/|^scripts\/|^patches\/|^samples\/.*\.csv$|\.test\.|^\.|tsconfig|eslint/.test(path));
    expect(stray).toEqual([]);
    for (const target of [...Object.values(packed.bin), packed.main, packed.types]) expect(files).toContain(posix.normalize(target ?? ''));
    for (const value of Object.values(packed.exports)) {
      for (const target of typeof value === 'string' ? [value] : Object.values(value)) expect(files).toContain(posix.normalize(target));
    }
  });

  it('every relative link of the shipped Markdown reaches a shipped file', async () => {
    const broken: string[] = [];
    for (const doc of files.filter((path) => path.endsWith('.md'))) {
      const text = await readFile(join(installed, doc), 'utf8');
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (match[1] ?? '').split('#')[0] ?? '';
        if (!target || /^[a-z]+:/i.test(target)) continue;
        const path = posix.normalize(posix.join(posix.dirname(doc), target));
        if (!files.includes(path) && !files.some((file) => file.startsWith(`${path}/`))) broken.push(`${doc} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('says where it comes from and runs no install script of its own', () => {
    expect(packed.license).toBe('MIT');
    expect(packed.repository).toBeTruthy();
    expect(packed.homepage).toBeTruthy();
    expect(packed.bugs).toBeTruthy();
    expect(packed.exports['./package.json']).toBe('./package.json');
    // `prepare` too: npm runs it when the package is installed from a folder or a git URL.
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare']) expect(packed.scripts?.[script], script).toBeUndefined();
  });

  it('installed into an empty folder: --help and a sandbox validate of a shipped sample', async () => {
    const consumer = dirname(dirname(installed));
    const bin = join(installed, packed.bin['catalog-import'] ?? '');
    const env = { PATH: process.env.PATH ?? '', HOME: consumer, NO_COLOR: '1' };
    expect((await readFile(bin, 'utf8')).split('\n')[0]).toBe('#!/usr/bin/env node');
    const help = await run(process.execPath, [bin, '--help'], { cwd: consumer, env });
    expect(help.stdout).toContain('catalog-import validate <file>');
    // yargs is inside the bin's bundle, and its own words come from the installed yargs's locales.
    const russianHelp = await run(process.execPath, [bin, '--lang', 'ru', '--help'], { cwd: consumer, env });
    expect(russianHelp.stdout).toContain('Команды:');
    const sample = join(installed, 'samples', 'catalog.xlsx');
    const mapping = join(installed, 'mappings', 'sample.yaml');
    // A settings file: its YAML decoder is a package the bundle imports when asked (a `require` in the bundle, since a script from V8's code cache has no dynamic-import hook).
    const settings = join(consumer, 'settings.yaml');
    await writeFile(settings, 'lang: en\n');
    const result = await run(process.execPath, [bin, 'validate', sample, '-m', mapping, '--sandbox', '--json', '--config', settings], { cwd: consumer, env, maxBuffer: 64 * 1024 * 1024 }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    const lines = result.stdout.trim().split('\n');
    const last = JSON.parse(lines[lines.length - 1] ?? '{}') as { type: string; exitCode?: number; counts?: { rows?: number } };
    expect(last, `${JSON.stringify(last)}\n${result.stderr}`).toMatchObject({ type: 'result', exitCode: 0 });
    expect(existsSync(join(consumer, '.catalog-import'))).toBe(true);
  }, scaleTimeout(120_000));

  it("its runner's code cache is used by a user's plain node, and a user's CATALOG_IMPORT_WRITE_CODE_CACHE=1 leaves it alone", async () => {
    const consumer = dirname(dirname(installed));
    const env = { PATH: process.env.PATH ?? '', HOME: consumer, NO_COLOR: '1' };
    const cache = join(installed, 'dist', 'cli-bundle', 'run-process.code-cache');
    const shipped = await readFile(cache);
    // What the entry does before it loads the runner (the heap's tuning is a V8 flag too), then the built loader.
    const probe = [
      `import { applyHeapTuning } from ${JSON.stringify(pathToFileURL(join(installed, 'dist', 'cli', 'tune-heap.js')).href)};`,
      'applyHeapTuning(process.execArgv);',
      `const { codeCache } = await import(${JSON.stringify(pathToFileURL(join(installed, 'dist', 'cli', 'run-process.js')).href)});`,
      'process.stdout.write(codeCache);',
    ].join('\n');
    expect((await run(process.execPath, ['--input-type=module', '-e', probe], { cwd: consumer, env })).stdout).toBe('used');

    const bin = join(installed, packed.bin['catalog-import'] ?? '');
    await run(process.execPath, [bin, '--help'], { cwd: consumer, env: { ...env, CATALOG_IMPORT_WRITE_CODE_CACHE: '1' } });
    expect((await readFile(cache)).equals(shipped)).toBe(true);
  });

  it('its exports map: the package gives the names docs/library.md documents, and no path inside it', async () => {
    const consumer = dirname(dirname(installed));
    const script = [
      "const m = await import('catalog-import');",
      "const names = ['runValidate', 'runImport', 'importDrafts', 'resolveSettings', 'createNodeDeps', 'loadMapping', 'buildReadOptions', 'openSource', 'mapAndAssemble', 'buildBatches', 'createCatalogClient', 'followJob', 'matchJobResults', 'startSandbox', 'runWatch', 'runExport'];",
      "console.log(JSON.stringify(names.filter((name) => typeof m[name] !== 'function')));",
      "await import('catalog-import/dist/index.js').then(() => console.log('inner path imported'), (error) => console.log(error.code));",
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: consumer, env: { PATH: process.env.PATH ?? '', HOME: consumer } });
    expect(stdout.trim().split('\n')).toEqual(['[]', 'ERR_PACKAGE_PATH_NOT_EXPORTED']);
  });

  it('its public types need no dev-only type package (TS7016 for a consumer without skipLibCheck)', async () => {
    // Every bare module a shipped .d.ts imports must bring its types through a declared dependency:
    // its own `types`, or an @types package that is itself a dependency (not a devDependency).
    // The declaration files a consumer reaches from the package's entry, through relative imports.
    const unresolved: string[] = [];
    const queue = [posix.normalize(packed.types ?? '')];
    const seen = new Set(queue);
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const text = await readFile(join(installed, path), 'utf8');
      for (const match of text.matchAll(/(?:from|import\()\s*'(\.[^']*)'/g)) {
        const next = posix.normalize(posix.join(posix.dirname(path), (match[1] ?? '').replace(/\.js$/, '.d.ts')));
        if (!files.includes(next)) unresolved.push(`${path}: ${match[1] ?? ''} is not shipped`);
        else if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
      for (const match of text.matchAll(/(?:from|import\()\s*'([^'.][^']*)'/g)) {
        const specifier = match[1] ?? '';
        if (specifier.startsWith('node:')) continue;
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? '');
        if (!(name in packed.dependencies)) {
          unresolved.push(`${path}: ${specifier} is not a dependency`);
          continue;
        }
        const manifest = JSON.parse(await readFile(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { types?: string; typings?: string; exports?: unknown };
        const typed = Boolean(manifest.types ?? manifest.typings) || JSON.stringify(manifest.exports ?? {}).includes('"types"');
        const typesPackage = `@types/${name.replace(/^@/, '').replace('/', '__')}`;
        if (!typed && !(typesPackage in packed.dependencies)) unresolved.push(`${path}: ${specifier} has no types among the dependencies`);
      }
    }
    expect(unresolved).toEqual([]);
    expect(seen.size).toBeGreaterThan(20);
    expect([...seen]).toContain('dist/state/store-context.d.ts');
  });
});

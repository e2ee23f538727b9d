/**
 * Bundles the CLI (issue 39): `src/cli/run-process.ts`, what every command but a lone `--version`
 * runs, and every module of ours it loads, now or by `await import()`, into one CommonJS file,
 * `<out>/cli-bundle/run-process.cjs`; makes `<out>/cli/run-process.js` (tsc's copy, which the entry
 * `<out>/cli/main.js` imports) load that bundle through V8 with a code cache
 * (`src/core/load-cached-bundle.ts`); and makes the cache, `<out>/cli-bundle/run-process.code-cache`,
 * by running the built CLI on the shipped sample (a dry run against the embedded sandbox, the
 * directories cached by a first run): the cache then holds every function that run compiled. Node 20
 * keeps no compiled code between runs, and parsing and compiling our modules was the largest cost
 * of a short run (docs/performance.md, "Start-up"). A `import()` stays lazy in the bundle: esbuild
 * runs a module's top level when it is first imported, so a command still evaluates only what it needs.
 * The loader trusts the cache only under the stamp the build writes into it (a CRC-32 of the bundle and the
 * cache, the Node release and architecture that made them), and the build fails unless a fresh `node`
 * uses the cache it made.
 *
 * Packages that can be `require`d stay outside the bundle (they load from `node_modules` as before);
 * those that are ES modules only (yargs, ky, p-limit, string-width) go into it, with what they import.
 * yargs finds its locales beside its platform shim (`import.meta.url`), so there that URL is the
 * shim's own in the installed yargs, which stays a dependency.
 * The files found beside a module of ours at run time (the translator's catalog, the sandbox's
 * reference data, the source worker, the code stamps of the kept mapping and settings) stay outside
 * too: in a module bundled here, `import.meta.url` is the URL of the module tsc wrote for it in
 * `<out>/`, so what it finds beside itself is what `dist/` has. The library (`<out>/index.js`) and
 * the entry are tsc's output, unchanged.
 *
 * Usage: node scripts/bundle-cli.mjs [out dir, default dist] [source root, default src]
 * Run after tsc has written the out dir.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

// Its real path: the loader finds the cache from its own URL, which Node gives with links resolved.
const out = realpathSync(resolve(process.argv[2] ?? 'dist'));
const sources = resolve(process.argv[3] ?? 'src');
const root = dirname(sources);
const bundleDir = join(out, 'cli-bundle');
const bundle = join(bundleDir, 'run-process.cjs');
const codeCache = join(bundleDir, 'run-process.code-cache');

/** The URL, relative to any file of the bundle's folder, of the module tsc wrote for `path`. */
function findCompiledModule(path) {
  const compiled = join(out, relative(sources, path)).replace(/\.ts$/, '.js');
  return relative(bundleDir, compiled).split(sep).join('/');
}

/** Gives each bundled module of ours the `import.meta.url` of its compiled copy. */
const compiledModuleUrls = {
  name: 'compiled-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const url = `new URL(${JSON.stringify(findCompiledModule(args.path))}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** A bare specifier's package name: `yargs/helpers` → `yargs`, `@scope/name/x` → `@scope/name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const requirable = new Map();

/**
 * Whether Node 20 can `require` the package from CommonJS: it is CommonJS, or its `exports` name a
 * `require` condition (zod). An ES module only (yargs, ky, p-limit, string-width) cannot be.
 * Our modules import packages from the root's `node_modules`.
 */
async function isRequirable(name) {
  if (!requirable.has(name)) {
    const manifest = JSON.parse(await readFile(join(root, 'node_modules', name, 'package.json'), 'utf8'));
    requirable.set(name, manifest.type !== 'module' || JSON.stringify(manifest.exports ?? {}).includes('"require"'));
  }
  return requirable.get(name);
}

/** Keeps every package that can be `require`d outside the bundle; an ES-module-only one goes in, with what it imports. */
const bundledPackages = {
  name: 'bundled-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      if (/[\\/]node_modules[\\/]/.test(args.importer)) return undefined;
      return (await isRequirable(packageName(args.path))) ? { path: args.path, external: true } : undefined;
    });
  },
};

/**
 * yargs's platform shim finds `locales/` from its own URL: give it the URL of the installed shim, not the bundle's.
 * The build fails when no shim was rewritten (yargs moved or renamed it), since the help would then lose its
 * translations silently. The URL is taken from yargs's main entry (`index.mjs` beside `lib/`), which every
 * yargs exports, not from a subpath export it could drop.
 */
const yargsShimUrl = {
  name: 'yargs-shim-url',
  setup(build) {
    let rewritten = false;
    build.onLoad({ filter: /[\\/]node_modules[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) throw new Error(`${args.path} no longer reads import.meta.url: check how yargs finds its locales`);
      rewritten = true;
      const url = "new URL('lib/platform-shims/esm.mjs', __bundleUrlOf(__bundleRequire.resolve('yargs'))).href";
      return { contents: text.replaceAll('import.meta.url', url), loader: 'js' };
    });
    build.onEnd((result) => {
      if (result.errors.length === 0 && !rewritten) throw new Error("yargs's platform shim (lib/platform-shims/esm.mjs) was not in the bundle: check how yargs finds its locales");
    });
  },
};

/**
 * string-width (what yargs measures its help's columns with) makes its `Intl.Segmenter` when it loads, and the
 * first `Intl` object of a process starts ICU's locale data: ~95 M instructions that a run without help text pays
 * for nothing (a cached dry run loads yargs, but lays out no columns). The bundle makes it at the first width
 * measured. The build fails when string-width's source no longer has the two lines rewritten.
 */
const lazySegmenter = {
  name: 'lazy-segmenter',
  setup(build) {
    let rewritten = false;
    const rewrites = [
      ['const segmenter = new Intl.Segmenter();', 'let segmenter;'],
      ['segmenter.segment(', '(segmenter ??= new Intl.Segmenter()).segment('],
    ];
    build.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, async (args) => {
      let text = await readFile(args.path, 'utf8');
      for (const [from, to] of rewrites) {
        if (text.split(from).length !== 2) throw new Error(`${args.path} no longer has exactly one \`${from}\`: check when string-width makes its Intl.Segmenter`);
        text = text.replace(from, to);
      }
      rewritten = true;
      return { contents: text, loader: 'js' };
    });
    build.onEnd((result) => {
      if (result.errors.length === 0 && !rewritten) throw new Error('string-width (index.js) was not in the bundle: check what makes an Intl.Segmenter when the bundle loads');
    });
  },
};

/**
 * The bundle in ASCII. V8 keeps a source holding any other character two bytes a character, and the
 * whole bundle stays in memory for the functions it compiles lazily: ~5 MB more than in ASCII.
 * esbuild escapes strings, but leaves comments, regular expression literals and raw templates as
 * written. Ours hold other characters only in comments and regular expressions (literals, and
 * `String.raw` templates given to `new RegExp`), where `\uXXXX` means the same character; the build
 * fails on a raw template elsewhere, whose text the escape would change.
 */
function escapeToAscii(text) {
  for (const [template] of text.matchAll(/(?<!new RegExp\()String\.raw`(?:[^`\\]|\\.)*`/g)) {
    if (/[^\0-\x7f]/.test(template)) throw new Error(`a raw template outside new RegExp holds a non-ASCII character: ${template.slice(0, 80)}`);
  }
  if (/\\[^\0-\x7f]/.test(text)) throw new Error('a non-ASCII character escaped by a backslash: its \\u escape would not mean the same');
  return text.replace(/[^\0-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

rmSync(bundleDir, { recursive: true, force: true });
mkdirSync(bundleDir, { recursive: true });
const [output] = (
  await build({
    entryPoints: [join(sources, 'cli', 'run-process.ts')],
    // esbuild writes module paths relative to it: the same bundle from any cwd.
    absWorkingDir: root,
    outfile: bundle,
    write: false,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // Every `import()` a `require`: V8 loses a script's dynamic-import hook when the script comes from
    // a code cache, and esbuild keeps the `import()` of a package outside the bundle (yaml for `--config`).
    supported: { 'dynamic-import': false },
    // A CommonJS module has no `import.meta`: its URL is the bundle's, from the module's own `__filename`.
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: 'var __bundleUrlOf = require("node:url").pathToFileURL, __bundleRequire = require, __bundleUrl = __bundleUrlOf(__filename).href;' },
    plugins: [compiledModuleUrls, bundledPackages, yargsShimUrl, lazySegmenter],
    logLevel: 'warning',
  })
).outputFiles;
writeFileSync(bundle, escapeToAscii(output.text));

// tsc's `cli/run-process.js`, which the entry imports, becomes the bundle's loader.
const loader = join(out, 'cli', 'run-process.js');
/** A path as a URL relative to the loader, for `new URL(…, import.meta.url)`. */
const fromLoader = (path) => JSON.stringify(relative(dirname(loader), path).split(sep).join('/'));

/**
 * Writes the loader. It gives V8 the cache only when `stamp` (`stampCodeCache` of the bundle and the cache, by
 * the Node that made them) still matches; the runs that make the cache have no stamp yet, and so no cache.
 * It writes the cache only when `CATALOG_IMPORT_WRITE_CODE_CACHE` is the cache's own path, which only the build
 * sets: a user's `=1` writes nothing.
 */
function writeLoader(stamp) {
  writeFileSync(
    loader,
    `// Written by scripts/bundle-cli.mjs: the CLI's runner (src/cli/run-process.ts and what it loads) is one CommonJS bundle, loaded with V8's code cache.
import { fileURLToPath } from 'node:url';
import { loadCachedBundle } from ${fromLoader(join(out, 'core', 'load-cached-bundle.js'))};

const cachePath = fileURLToPath(new URL(${fromLoader(codeCache)}, import.meta.url));
const bundle = loadCachedBundle(fileURLToPath(new URL(${fromLoader(bundle)}, import.meta.url)), cachePath, ${JSON.stringify(stamp) ?? 'undefined'});
// Set to the cache's path only by the build, for the run whose compiled code becomes the cache.
if (process.env.CATALOG_IMPORT_WRITE_CODE_CACHE === cachePath) process.once('exit', bundle.writeCache);
export const { runProcess } = bundle.exports;
/** What became of the code cache (used, rejected, unmatched, absent): the build checks the cache it made is used. */
export const codeCache = bundle.cache;
`,
  );
}

/**
 * The build's runs of the built CLI see the packer's environment without any V8 flag (`NODE_OPTIONS`, coverage):
 * V8 takes a cache only under the flags it was made with, and a user's `node` has none of the packer's.
 */
const runEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CATALOG_') && name !== 'NODE_OPTIONS' && name !== 'NODE_V8_COVERAGE'));

/** Runs a fresh `node` with `args` for the build, stopped after two minutes; its stdout. A failure says what was run and what it wrote to stderr. */
function runNode(what, args, options) {
  try {
    return execFileSync(process.execPath, args, { ...options, env: { ...runEnv, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
  } catch (error) {
    const stopped = error.code === 'ETIMEDOUT' ? ' (stopped after 120 s)' : '';
    throw new Error(`making the CLI's code cache: ${what} failed${stopped}: ${error.message}${error.stderr && !error.message.includes(error.stderr) ? `\n${error.stderr}` : ''}`);
  }
}

/**
 * Makes the code cache: a dry run of the shipped sample against the embedded sandbox (it needs the loopback
 * network), as a seller's re-check of a small file runs, the directories cached by a first run. The cache holds
 * what the second run compiled; what other commands compile beyond it V8 compiles when they run.
 */
function makeCodeCache() {
  const work = mkdtempSync(join(tmpdir(), 'catalog-import-code-cache-'));
  try {
    const args = [join(out, 'cli', 'main.js'), 'validate', join(root, 'samples', 'catalog.xlsx'), '--mapping', join(root, 'mappings', 'sample.yaml'), '--sandbox', '--state-dir', join(work, 'state')];
    const env = { HOME: work, NO_COLOR: '1' };
    runNode('the first dry run of samples/catalog.xlsx', args, { cwd: work, env });
    runNode('the dry run that writes the cache', args, { cwd: work, env: { ...env, CATALOG_IMPORT_WRITE_CODE_CACHE: codeCache } });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Fails the build unless a fresh `node`, tuned as the CLI's entry tunes it, has the loader give V8 the cache and
 * V8 take it: a cache that every user's V8 would refuse costs the whole gain and nothing else would report it.
 */
function checkCodeCacheUsed() {
  const probe = `import { applyHeapTuning } from ${JSON.stringify(pathToFileURL(join(out, 'cli', 'tune-heap.js')).href)};
applyHeapTuning(process.execArgv);
const { codeCache } = await import(${JSON.stringify(pathToFileURL(loader).href)});
process.stdout.write(codeCache);`;
  const use = runNode('the check that the cache is used', ['--input-type=module', '-e', probe], { cwd: root, env: {} });
  if (use !== 'used') throw new Error(`making the CLI's code cache: a fresh node does not use the cache it made (${use})`);
}

writeLoader(undefined);
makeCodeCache();
const { stampCodeCache } = await import(pathToFileURL(join(out, 'core', 'load-cached-bundle.js')).href);
writeLoader(stampCodeCache(readFileSync(bundle), readFileSync(codeCache)));
checkCodeCacheUsed();

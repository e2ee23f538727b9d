/**
 * Bundles the CLI (issue 39): `src/cli/main.ts` and every module of ours it loads, now or by
 * `await import()`, into a few files in `<out>/cli-bundle/` (the entry and its chunks; esbuild's
 * code splitting keeps each `import()` a chunk loaded when the command asks for it), and makes
 * `<out>/cli/main.js` (tsc's entry, the package's `bin`) load that bundle. A cached dry run loads
 * ~200 modules of ours; each costs the ES module loader a resolve, a file read and a compile, and
 * in one bundle those are a handful (docs/performance.md, "Start-up").
 *
 * Packages stay outside the bundle (they load from `node_modules` as before), but for yargs and the
 * packages it imports: every command loads them first, and as ~45 files of their own (each resolved
 * through its package's `exports`) they cost a cached dry run ~60–100 M instructions more than in
 * the bundle. yargs finds its locales beside its platform shim (`import.meta.url`), so there that
 * URL is the shim's own in the installed yargs (`import.meta.resolve`), which stays a dependency.
 * The files found beside a module of ours at run time (the translator's catalog, the sandbox's
 * reference data, the source worker, the code stamps of the kept mapping and settings) stay outside
 * too: in a module bundled here, `import.meta.url` is the URL of the module tsc wrote for it in
 * `<out>/`, so what it finds beside itself is what `dist/` has. The library (`<out>/index.js`) is
 * tsc's output, unchanged.
 *
 * Usage: node scripts/bundle-cli.mjs [out dir, default dist] [source root, default src]
 * Run after tsc has written the out dir.
 */
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';

const out = resolve(process.argv[2] ?? 'dist');
const sources = resolve(process.argv[3] ?? 'src');
const bundleDir = join(out, 'cli-bundle');

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

/** The packages bundled with our modules; what they import is bundled with them. */
const BUNDLED_PACKAGES = new Set(['yargs']);

/** A bare specifier's package name: `yargs/helpers` → `yargs`, `@scope/name/x` → `@scope/name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Keeps every package outside the bundle but yargs and whatever a bundled package imports. */
const bundledPackages = {
  name: 'bundled-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const fromPackage = /[\\/]node_modules[\\/]/.test(args.importer);
      return fromPackage || BUNDLED_PACKAGES.has(packageName(args.path)) ? undefined : { path: args.path, external: true };
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
      const url = "new URL('lib/platform-shims/esm.mjs', import.meta.resolve('yargs')).href";
      return { contents: text.replaceAll('import.meta.url', url), loader: 'js' };
    });
    build.onEnd((result) => {
      if (result.errors.length === 0 && !rewritten) throw new Error("yargs's platform shim (lib/platform-shims/esm.mjs) was not in the bundle: check how yargs finds its locales");
    });
  },
};

await build({
  entryPoints: { main: join(sources, 'cli', 'main.ts') },
  outdir: bundleDir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  plugins: [compiledModuleUrls, bundledPackages, yargsShimUrl],
  logLevel: 'warning',
});

const entry = join(out, 'cli', 'main.js');
const target = relative(dirname(entry), join(bundleDir, 'main.js')).split(sep).join('/');
writeFileSync(entry, `#!/usr/bin/env node\n// The CLI's bundle (scripts/bundle-cli.mjs); the sources' entry is src/cli/main.ts.\nimport './${target}';\n`);

/**
 * yargs, with its help layout loaded only when help is rendered (issue 39).
 *
 * `import yargs from 'yargs'` loads yargs's Node platform shim (`yargs/lib/platform-shims/esm.mjs`),
 * which imports the help layout at load: cliui and `string-width` (which builds an `Intl.Segmenter`,
 * starting ICU's segmentation, when it loads) with their ANSI and East Asian width helpers: about
 * half of what importing yargs costs, for every command, though only help text (`--help`, a usage
 * error) is laid out with them. yargs is built from its factory over the same shim here, the one
 * difference being that those two are loaded at their first call. Each part is taken from yargs's
 * own package and resolved from its folder, as its shim resolves them: the same files, the same
 * versions. They are loaded with `require`, which loads an ES module synchronously (Node 20.19+,
 * 22.12+, as `engines` asks), so the layout can load in the middle of yargs's synchronous help.
 */
import { notStrictEqual, strictEqual } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import type yargs from 'yargs';

/** The yargs function (`yargs(args)`), as `import yargs from 'yargs'` gives it. */
type YargsFactory = typeof yargs;

/** What a module loaded with `require` gives: the default export of an ES module, or a CommonJS module's exports. */
function defaultExportOf<T>(loaded: unknown): T {
  return (loaded !== null && typeof loaded === 'object' && 'default' in loaded ? loaded.default : loaded) as T;
}

let factory: YargsFactory | undefined;

/** yargs's shim's file (`yargs/lib/platform-shims/esm.mjs`), which its parts are resolved from. */
function locateYargsShim(): string {
  return join(dirname(createRequire(import.meta.url).resolve('yargs/package.json')), 'lib', 'platform-shims', 'esm.mjs');
}

/**
 * The arguments of the command line without the runtime and the script (`hideBin` of
 * `yargs/helpers`, which would load yargs's shim and so the help layout).
 */
export function hideBin(argv: readonly string[]): string[] {
  const { hideBin: hide } = createRequire(locateYargsShim())('../../build/lib/utils/process-argv.js') as { hideBin: (argv: readonly string[]) => string[] };
  return hide(argv);
}

/** The yargs function over a shim whose help layout loads at its first use; made once, as yargs's own module makes it. */
export function loadYargs(): YargsFactory {
  return (factory ??= createYargsFactory());
}

function createYargsFactory(): YargsFactory {
  // Resolved from yargs's own folder, as its shim's imports are.
  const yargsShimFile = locateYargsShim();
  const fromYargs = createRequire(yargsShimFile);
  const { YargsFactory } = fromYargs('../../build/lib/yargs-factory.js') as { YargsFactory: (shim: unknown) => YargsFactory };
  const { getProcessArgvBin } = fromYargs('../../build/lib/utils/process-argv.js') as { getProcessArgvBin: () => string };
  const getCallerFile = defaultExportOf<(position: number) => string>(fromYargs('get-caller-file'));
  const y18n = defaultExportOf<(options: { directory: string; updateFiles: boolean }) => unknown>(fromYargs('y18n'));
  type Cliui = (options: unknown) => unknown;
  type StringWidth = (text: string) => number;
  let cliui: Cliui | undefined;
  let stringWidth: StringWidth | undefined;
  const mainFilename = yargsShimFile.substring(0, yargsShimFile.lastIndexOf('node_modules'));
  const process = globalThis.process;
  return YargsFactory({
    assert: { notStrictEqual, strictEqual },
    cliui: (options: unknown) => (cliui ??= defaultExportOf<Cliui>(fromYargs('cliui')))(options),
    findUp: defaultExportOf(fromYargs('escalade/sync')),
    getEnv: (key: string) => process.env[key],
    inspect,
    getProcessArgvBin,
    mainFilename: mainFilename || process.cwd(),
    Parser: defaultExportOf(fromYargs('yargs-parser')),
    path: { basename, dirname, extname, relative, resolve, join },
    process: {
      argv: () => process.argv,
      cwd: process.cwd,
      emitWarning: (warning: string, type: string) => process.emitWarning(warning, type),
      execPath: () => process.execPath,
      // The CLI tells yargs never to exit (`exitProcess(false)`): only `main.ts` ends the process.
      exit: (code: number) => process.exit(code),
      nextTick: process.nextTick,
      stdColumns: typeof process.stdout.columns !== 'undefined' ? process.stdout.columns : null,
    },
    readFileSync,
    readdirSync,
    require: fromYargs,
    getCallerFile: () => {
      const callerFile = getCallerFile(3);
      return /^file:\/\//.test(callerFile) ? fileURLToPath(callerFile) : callerFile;
    },
    stringWidth: (text: string) => (stringWidth ??= defaultExportOf<StringWidth>(fromYargs('string-width')))(text),
    y18n: y18n({ directory: resolve(yargsShimFile, '../../../locales'), updateFiles: false }),
  });
}

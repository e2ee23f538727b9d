/**
 * Runs one bench script in a fresh Node process (so its peak memory is its own) and returns the
 * JSON of its `BENCH …` line. A failing child fails the benchmark with the end of its stderr.
 *
 * The scripts run compiled (`tsconfig.bench.json` → `bench/out/build/`), as the installed
 * `catalog-import` runs from `dist/`: under `--import tsx` every process would also carry tsx's
 * loader thread (about 30 MB of memory) and its start-up, which users never pay.
 */
import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
let compiled: Promise<void> | undefined;

/** Compiles `src` and `bench` once per benchmark run (incrementally: a second run takes seconds). */
function compileBench(): Promise<void> {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  // Then the CLI's bundle, as `npm run build` makes it for dist/ (scripts/bundle-cli.mjs): the start-up and assistant cases spawn the shipped bin.
  compiled ??= promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.bench.json'], { cwd: ROOT })
    .then(() => promisify(execFile)(process.execPath, ['scripts/bundle-cli.mjs', 'bench/out/build/src', 'src'], { cwd: ROOT }))
    .then(
    () => undefined,
    (error: Error & { stdout?: string; stderr?: string }) => {
      // tsc reports on stdout, scripts/bundle-cli.mjs on stderr (a cache-making run that failed, or a cache not used).
      throw new Error(`compiling the benchmark failed:\n${[error.stdout, error.stderr].filter(Boolean).join('\n') || error.message}`);
    },
  );
  return compiled;
}

/** Runs the compiled `bench/<script>` with `args`; resolves with the parsed result line. */
export async function spawnMeasurement<T>(script: string, args: readonly string[], options: { nodeOptions?: string[] } = {}): Promise<T> {
  await compileBench();
  const path = fileURLToPath(new URL(`./out/build/bench/${script.replace(/\.ts$/, '.js')}`, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeOptions ?? []), path, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const line = stdout.split('\n').find((l) => l.startsWith('BENCH '));
      if (code !== 0 || line === undefined) {
        reject(new Error(`${script} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${stderr}`));
        return;
      }
      resolve(JSON.parse(line.slice('BENCH '.length)) as T);
    });
  });
}

/**
 * Runs one bench script in a fresh Node process (so its peak memory is its own) and returns the
 * JSON of its `BENCH …` line. A failing child fails the benchmark with the end of its stderr.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Runs `bench/<script>` with `args` under tsx; resolves with the parsed result line. */
export function spawnMeasurement<T>(script: string, args: readonly string[], options: { nodeOptions?: string[] } = {}): Promise<T> {
  const path = fileURLToPath(new URL(`./${script}`, import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeOptions ?? []), '--import', 'tsx', path, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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

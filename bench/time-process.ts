/**
 * Times one process from spawn to exit, as a user waits for it: the start-up cases (issue 39) and the
 * mapping assistant's commands (issue 33) are measured this way. With `usage`, the process runs under
 * GNU time (`/usr/bin/time`, where present), which reads its CPU (user + system) and peak resident set
 * from the kernel at its exit; Node gives no resource usage of a child. Its own exec adds about a
 * millisecond, nothing beside a command that runs seconds, so the short start-up cases go without it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readClock } from './measure-support.js';

const GNU_TIME = '/usr/bin/time';

/** What one process cost; CPU and peak memory are NaN when they were not asked for or could not be read. */
export interface ProcessTiming {
  ms: number;
  cpuMs: number;
  peakRssBytes: number;
  stdout: string;
}

/** The environment for a measured command: the user's own settings must not reach it (a live base URL would make it talk to the service). */
export function createMeasuredEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CATALOG_')));
  env['NO_COLOR'] = '1';
  return env;
}

/** Runs `node args` to its end; resolves with its wall time (and, with `usage`, CPU and peak memory). A failed run rejects. */
export async function timeProcess(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; usage?: boolean } = {}): Promise<ProcessTiming> {
  const usageDir = options.usage === true && existsSync(GNU_TIME) ? await mkdtemp(join(tmpdir(), 'bench-usage-')) : undefined;
  const usageFile = usageDir === undefined ? undefined : join(usageDir, 'usage.txt');
  const [command, commandArgs] = usageFile === undefined ? [process.execPath, args] : [GNU_TIME, ['-f', '%U %S %M', '-o', usageFile, process.execPath, ...args]];
  try {
    const { ms, stdout } = await new Promise<{ ms: number; stdout: string }>((resolve, reject) => {
      const started = readClock();
      const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: options.env ?? createMeasuredEnv(), ...(options.cwd === undefined ? {} : { cwd: options.cwd }) });
      let out = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out = (out + chunk).slice(-20_000)));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
      child.once('error', reject);
      child.once('close', (code) => {
        if (code === 0) resolve({ ms: readClock() - started, stdout: out });
        else reject(new Error(`node ${args.join(' ')} exited ${code}:\n${stderr}`));
      });
    });
    const usage = usageFile === undefined ? undefined : (await readFile(usageFile, 'utf8')).trim().split('\n').pop()?.split(' ').map(Number);
    const [user = Number.NaN, system = Number.NaN, maxRssKb = Number.NaN] = usage ?? [];
    return { ms, cpuMs: (user + system) * 1000, peakRssBytes: maxRssKb * 1024, stdout };
  } finally {
    if (usageDir !== undefined) await rm(usageDir, { recursive: true, force: true });
  }
}

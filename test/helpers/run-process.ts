/**
 * Runs a child process without blocking the test worker. A synchronous spawn (`spawnSync`) holds
 * the worker's event loop for the child's whole life; on a loaded machine that can pass vitest's
 * fixed 60 s answer time for the worker's progress reports ("Timeout calling onTaskUpdate"), which
 * fails the run although every test passed.
 */
import { spawn, type SpawnOptions } from 'node:child_process';

/** What a finished child printed and how it ended. */
export interface ProcessResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `file` with `args` to its end (killed after `timeoutMs`, when given); never rejects for a non-zero exit. */
export function runProcess(file: string, args: readonly string[], options: SpawnOptions & { timeoutMs?: number } = {}): Promise<ProcessResult> {
  const { timeoutMs, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}

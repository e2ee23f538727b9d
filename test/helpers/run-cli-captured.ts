/**
 * Runs the CLI in-process with captured output, as `main.ts` would run it, so tests can assert on
 * the exit code and on everything the tool printed.
 */
import { runCli } from '../../src/cli/run-cli.js';

/** What one CLI invocation printed and returned. */
export interface CapturedRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of `runCliCaptured`. */
export interface RunCliCapturedOptions {
  /** Environment seen by the CLI (nothing from the real process is inherited). */
  env?: Record<string, string | undefined>;
  /** Working directory for relative paths. */
  cwd: string;
  signal?: AbortSignal;
}

/** Runs `catalog-import <args>` in this process and captures stdout and stderr. */
export async function runCliCaptured(args: string[], options: RunCliCapturedOptions): Promise<CapturedRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    isTty: false,
    env: options.env ?? {},
    cwd: options.cwd,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { code, stdout, stderr };
}

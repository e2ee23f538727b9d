/**
 * What every command handler gets: the process I/O, a way to set the exit code, and a factory for
 * the library's dependencies wired to the CLI's event printer.
 */
import type { Argv } from 'yargs';
import { createNodeDeps } from '../core/deps.js';
import type { Deps } from '../core/deps.js';
import { formatIssue } from '../core/issue.js';
import { isPipelineError } from '../core/errors.js';
import type { CliIo } from './cli-io.js';
import { createEventPrinter } from './cli-io.js';
import { exitCodeForError } from './exit-codes.js';

/** Shared by command handlers. */
export interface CommandContext {
  io: CliIo;
  setExitCode(code: number): void;
  /** Real dependencies with the CLI's event printer; call `done()` before printing results. */
  createDeps(mode: { json: boolean; quiet?: boolean }): { deps: Deps; done(): void };
  /** Prints a run-stopping error and sets its exit code; never a stack trace for our own errors. */
  reportError(error: unknown, json: boolean): void;
}

/** A command: registers itself on the yargs instance. */
export type CommandRegistrar = (y: Argv, ctx: CommandContext) => Argv;

/** Creates the context for one CLI run. */
export function createCommandContext(io: CliIo, setExitCode: (code: number) => void): CommandContext {
  return {
    io,
    setExitCode,
    createDeps(mode) {
      const printer = createEventPrinter(io, mode);
      const deps = createNodeDeps({
        env: io.env,
        cwd: io.cwd,
        onEvent: printer.onEvent,
        ...(io.signal ? { signal: io.signal } : {}),
      });
      return { deps, done: printer.done };
    },
    reportError(error, json) {
      const code = exitCodeForError(error);
      setExitCode(code);
      const message = describeError(error);
      if (json) io.stdout(`${JSON.stringify({ type: 'error', code: isPipelineError(error) ? error.code : 'INTERNAL', message, exitCode: code })}\n`);
      else io.stderr(`catalog-import: ${message}\n`);
    },
  };
}

function describeError(error: unknown): string {
  if (isPipelineError(error)) {
    const withIssues = error as { issues?: unknown };
    const issues = Array.isArray(withIssues.issues) ? (withIssues.issues as Parameters<typeof formatIssue>[0][]) : [];
    const lines = issues.slice(0, 50).map((issue) => `  - ${formatIssue(issue)}`);
    if (issues.length > 50) lines.push(`  … and ${issues.length - 50} more`);
    return lines.length ? `${error.message}\n${lines.join('\n')}` : error.message;
  }
  if (error instanceof Error) return `internal error: ${error.message}\n${error.stack ?? ''}`;
  return `internal error: ${String(error)}`;
}

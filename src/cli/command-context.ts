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
import { EXIT, exitCodeForError } from './exit-codes.js';
import { explainMissingNativeModule, isMissingNativeModule } from './explain-install-error.js';
import type { ServiceContext } from '../pipeline/open-service.js';
import type { Settings } from '../settings/settings-schema.js';
import { settingsFromArgv, type ServiceArgv } from './common-options.js';

/** Shared by command handlers. */
export interface CommandContext {
  io: CliIo;
  setExitCode(code: number): void;
  /** Real dependencies with the CLI's event printer; call `done()` before printing results. */
  createDeps(mode: { json: boolean; quiet?: boolean }): { deps: Deps; done(): void };
  /**
   * Prints a run-stopping error and sets its exit code. Our own errors are their message; an
   * unexpected one is one line (exit 70) with its stack only under `--debug`.
   */
  reportError(error: unknown, json: boolean): void;
  /**
   * The opening of a command that talks to the service and nothing else: dependencies, settings
   * from the flags, the service opened for `use` and closed after it, and a failure anywhere
   * reported as `reportError` does. `use` calls `done()` before it prints its results.
   */
  withOpenService(argv: ServiceArgv, mode: { json: boolean; quiet?: boolean }, use: (opened: OpenedServiceCommand) => Promise<void>): Promise<void>;
}

/** What `withOpenService` hands the command. */
export interface OpenedServiceCommand {
  service: ServiceContext;
  settings: Settings;
  deps: Deps;
  /** Ends the event printer: call it before printing results. */
  done(): void;
}

/** How the run was asked to report. */
export interface ContextOptions {
  /** `--debug`: print the stack of an unexpected error. */
  debug?: boolean;
}

/** A command: registers itself on the yargs instance. */
export type CommandRegistrar = (y: Argv, ctx: CommandContext) => Argv;

/** Creates the context for one CLI run. */
export function createCommandContext(io: CliIo, setExitCode: (code: number) => void, options: ContextOptions = {}): CommandContext {
  const context: CommandContext = {
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
      const installProblem = isMissingNativeModule(error);
      const code = installProblem ? EXIT.badInput : exitCodeForError(error);
      setExitCode(code);
      const message = installProblem ? explainMissingNativeModule(error) : describeError(error);
      const stack = options.debug && error instanceof Error ? error.stack : undefined;
      if (json) {
        io.stdout(`${JSON.stringify({ type: 'error', code: installProblem ? 'INSTALL_INCOMPLETE' : isPipelineError(error) ? error.code : 'INTERNAL', message, exitCode: code })}\n`);
        if (stack) io.stderr(`${stack}\n`);
      } else io.stderr(`catalog-import: ${message}\n${stack ? `${stack}\n` : ''}`);
    },
    async withOpenService(argv, mode, use) {
      const { deps, done } = context.createDeps(mode);
      try {
        const { settings } = await settingsFromArgv(argv, io);
        // Loaded here, not at start: it brings the client and the sandbox (issue 39).
        const { openService } = await import('../pipeline/open-service.js');
        const service = await openService(settings, deps);
        try {
          await use({ service, settings, deps, done });
        } finally {
          await service.close();
        }
      } catch (error) {
        done();
        context.reportError(error, mode.json);
      }
    },
  };
  return context;
}

/** The one line of an unexpected error: what it says, and how to see more. */
export function describeInternalError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return `internal error: ${text.split('\n')[0] ?? ''}; run again with --debug for details`;
}

function describeError(error: unknown): string {
  if (isPipelineError(error)) {
    const withIssues = error as { issues?: unknown };
    const issues = Array.isArray(withIssues.issues) ? (withIssues.issues as Parameters<typeof formatIssue>[0][]) : [];
    const lines = issues.slice(0, 50).map((issue) => `  - ${formatIssue(issue)}`);
    if (issues.length > 50) lines.push(`  … and ${issues.length - 50} more`);
    return lines.length ? `${error.message}\n${lines.join('\n')}` : error.message;
  }
  return describeInternalError(error);
}

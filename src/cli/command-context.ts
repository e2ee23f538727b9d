/**
 * What every command handler gets: the process I/O, a way to set the exit code, and a factory for
 * the library's dependencies wired to the CLI's event printer.
 */
import type { Argv } from 'yargs';
import { createNodeDeps } from '../core/deps.js';
import type { Deps } from '../core/deps.js';
import { formatIssueLine, type Issue } from '../core/issue.js';
import { isPipelineError } from '../core/errors.js';
import type { CliIo } from './cli-io.js';
import { createEventPrinter } from './cli-io.js';
import { EXIT, exitCodeForError } from './exit-codes.js';
import { explainMissingNativeModule, isMissingNativeModule } from './explain-install-error.js';
import type { ServiceContext } from '../pipeline/open-service.js';
import type { Settings } from '../settings/settings-schema.js';
import { settingsFromArgv, type ServiceArgv } from './common-options.js';
import type { ResolvedSettings } from '../settings/resolve-settings.js';
import { createTranslator } from '../i18n/create-translator.js';
import type { MessageData, Translator } from '../i18n/create-translator.js';
import { chooseRunLanguage } from './run-language.js';

/** Shared by command handlers. */
export interface CommandContext {
  io: CliIo;
  setExitCode(code: number): void;
  /**
   * The run's translator: the language of `--lang`, `CATALOG_LANG`, the settings file or the
   * locale (`run-language.ts`). Asked for each text, not kept: the settings file may change it
   * once the handler has read it.
   */
  translator(): Translator;
  /** A help text of the catalog (command and option descriptions); empty for a completion request, which loads no catalog. */
  describe(key: string, data?: MessageData): string;
  /** Real dependencies with the CLI's event printer; call `done()` before printing results. */
  createDeps(mode: { json: boolean; quiet?: boolean }): { deps: Deps; done(): void };
  /**
   * Prints a run-stopping error and sets its exit code. Our own errors are their message; an
   * unexpected one is one line (exit 70) with its stack only under `--debug`.
   */
  reportError(error: unknown, json: boolean): void;
  /**
   * The opening of every command that runs on settings: dependencies, settings from the flags
   * (with `mode.flags`, the command's own), and a failure anywhere reported as `reportError` does.
   * `use` calls `done()` before it prints its results.
   */
  withSettings(argv: ServiceArgv, mode: CommandMode, use: (opened: SettingsCommand) => Promise<void>): Promise<void>;
  /** `withSettings` with the service opened for `use` and closed after it. */
  withOpenService(argv: ServiceArgv, mode: CommandMode, use: (opened: OpenedServiceCommand) => Promise<void>): Promise<void>;
}

/** How a command prints: `json` for its results and errors (`jsonErrors` when its errors differ), `quiet` for progress; and its own settings flags. */
interface CommandMode {
  json: boolean;
  quiet?: boolean;
  jsonErrors?: boolean;
  flags?: Partial<Record<keyof Settings, unknown>>;
}

/** What `withSettings` hands the command. */
interface SettingsCommand {
  /** The settings with where each came from. */
  resolved: ResolvedSettings;
  settings: Settings;
  deps: Deps;
  /** Ends the event printer: call it before printing results. */
  done(): void;
}

/** What `withOpenService` hands the command. */
interface OpenedServiceCommand extends SettingsCommand {
  service: ServiceContext;
}

/** How the run was asked to report. */
interface ContextOptions {
  /** `--debug`: print the stack of an unexpected error. */
  debug?: boolean;
  /** The command line as typed: `--lang` is read from it until the settings are resolved. */
  args?: readonly string[];
  /** A completion request: no help text is shown, so no catalog is read. */
  completion?: boolean;
}

/** A command: registers itself on the yargs instance. */
export type CommandRegistrar = (y: Argv, ctx: CommandContext) => Argv;

/** Creates the context for one CLI run. */
export function createCommandContext(io: CliIo, setExitCode: (code: number) => void, options: ContextOptions = {}): CommandContext {
  const args = options.args ?? [];
  const context: CommandContext = {
    io,
    setExitCode,
    translator: () => createTranslator(chooseRunLanguage(io, args)),
    describe: (key, data) => (options.completion === true ? '' : context.translator().translate(key, data)),
    createDeps(mode) {
      const printer = createEventPrinter(io, { ...mode, getTranslator: context.translator });
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
      // `--json` is language-neutral: its message is English.
      const translator = json ? createTranslator('en') : context.translator();
      const message = installProblem ? explainMissingNativeModule(error, translator) : describeError(error, translator);
      const stack = options.debug && error instanceof Error ? error.stack : undefined;
      if (json) {
        io.stdout(`${JSON.stringify({ type: 'error', code: installProblem ? 'INSTALL_INCOMPLETE' : isPipelineError(error) ? error.code : 'INTERNAL', message, exitCode: code })}\n`);
        if (stack) io.stderr(`${stack}\n`);
      } else io.stderr(`catalog-import: ${message}\n${stack ? `${stack}\n` : ''}`);
    },
    async withSettings(argv, mode, use) {
      const { deps, done } = context.createDeps(mode);
      try {
        const resolved = await settingsFromArgv(argv, io, mode.flags);
        await use({ resolved, settings: resolved.settings, deps, done });
      } catch (error) {
        done();
        context.reportError(error, mode.jsonErrors ?? mode.json);
      }
    },
    withOpenService: (argv, mode, use) =>
      context.withSettings(argv, mode, async (opened) => {
        // Loaded here, not at start: it brings the client and the sandbox (issue 39).
        const { openService } = await import('../pipeline/open-service.js');
        const service = await openService(opened.settings, opened.deps);
        try {
          await use({ ...opened, service });
        } finally {
          await service.close();
        }
      }),
  };
  return context;
}

/**
 * The one line of an unexpected error: what it says, and how to see more. In English unless a
 * translator is given: `main.ts` calls it for an error that escaped the run, with no catalog read.
 */
export function describeInternalError(error: unknown, translator?: Translator): string {
  const text = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  return translator === undefined ? `internal error: ${text}; run again with --debug for details` : translator.translate('error.internal', { message: text });
}

/** A run-stopping error as a person reads it: its message, the issues it carries, the framing words in the run's language (`--json`: English, language-neutral). */
function describeError(error: unknown, translator: Translator): string {
  if (isPipelineError(error)) {
    const withIssues = error as { issues?: unknown };
    const issues = Array.isArray(withIssues.issues) ? (withIssues.issues as Issue[]) : [];
    const lines = issues.slice(0, 50).map((issue) => `  - ${formatIssueLine(issue, translator)}`);
    if (issues.length > 50) {
      lines.push(`  ${translator.translate('list.more', { count: issues.length - 50 })}`);
    }
    if (lines.length === 0) return error.message;
    // The issues are listed in the run's language below: of the message, only its heading (a
    // settings error's message repeats them in English), in that language when the catalog has it.
    return `${describeErrorHeading(error.code, error.message, issues, translator)}\n${lines.join('\n')}`;
  }
  return describeInternalError(error, translator);
}

/** The codes whose catalog heading names the file the issues are of (`{file}`). */
const HEADINGS_NAMING_THE_FILE: readonly string[] = ['MAPPING_INVALID'];

/**
 * The heading of a run-stopping error above its issues: the catalog's for its code, given the
 * issues' count and the one file they name (a heading that names the file is used only when they
 * name one), else the message's first line as the error wrote it.
 */
function describeErrorHeading(code: string, message: string, issues: Issue[], translator: Translator): string {
  const key = `error.heading.${code}`;
  const files = new Set(issues.map((issue) => issue.file));
  const file = files.size === 1 ? [...files][0] : undefined;
  const needsFile = HEADINGS_NAMING_THE_FILE.includes(code);
  if (translator.has(key) && (file !== undefined || !needsFile)) return translator.translate(key, { count: issues.length, ...(file === undefined ? {} : { file }) });
  return message.split('\n')[0] ?? message;
}

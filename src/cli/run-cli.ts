/**
 * Builds the yargs CLI over the library and runs one invocation. Returns the exit code instead of
 * exiting, so tests can run the CLI in-process; only `main.ts` exits.
 *
 * A mistake in the command line must stop before anything runs. yargs, told not to exit, still
 * calls the command's handler after reporting a failed validation; so the `fail` hook throws a
 * `UsageError` instead, which unwinds yargs's validation before it reaches the handler. Checks
 * yargs does not make (a number that is not one, an option given without its value) are a global
 * `check`, so they fail the same way for every command, including commands added later.
 */
import yargs from 'yargs';
import type { Argv } from 'yargs';
import type { CliIo } from './cli-io.js';
import { markStandardInput, terminalWidth } from './cli-io.js';
import { createCommandContext } from './command-context.js';
import type { CommandRegistrar } from './command-context.js';
import { COMMANDS } from './commands/index.js';
import { EXIT } from './exit-codes.js';
import { wantsJsonOutput } from './render-signal-notice.js';
import { UsageError, buildUsageError } from './usage-error.js';
import { TOOL_VERSION } from '../core/version.js';

/** Help is wrapped to the terminal, but not wider than this: long lines are hard to read. */
const MAX_HELP_WIDTH = 120;

/** Runs the CLI with the given arguments (without `node` and the script). */
export async function runCli(typedArgs: string[], io: CliIo, commands: readonly CommandRegistrar[] = COMMANDS): Promise<number> {
  const args = markStandardInput(typedArgs);
  let exitCode: number = EXIT.ok;
  const ctx = createCommandContext(
    io,
    (code) => {
      exitCode = code;
    },
    { debug: wantsDebug(args) },
  );
  const cli = buildCli(args, io);
  skipHelpBeforeHandlers(cli);
  let configured: Argv = cli;
  for (const register of commands) configured = register(configured, ctx);

  try {
    await configured.parseAsync(args, {}, (_error, _argv, output) => {
      // Help, version and completion text; a failure never gets here (the fail hook throws).
      if (output) io.stdout(`${output}\n`);
    });
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`catalog-import: ${error.message}\n${error.usage}\n`);
      // A script reading --json output gets the same ending line as for any other run-stopping error.
      if (wantsJsonOutput(args)) io.stdout(`${JSON.stringify({ type: 'error', code: 'USAGE', message: error.message, exitCode: EXIT.badInput })}\n`);
      return EXIT.badInput;
    }
    // Thrown past a handler: reported like a handler's own error, in the output format asked for.
    ctx.reportError(error, wantsJsonOutput(args));
    return exitCode === EXIT.ok ? EXIT.internal : exitCode;
  }
  return exitCode;
}

/** The tool-wide part of the CLI: options, help, version, completion and the failure hook. */
function buildCli(args: string[], io: CliIo): Argv {
  const cli: Argv = yargs(args)
    .scriptName('catalog-import')
    .usage('$0 <command> [options]\n\nBulk-upload a product catalog from XLSX/CSV into the Seller Catalog Service.')
    .exitProcess(false)
    .strict()
    .recommendCommands()
    .demandCommand(1, 'name a command')
    .version(TOOL_VERSION)
    .alias('v', 'version')
    .help()
    .alias('h', 'help')
    .option('debug', { type: 'boolean', global: true, describe: 'On an internal error, print its stack trace (to report it)' })
    .completion('completion', 'Print a bash/zsh completion script: catalog-import completion >> ~/.bashrc', completeWithoutStrays)
    .wrap(Math.min(MAX_HELP_WIDTH, terminalWidth(io)))
    .epilogue(
      'Exit codes: 0 all accepted/valid, 1 some rows invalid or rejected, 2 bad invocation, settings, mapping or file (nothing sent), 3 service unusable, 4 local state unusable, 70 internal error, 130 interrupted. Docs: docs/cli.md',
    )
    .check((argv) => checkValues(argv, cli), true)
    .fail((message, error) => {
      // A check that threw hands its error; anything else is a message from yargs's validation.
      throw buildUsageError(message ?? error?.message ?? 'invalid command line', {
        help: renderHelpNow(cli),
        demandedOptions: Object.keys(internals(cli).getDemandedOptions()),
        knownOptions: listKnownOptions(cli),
        args,
      });
    });
  return cli;
}

/**
 * yargs offers a one-letter alias with two dashes after `--` (`--m` for `-m`), which the tool
 * does not accept as written; the long name is offered already.
 */
export function dropDoubleDashLetters(completions: readonly string[]): string[] {
  return completions.filter((completion) => !/^--[^-](?:[:\t]|$)/.test(completion));
}

/** yargs's completion function with a default and a callback (the form its types do not declare). */
function completeWithoutStrays(
  _current: string,
  _argv: unknown,
  completeByDefault: (onCompleted: (error: Error | null, completions: string[] | undefined) => void) => void,
  done: (completions: string[]) => void,
): void {
  completeByDefault((_error, completions) => done(dropDoubleDashLetters(completions ?? [])));
}

/** `--debug` anywhere before `--`; read before parsing so an error in parsing is covered too. */
function wantsDebug(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--debug' || arg === '--debug=true');
}

/** Values yargs accepts but a handler could not use: a number that is not one, an option left without its value. */
function checkValues(argv: Record<string, unknown>, cli: Argv): true {
  const options = internals(cli).getOptions();
  const flag = (name: string): string => {
    if (new RegExp(`<${name}(\\.\\.)?>`).test(renderHelpNow(cli).split('\n')[0] ?? '')) return `<${name}>`;
    return name.length === 1 ? `-${name}` : `--${name}`;
  };
  for (const name of options.number) {
    const value = argv[name];
    if (value === undefined && Object.hasOwn(argv, name)) throw new Error(`${flag(name)} needs a value`);
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'number' && Number.isNaN(v))) throw new Error(`${flag(name)} takes a number`);
  }
  for (const name of options.string) {
    if (argv[name] === '' && !/[A-Z]/.test(name)) throw new Error(`${flag(name)} needs a value`);
  }
  return true;
}

/** The parts of yargs 18 used here that its published types do not declare; they describe the command being parsed. */
interface YargsInternals {
  getOptions(): { number: string[]; string: string[]; key: Record<string, unknown> };
  getDemandedOptions(): Record<string, unknown>;
  getInternalMethods(): { getUsageInstance(): { help(): string; cacheHelpMessage(): void } };
}

function internals(cli: Argv): YargsInternals {
  return cli as unknown as YargsInternals;
}

/**
 * yargs renders a command's whole help just before running its handler, in case the handler then
 * asks for it; no handler here does (a usage error is thrown by the fail hook before any handler,
 * and renders its help then). That rendering was ~6 % of the CPU of a dry run (issue 39).
 */
function skipHelpBeforeHandlers(cli: Argv): void {
  internals(cli).getInternalMethods().getUsageInstance().cacheHelpMessage = () => undefined;
}

function renderHelpNow(cli: Argv): string {
  return internals(cli).getInternalMethods().getUsageInstance().help();
}

function listKnownOptions(cli: Argv): string[] {
  return Object.keys(internals(cli).getOptions().key).filter((name) => !/[A-Z]/.test(name));
}

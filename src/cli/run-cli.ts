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
import type { CommandContext, CommandRegistrar } from './command-context.js';
import { COMMANDS } from './commands/index.js';
import { EXIT } from './exit-codes.js';
import { wantsJsonOutput } from './render-signal-notice.js';
import { NAME_A_COMMAND, UsageError, UsageProblem, buildUsageError } from './usage-error.js';
import { TOOL_VERSION } from '../core/version.js';
import { withLanguageOption } from './common-options.js';
import { chooseRunLanguage } from './run-language.js';
import { setYargsLocale } from '../i18n/set-yargs-locale.js';

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
    { debug: wantsDebug(args), args, completion: isCompletionRequest(args) },
  );
  const cli = buildCli(args, io, ctx);
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
      io.stderr(`catalog-import: ${error.localMessage ?? error.message}\n${error.usage}\n`);
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

/**
 * The tool-wide part of the CLI: options, help, version, completion and the failure hook. yargs
 * parses in English (the usage errors reword its English messages, then translate them) and
 * renders help in the run's language: from the start when help is asked for, else only when a
 * usage error shows it.
 */
function buildCli(args: string[], io: CliIo, ctx: CommandContext): Argv {
  const language = () => chooseRunLanguage(io, args);
  const cli: Argv = yargs(args)
    .scriptName('catalog-import')
    .usage(`$0 <command> [options]\n\n${ctx.describe('help.tool')}`)
    .exitProcess(false)
    .strict()
    .recommendCommands()
    .demandCommand(1, NAME_A_COMMAND)
    .version(TOOL_VERSION)
    .alias('v', 'version')
    .help()
    .alias('h', 'help')
    .option('debug', { type: 'boolean', global: true, describe: ctx.describe('help.option.debug') })
    .completion('completion', ctx.describe('help.command.completion'), completeWithoutStrays)
    .wrap(Math.min(MAX_HELP_WIDTH, terminalWidth(io)))
    .epilogue(ctx.describe('help.epilogue'))
    .check((argv) => checkValues(argv, cli), true)
    .fail((message, error) => {
      // A check that threw hands its error; anything else is a message from yargs's validation.
      // The help's structure is read in English (yargs parses in English), and shown in the run's language.
      const help = renderHelpNow(cli);
      setYargsLocale(cli, language());
      throw buildUsageError(message ?? error?.message ?? 'invalid command line', {
        translator: ctx.translator(),
        help,
        localHelp: renderHelpNow(cli),
        demandedOptions: Object.keys(internals(cli).getDemandedOptions()),
        knownOptions: listKnownOptions(cli),
        args,
      }, error);
    });
  withLanguageOption(cli, ctx.describe('help.option.lang'));
  setYargsLocale(cli, wantsHelp(args) ? language() : 'en');
  return cli;
}

/** `--help` or `-h` before `--`: help is rendered while parsing, so yargs speaks the run's language from the start. */
function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** A shell asking for completions (or for the completion script): nothing a person reads in a language. */
function isCompletionRequest(args: readonly string[]): boolean {
  return args[0] === 'completion' || args.includes('--get-yargs-completions');
}

/**
 * yargs offers a one-letter alias with two dashes after `--` (`--m` for `-m`), which the tool
 * does not accept as written; the long name is offered already.
 */
function dropDoubleDashLetters(completions: readonly string[]): string[] {
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
    if (value === undefined && Object.hasOwn(argv, name)) throw new UsageProblem('usage.needs_value', { flag: flag(name) });
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'number' && Number.isNaN(v))) throw new UsageProblem('usage.takes_number', { flag: flag(name) });
  }
  for (const name of options.string) {
    if (argv[name] === '' && !/[A-Z]/.test(name)) throw new UsageProblem('usage.needs_value', { flag: flag(name) });
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

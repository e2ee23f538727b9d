/**
 * Builds the yargs CLI over the library and runs one invocation. Returns the exit code instead of
 * exiting, so tests can run the CLI in-process; only `main.ts` exits.
 */
import yargs from 'yargs';
import type { CliIo } from './cli-io.js';
import { createCommandContext } from './command-context.js';
import type { CommandRegistrar } from './command-context.js';
import { COMMANDS } from './commands/index.js';
import { EXIT } from './exit-codes.js';
import { TOOL_VERSION } from '../core/version.js';

/** Runs the CLI with the given arguments (without `node` and the script). */
export async function runCli(args: string[], io: CliIo, commands: readonly CommandRegistrar[] = COMMANDS): Promise<number> {
  let exitCode: number = EXIT.ok;
  let usageError = false;
  const ctx = createCommandContext(io, (code) => {
    exitCode = code;
  });

  let cli = yargs(args)
    .scriptName('catalog-import')
    .usage('$0 <command> [options]\n\nBulk-upload a product catalog from XLSX/CSV into the Seller Catalog Service.')
    .exitProcess(false)
    .strict()
    .recommendCommands()
    .demandCommand(1, 'Name a command; see the list above.')
    .version(TOOL_VERSION)
    .help()
    .alias('h', 'help')
    .wrap(Math.min(110, 110))
    .epilogue('Exit codes: 0 all accepted/valid, 1 some rows invalid or rejected, 2 bad invocation, mapping or file, 3 service unusable. Docs: docs/cli.md')
    .fail((message, error) => {
      // Handlers catch their own errors; what reaches here is an argument error.
      usageError = true;
      if (error) throw error;
      io.stderr(`catalog-import: ${message}\nRun with --help for usage.\n`);
    });
  for (const register of commands) cli = register(cli, ctx);

  try {
    await new Promise<void>((resolve, reject) => {
      cli
        .parseAsync(args, {}, (error, _argv, output) => {
          if (output) (error ? io.stderr : io.stdout)(`${output}\n`);
          if (error && !usageError) reject(error);
        })
        .then(() => resolve(), reject);
    });
  } catch (error) {
    if (!usageError) {
      ctx.reportError(error, false);
      return exitCode === EXIT.ok ? EXIT.serviceUnusable : exitCode;
    }
  }
  return usageError ? EXIT.badInput : exitCode;
}

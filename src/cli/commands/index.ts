/**
 * Every CLI command, in the order `--help` lists them. A command module holds its options and its
 * renderers; what it runs (pipeline, client, sandbox, SQLite, readers) it imports in its handler,
 * so that start-up, `--help` and completion load only this table (test/cli/startup-modules.test.ts).
 */
import type { CommandRegistrar } from '../command-context.js';
import { registerImportCommand, registerValidateCommand } from './data-commands.js';
import { registerDirectoriesCommand } from './directories-command.js';
import { registerDoctorCommand } from './doctor-command.js';
import { registerExportCommand } from './export-command.js';
import { registerMappingCommand } from './mapping-command.js';
import { registerProductsCommand } from './products-command.js';
import { registerReconcileCommand } from './reconcile-command.js';
import { registerRunsCommand } from './runs-command.js';
import { registerSandboxCommand } from './sandbox-command.js';
import { registerWatchCommand } from './watch-command.js';

/** The commands. */
export const COMMANDS: readonly CommandRegistrar[] = [
  registerImportCommand,
  registerValidateCommand,
  registerRunsCommand,
  registerReconcileCommand,
  registerWatchCommand,
  registerExportCommand,
  registerProductsCommand,
  registerDirectoriesCommand,
  registerMappingCommand,
  registerSandboxCommand,
  registerDoctorCommand,
];

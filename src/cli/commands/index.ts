/**
 * Every CLI command, in the order `--help` lists them.
 */
import type { CommandRegistrar } from '../command-context.js';
import { registerImportCommand, registerValidateCommand } from './data-commands.js';
import { registerProductsCommand } from './products-command.js';
import { registerReconcileCommand } from './reconcile-command.js';
import { registerRunsCommand } from './runs-command.js';
import { registerSandboxCommand } from './sandbox-command.js';

/** The commands. */
export const COMMANDS: readonly CommandRegistrar[] = [
  registerImportCommand,
  registerValidateCommand,
  registerRunsCommand,
  registerReconcileCommand,
  registerProductsCommand,
  registerSandboxCommand,
];

/**
 * Every CLI command, in the order `--help` lists them.
 */
import type { CommandRegistrar } from '../command-context.js';
import { registerSandboxCommand } from './sandbox-command.js';

/** The commands. */
export const COMMANDS: readonly CommandRegistrar[] = [registerSandboxCommand];

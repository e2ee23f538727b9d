#!/usr/bin/env node
/**
 * The CLI entry: builds the real process I/O, runs the command, and is the only place that exits.
 */
import { hideBin } from 'yargs/helpers';
import { AbortedError } from '../core/errors.js';
import { describeInternalError } from './command-context.js';
import { renderSignalNotice } from './render-signal-notice.js';
import { runCli } from './run-cli.js';
import { applyHeapTuning } from './tune-heap.js';

applyHeapTuning(process.execArgv);

const args = hideBin(process.argv);
const controller = new AbortController();
let stops = 0;
const onSignal = (signal: NodeJS.Signals): void => {
  stops += 1;
  if (stops > 1) process.exit(130);
  process.stderr.write(renderSignalNotice(signal, args, new Date()));
  // The stop itself, not a failure: every wait it cuts short rejects with it (exit 130, state kept).
  controller.abort(new AbortedError(`stopped by ${signal}; the state is kept: run the same command again to continue`));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

// An error escaping every handler (a bug in a callback, a promise nobody awaited) is still an
// internal error: one line and exit 70, as README.md says, not Node's stack dump and exit 1.
const debug = args.includes('--debug');
const onEscaped = (error: unknown): void => {
  process.stderr.write(`catalog-import: ${describeInternalError(error)}\n${debug && error instanceof Error ? `${error.stack ?? ''}\n` : ''}`);
  process.exit(70);
};
process.on('uncaughtException', onEscaped);
process.on('unhandledRejection', onEscaped);

const code = await runCli(args, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTty: Boolean(process.stderr.isTTY),
  stdoutIsTty: Boolean(process.stdout.isTTY),
  // A getter: the terminal may be resized during a long run.
  get columns() {
    return process.stdout.columns ?? process.stderr.columns;
  },
  env: process.env,
  cwd: process.cwd(),
  stdin: () => process.stdin,
  signal: controller.signal,
  waitForStop: () =>
    new Promise<void>((resolve) => {
      if (controller.signal.aborted) resolve();
      else controller.signal.addEventListener('abort', () => resolve(), { once: true });
    }),
});
process.exitCode = code;

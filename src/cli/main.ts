#!/usr/bin/env node
/**
 * The CLI entry: builds the real process I/O, runs the command, and is the only place that exits.
 */
import { hideBin } from 'yargs/helpers';
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
  controller.abort(new Error(signal));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

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
  signal: controller.signal,
  waitForStop: () =>
    new Promise<void>((resolve) => {
      if (controller.signal.aborted) resolve();
      else controller.signal.addEventListener('abort', () => resolve(), { once: true });
    }),
});
process.exitCode = code;

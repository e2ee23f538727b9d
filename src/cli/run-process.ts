/**
 * The CLI's process: the real process I/O around `runCli`, signals, escaped errors, the exit code.
 * Loaded by the entry (`main.ts`) for every command but a lone `--version`. In the built package this
 * module and everything it loads are one CommonJS bundle compiled with V8's code cache
 * (scripts/bundle-cli.mjs, issue 39); from the sources it is an ES module like any other.
 */
import { hideBin } from 'yargs/helpers';
import { AbortedError } from '../core/errors.js';
import { describeInternalError } from './command-context.js';
import { EXIT } from './exit-codes.js';
import { renderSignalNotice } from './render-signal-notice.js';
import { runCli } from './run-cli.js';
import { watchClosedOutput } from './watch-closed-output.js';

/** Runs the command named by the arguments with the real process I/O; sets the exit code. */
export async function runProcess(): Promise<void> {
  const args = hideBin(process.argv);
  const controller = new AbortController();
  let stops = 0;
  let stoppedBySignal = false;
  // A reader that goes away (`… | head -1`) stops the run as Ctrl-C does: it ends by its own paths
  // (scratch files removed, the run recorded as interrupted), silently, as a tool killed by SIGPIPE
  // would; exit 141 (128 + SIGPIPE), unless a signal stopped it first.
  const output = watchClosedOutput(
    process,
    (name) => controller.abort(new AbortedError(`stopped: the reader of its ${name} went away; the state is kept: run the same command again to continue`)),
    (error) => onEscaped(error),
  );
  const onSignal = (signal: NodeJS.Signals): void => {
    stops += 1;
    stoppedBySignal ||= !controller.signal.aborted;
    if (stops > 1) process.exit(EXIT.interrupted);
    output.stderr(renderSignalNotice(signal, args, new Date(), process.env));
    // The stop itself, not a failure: every wait it cuts short rejects with it (exit 130, state kept).
    controller.abort(new AbortedError(`stopped by ${signal}; the state is kept: run the same command again to continue`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // An error escaping every handler (a bug in a callback, a promise nobody awaited) is still an
  // internal error: one line and exit 70, as README.md says, not Node's stack dump and exit 1.
  const debug = args.includes('--debug');
  const onEscaped = (error: unknown): void => {
    output.stderr(`catalog-import: ${describeInternalError(error)}\n${debug && error instanceof Error ? `${error.stack ?? ''}\n` : ''}`);
    process.exit(EXIT.internal);
  };
  process.on('uncaughtException', onEscaped);
  process.on('unhandledRejection', onEscaped);

  const code = await runCli(args, {
    stdout: output.stdout,
    stderr: output.stderr,
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
  process.exitCode = output.closed() !== undefined && !stoppedBySignal ? EXIT.outputClosed : code;
  // Once nothing is left to run (no write, timer or handle pending: that is when `beforeExit` comes),
  // exit at once instead of letting Node tear the heap and the environment down first: after a dry
  // run that teardown (~100 MB of heap, the compiler threads' last jobs) took 10–30 ms of wall time
  // between the last line and the process's end (issue 39, docs/history/performance-rounds.md). What the run must
  // leave behind is already done: the state store is closed by the command, the report renamed.
  process.once('beforeExit', () => process.exit());
}

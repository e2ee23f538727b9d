#!/usr/bin/env node
/**
 * The CLI entry: builds the real process I/O, runs the command, and is the only place that exits.
 *
 * `catalog-import --version` (or `-v`) alone is answered before anything else loads: it is what
 * scripts and shells run to see the tool is there, and yargs with the command table costs more than
 * the answer (issue 39). The text is the one yargs prints for it, `TOOL_VERSION` and a newline.
 * Everything else loads the CLI through `import()`.
 *
 * Where Node keeps compiled code between runs (`module.enableCompileCache`, Node 22+), the CLI asks
 * for it: compiling our modules is the largest single cost of a small dry run (docs/history/performance-rounds.md, "Start-up (issue 39)").
 * Node 20 has no such cache; the call is then absent and skipped.
 */
import nodeModule from 'node:module';
import { TOOL_VERSION } from '../core/version.js';

(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const given = process.argv.slice(2);
if (given.length === 1 && (given[0] === '--version' || given[0] === '-v')) process.stdout.write(`${TOOL_VERSION}\n`);
else await runProcess();

/** Runs the command named by the arguments with the real process I/O; sets the exit code. */
async function runProcess(): Promise<void> {
  const [{ hideBin }, { AbortedError }, { describeInternalError }, { renderSignalNotice }, { runCli }, { applyHeapTuning }, { watchClosedOutput }, { EXIT }] = await Promise.all([
    import('yargs/helpers'),
    import('../core/errors.js'),
    import('./command-context.js'),
    import('./render-signal-notice.js'),
    import('./run-cli.js'),
    import('./tune-heap.js'),
    import('./watch-closed-output.js'),
    import('./exit-codes.js'),
  ]);

  applyHeapTuning(process.execArgv);

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

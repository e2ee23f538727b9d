/**
 * What the CLI writes to the process's stdout and stderr, and what it does when the reader of one
 * goes away: `catalog-import validate … | head -1` closes the pipe after a line.
 *
 * Node ignores SIGPIPE, so a write into a closed pipe fails with EPIPE, and the stream emits it as
 * an `'error'` a tick later. Nobody listened for it: it escaped as an uncaught exception, and the
 * process exited 70 at once, past every `finally` of the run — its scratch files left in the state
 * directory, the run recorded as still `running`. Here the reader going away is a stop, as Ctrl-C
 * is: `onClosed` is called (once) and the run ends by its own paths, cleaning up; nothing more is
 * written to that stream. Another write error (a full disk under a redirected stdout) is handed to
 * `onOtherError`, the CLI's escaped-error path, as before.
 */

/** The process's two output streams. */
export type OutputName = 'stdout' | 'stderr';

/** The part of a writable stream watched here (`process.stdout`, `process.stderr`). */
interface OutputStream {
  write(text: string): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** The CLI's writers over the process's streams. */
export interface ProcessOutput {
  /** Writes to stdout, unless its reader went away. */
  stdout(text: string): void;
  /** Writes to stderr, unless its reader went away. */
  stderr(text: string): void;
  /** The stream whose reader went away first; undefined while both are read. */
  closed(): OutputName | undefined;
}

/** Error codes of a write that mean the reader went away: the pipe's (or socket's) other end is closed. */
const READER_GONE: ReadonlySet<string> = new Set(['EPIPE']);

/** Watches `streams` for their reader going away; returns the writers the CLI uses. */
export function watchClosedOutput(
  streams: Record<OutputName, OutputStream>,
  onClosed: (name: OutputName) => void,
  onOtherError: (error: Error) => void,
): ProcessOutput {
  const gone = new Set<OutputName>();
  let first: OutputName | undefined;
  const watch = (name: OutputName): void => {
    streams[name].on('error', (error) => {
      if (!READER_GONE.has((error as NodeJS.ErrnoException).code ?? '')) {
        onOtherError(error);
        return;
      }
      if (gone.has(name)) return;
      gone.add(name);
      const isFirst = first === undefined;
      first ??= name;
      if (isFirst) onClosed(name);
    });
  };
  watch('stdout');
  watch('stderr');
  const writer =
    (name: OutputName) =>
    (text: string): void => {
      if (!gone.has(name)) streams[name].write(text);
    };
  return { stdout: writer('stdout'), stderr: writer('stderr'), closed: () => first };
}

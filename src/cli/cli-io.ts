/**
 * The CLI's own side effects: where it writes, whether that is a terminal, the environment and
 * working directory. `main.ts` builds the real one; tests pass their own to run the CLI in-process.
 */
import type { PipelineEvent } from '../core/events.js';
import type { Translator } from '../i18n/create-translator.js';
import { applyEvent, createProgressState, renderLogLine, renderProgressLine } from './render-event.js';

/** What the CLI needs from the process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** True when stderr is a terminal (progress bars are drawn there). */
  isTty: boolean;
  /** True when stdout is a terminal (results are coloured only then); false when not given. */
  stdoutIsTty?: boolean;
  /** Width of the terminal in columns, when one is attached (help is wrapped and the progress line cut to it). */
  columns?: number;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Fired on SIGINT/SIGTERM. */
  signal?: AbortSignal;
  /** Standard input, for `-` as the seller file (`main.ts` gives the process's). */
  stdin?: () => AsyncIterable<Uint8Array>;
  /** Waits until the process is asked to stop (the long-running `sandbox` and `watch`). */
  waitForStop?: () => Promise<void>;
}

/**
 * What a lone `-` argument (standard input) becomes before yargs parses it: yargs turns `-` given
 * as a positional into an empty string. A NUL cannot be in a path, so this is never a real file.
 */
export const STDIN_ARG = '\u0000stdin';

/** Replaces each lone `-` before `--` by `STDIN_ARG`. */
export function markStandardInput(args: readonly string[]): string[] {
  const end = args.indexOf('--');
  return args.map((arg, i) => (arg === '-' && (end < 0 || i < end) ? STDIN_ARG : arg));
}

/** The streams the CLI writes to. */
type CliStream = 'stdout' | 'stderr';

/**
 * Whether to colour what goes to one stream: `NO_COLOR` (any non-empty value) turns colour off
 * and `FORCE_COLOR` (other than 0/false) on, everywhere; otherwise only a terminal, not a dumb one,
 * gets colour — so `validate … > out.txt` in a terminal writes no escape codes into the file.
 */
export function shouldColor(io: CliIo, stream: CliStream): boolean {
  if (io.env.NO_COLOR) return false;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.toLowerCase());
  if (io.env.TERM === 'dumb') return false;
  return stream === 'stdout' ? Boolean(io.stdoutIsTty) : io.isTty;
}

/** The terminal's width: the attached terminal's, else `COLUMNS`, else 80. */
export function terminalWidth(io: CliIo): number {
  const width = io.columns ?? Number(io.env.COLUMNS);
  return Number.isFinite(width) && width >= 20 ? Math.floor(width) : 80;
}

/** Cuts a line to fit `width` columns (one short of it: a full line makes some terminals wrap). */
export function fitToWidth(line: string, width: number): string {
  const chars = Array.from(line);
  return chars.length < width ? line : `${chars.slice(0, Math.max(1, width - 2)).join('')}…`;
}

const PROGRESS_EVENTS = new Set<PipelineEvent['type']>(['read:progress', 'submit:accepted', 'job:finished']);

function isProgress(event: PipelineEvent): boolean {
  return PROGRESS_EVENTS.has(event.type);
}

/** Seconds between two progress lines when stderr is not a terminal (a log, CI, `TERM=dumb`). */
export const PROGRESS_LINE_SECONDS = 10;

/** Whether the progress line may be redrawn in place: a terminal that is not a dumb one. */
function canRedraw(io: CliIo): boolean {
  return io.isTty && io.env.TERM !== 'dumb';
}

/** How a command's events are printed. */
interface PrintMode {
  /** NDJSON events on stdout, language-neutral. */
  json: boolean;
  /** No log or progress lines. */
  quiet?: boolean;
  /** The run's translator, asked for at each line: the run's language is settled once its settings are read. */
  getTranslator: () => Translator;
}

/**
 * Event sink for a command: NDJSON on stdout with `--json`; on a terminal a redrawn progress line;
 * elsewhere log lines and, every `PROGRESS_LINE_SECONDS`, the progress line as a plain line.
 * `now` is a monotonic clock in ms (injected by tests).
 */
export function createEventPrinter(io: CliIo, mode: PrintMode, now: () => number = () => performance.now()): { onEvent(event: PipelineEvent): void; done(): void } {
  const state = createProgressState();
  const redraw = canRedraw(io);
  let lastDraw = 0;
  let lastLine = now();
  let drawn = false;
  const clear = (): void => {
    if (drawn) {
      io.stderr('\r\u001b[2K');
      drawn = false;
    }
  };
  return {
    onEvent(event) {
      if (mode.json) {
        io.stdout(`${JSON.stringify(event)}\n`);
        return;
      }
      const at = now();
      applyEvent(state, event, at);
      const line = mode.quiet ? null : renderLogLine(event, mode.getTranslator());
      if (line !== null) {
        clear();
        io.stderr(`${line}\n`);
      }
      if (mode.quiet) return;
      if (redraw && at - lastDraw > 100) {
        lastDraw = at;
        // Cut to the terminal: a line that wraps leaves its first rows behind at every redraw.
        io.stderr(`\r\u001b[2K${fitToWidth(renderProgressLine(state, mode.getTranslator(), at), terminalWidth(io))}`);
        drawn = true;
      } else if (!redraw && at - lastLine >= PROGRESS_LINE_SECONDS * 1000 && isProgress(event)) {
        lastLine = at;
        io.stderr(`${renderProgressLine(state, mode.getTranslator(), at)}\n`);
      }
    },
    done() {
      clear();
    },
  };
}

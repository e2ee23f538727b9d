/**
 * The CLI's own side effects: where it writes, whether that is a terminal, the environment and
 * working directory. `main.ts` builds the real one; tests pass their own to run the CLI in-process.
 */
import type { PipelineEvent } from '../core/events.js';
import { applyEvent, createProgressState, renderLogLine, renderProgressLine } from './render-event.js';

/** What the CLI needs from the process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** True when stderr is a terminal (progress bars are drawn there). */
  isTty: boolean;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Fired on SIGINT/SIGTERM. */
  signal?: AbortSignal;
  /** Waits until the process is asked to stop (the long-running `sandbox` and `watch`). */
  waitForStop?: () => Promise<void>;
}

/** Event sink for a command: NDJSON on stdout with `--json`, a progress line on a terminal, log lines otherwise. */
export function createEventPrinter(io: CliIo, mode: { json: boolean; quiet?: boolean }): { onEvent(event: PipelineEvent): void; done(): void } {
  const state = createProgressState();
  let lastDraw = 0;
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
      applyEvent(state, event);
      const line = mode.quiet ? null : renderLogLine(event);
      if (line !== null) {
        clear();
        io.stderr(`${line}\n`);
      }
      if (io.isTty && !mode.quiet) {
        const now = performance.now();
        if (now - lastDraw > 100) {
          lastDraw = now;
          io.stderr(`\r\u001b[2K${renderProgressLine(state)}`);
          drawn = true;
        }
      }
    },
    done() {
      clear();
    },
  };
}

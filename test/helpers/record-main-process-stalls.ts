/**
 * A vitest reporter that measures the main process's event-loop stalls, the other side of the
 * worker's 60 s wait for an answer (see record-event-loop-stalls.ts): it reports nothing on the
 * console. Listed in vitest.config.ts only when CATALOG_TEST_STALLS is set; each stall of at least
 * CATALOG_TEST_STALL_MS is appended to the same file, with the pid "main".
 */
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Reporter } from 'vitest/reporters';

const TICK_MS = 100;

/** Records the main process's stalls while the run lasts. */
export class MainProcessStallsReporter implements Reporter {
  private timer: NodeJS.Timeout | undefined;

  /** Starts measuring when the run starts. */
  onInit(): void {
    const outFile = process.env['CATALOG_TEST_STALLS'];
    if (outFile === undefined || outFile === '') return;
    const minStallMs = Number(process.env['CATALOG_TEST_STALL_MS'] ?? 1000);
    let last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      const stall = now - last - TICK_MS;
      if (stall >= minStallMs) {
        const line = {
          pid: 'main',
          at: new Date().toISOString(),
          stallMs: Math.round(stall),
          load1: Number(loadavg()[0]?.toFixed(2)),
          segments: [{ label: '(vitest main process)', ms: Math.round(stall) }],
        };
        appendFileSync(outFile, `${JSON.stringify(line)}\n`);
      }
      last = now;
    }, TICK_MS);
    this.timer.unref();
  }

  /** Stops measuring at the end of the run. */
  onTestRunEnd(): void {
    clearInterval(this.timer);
  }
}

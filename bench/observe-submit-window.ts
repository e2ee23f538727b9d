/**
 * Where the submit stage's time goes, for the submission benchmark: over the span from the first
 * import request to the last import answer, the client's CPU, how busy its event loop was, and the
 * sandbox process's CPU; per import request, and the mean time a request held its slot (from
 * leaving the queue to its answer being journaled). At concurrency C and latency L the bound asks
 * for C / L requests a second, so the client's event loop has L / C of work per request to spare
 * (6.25 ms at 16 × 100 ms): a busy share near 1 says the client, not the service, sets the pace.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { EventLoopUtilization } from 'node:perf_hooks';
import type { PipelineEvent } from '../src/core/events.js';
import { readClock } from './measure-support.js';

/** What the submit window showed. */
export interface SubmitWindow {
  requests: number;
  windowMs: number;
  /** Client CPU (user + system, every thread) per import request, ms. */
  clientCpuMsPerRequest: number;
  /** Share of the window the client's event loop was busy (0..1). */
  eventLoopBusy: number;
  /** Sandbox process CPU per import request, ms (null where /proc is missing). */
  sandboxCpuMsPerRequest: number | null;
  /** Mean time from a request's start to its journaled answer, ms. */
  meanSlotMs: number;
  /** The window on the process's clock (`performance.now()`, the clock of `--trace-gc` lines), ms. */
  fromMs: number;
  toMs: number;
}

/** CPU time of process `pid` in ms from /proc (Linux), null elsewhere. */
export function readProcessCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Readings at one moment of the window. */
interface Mark {
  at: number;
  /** Answers counted by then. */
  answered: number;
  cpu: NodeJS.CpuUsage;
  loop: EventLoopUtilization;
  sandboxMs: number | null;
}

/**
 * Least time between two full readings during the window (the last answer may come up to this much
 * after the last one). A reading (`/proc`, the CPU, the loop) costs the client 0.1–0.5 ms inside the
 * window it measures: every 25 ms it was 2.2 % of the client's samples at concurrency 16 (load 17);
 * every 250 ms it is a tenth of that, and the ratios still divide by the answers counted at the last one.
 */
const MARK_EVERY_MS = 250;

/** Watches the import's events; `result()` once the run is over. */
export function observeSubmitWindow(sandboxPid: number | undefined): { onEvent(event: PipelineEvent): void; result(): SubmitWindow | undefined } {
  const started = new Map<number, number>();
  let slotMs = 0;
  let answered = 0;
  let first: Mark | undefined;
  let last: Mark | undefined;
  let lastAt = 0;
  const mark = (at: number): Mark => ({ at, answered, cpu: process.cpuUsage(), loop: performance.eventLoopUtilization(), sandboxMs: readProcessCpuMs(sandboxPid) });
  return {
    onEvent(event) {
      if (event.type === 'submit:request') {
        first ??= mark(readClock());
        started.set(event.batch, readClock());
      }
      if (event.type === 'submit:accepted') {
        const at = readClock();
        slotMs += at - (started.get(event.batch) ?? at);
        answered += 1;
        lastAt = at;
        // Every answer may be the last, but a full mark (reading /proc, the CPU and the loop) at
        // every answer cost the client 0.5 ms a request under load, in the window it measures: one
        // every MARK_EVERY_MS, the ratios per request divided by the answers counted at that mark.
        if (last === undefined || at - last.at >= MARK_EVERY_MS) last = mark(at);
      }
    },
    result() {
      if (first === undefined || last === undefined || answered === 0) return undefined;
      const counted = Math.max(1, last.answered);
      const cpuAtLast = (last.cpu.user + last.cpu.system - first.cpu.user - first.cpu.system) / 1000;
      const loop = performance.eventLoopUtilization(last.loop, first.loop);
      const sandbox = first.sandboxMs === null || last.sandboxMs === null ? null : last.sandboxMs - first.sandboxMs;
      const round = (value: number): number => Math.round(value * 100) / 100;
      return {
        requests: answered,
        windowMs: Math.round(lastAt - first.at),
        clientCpuMsPerRequest: round(cpuAtLast / counted),
        eventLoopBusy: round(loop.utilization),
        sandboxCpuMsPerRequest: sandbox === null ? null : round(sandbox / counted),
        meanSlotMs: round(slotMs / answered),
        fromMs: Math.round(first.at),
        toMs: Math.round(lastAt),
      };
    },
  };
}

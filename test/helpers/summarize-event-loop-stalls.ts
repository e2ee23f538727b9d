/**
 * Prints the stalls that `record-event-loop-stalls.ts` wrote (CATALOG_TEST_STALLS), longest first:
 * `npx tsx test/helpers/summarize-event-loop-stalls.ts stalls.jsonl [rows]`.
 */
import { readFileSync } from 'node:fs';

interface StallLine {
  readonly pid: number | string;
  readonly at?: string;
  readonly stallMs: number;
  readonly cpuMs?: number;
  readonly load1: number;
  readonly segments: readonly { readonly label: string; readonly ms: number }[];
}

/** Reads the JSON lines of a stalls file. */
function readStalls(path: string): StallLine[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as StallLine);
}

/** Formats one stall as a table row. */
function formatStall(stall: StallLine): string {
  const seconds = (stall.stallMs / 1000).toFixed(1).padStart(6);
  const cpu = stall.cpuMs === undefined ? '     ?' : (stall.cpuMs / 1000).toFixed(1).padStart(6);
  return `${seconds} s (cpu ${cpu} s)  load ${stall.load1.toFixed(1).padStart(5)}  ${(stall.at ?? '').slice(11, 19)}  pid ${stall.pid}  ${stall.segments
    .map((segment) => `${(segment.ms / 1000).toFixed(1)} s ${segment.label}`)
    .join('  |  ')}`;
}

const [path, rows = '40'] = process.argv.slice(2);
if (path === undefined) throw new Error('usage: summarize-event-loop-stalls.ts <stalls.jsonl> [rows]');
const stalls = readStalls(path).sort((a, b) => b.stallMs - a.stallMs);
const total = stalls.reduce((sum, stall) => sum + stall.stallMs, 0);
console.log(`${stalls.length} stalls, ${(total / 1000).toFixed(1)} s in all`);
for (const stall of stalls.slice(0, Number(rows))) console.log(formatStall(stall));

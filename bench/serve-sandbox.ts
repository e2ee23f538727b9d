/**
 * A sandbox in its own process for the submission benchmark, so that the service's work does not
 * share the client's event loop. Prints `{"url": …}` once listening, then answers lines on stdin:
 * `stats` prints the request counters as one JSON line, `close` stops it.
 * Usage: node --import tsx bench/serve-sandbox.ts '{"faults":{"latencyMs":100},"jobDelayMs":0}'
 */
import { createInterface } from 'node:readline';
import { startSandbox } from '../src/sandbox/start-sandbox.js';
import type { SandboxOptions } from '../src/sandbox/start-sandbox.js';

const options = JSON.parse(process.argv[2] ?? '{}') as SandboxOptions;
const sandbox = await startSandbox({ ...options, port: 0 });
process.stdout.write(`${JSON.stringify({ url: sandbox.url })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === 'stats') process.stdout.write(`${JSON.stringify(sandbox.stats())}\n`);
  if (line.trim() === 'close') break;
}
await sandbox.close();

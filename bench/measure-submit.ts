/**
 * Submission throughput: `import` of a catalog against a sandbox in a separate process answering
 * every request after a fixed latency, optionally behind a token-bucket rate limit. Reports the
 * submit stage (requests sent until the last answer) and the whole run (with the job follow-up),
 * plus the requests the sandbox saw by route, so the bound each is held to can be computed, and
 * where the submit stage's time went (`observe-submit-window.ts`: CPU per request of the client and
 * of the sandbox, how busy the client's event loop was), beside the same for the bare replays
 * (`bare`: the imports alone; `barePolled`: with a job poll each, as the tool sends them).
 * CLIENT_RATE is the client's own `rateLimit` setting (requests per second; 0 or absent: none, so
 * the client only adapts to the 429s of the sandbox's RATE).
 * Usage: node --import tsx bench/measure-submit.ts FILE MAPPING STATE_DIR CONCURRENCY LATENCY_MS [RATE_PER_SECOND] [CLIENT_RATE]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createNodeDeps } from '../src/core/deps.js';
import type { PipelineEvent } from '../src/core/events.js';
import { runImport } from '../src/pipeline/run-import.js';
import type { SandboxOptions } from '../src/sandbox/start-sandbox.js';
import { resolveSettings } from '../src/settings/resolve-settings.js';
import { printMeasurement, readArgs, readClock, startRssSampler } from './measure-support.js';
import { observeSubmitWindow, readProcessCpuMs } from './observe-submit-window.js';
import { readJournaledBodies, replayBareImports } from './replay-bare-imports.js';

const [file, mapping, stateDir, concurrencyText, latencyText, rateText, clientRateText] = readArgs(
  5,
  'measure-submit.ts FILE MAPPING STATE_DIR CONCURRENCY LATENCY_MS [RATE] [CLIENT_RATE]',
) as [string, string, string, string, string, string | undefined, string | undefined];
const concurrency = Number(concurrencyText);
const latencyMs = Number(latencyText);
const rate = rateText === undefined ? 0 : Number(rateText);
const clientRate = clientRateText === undefined ? 0 : Number(clientRateText);

const sandboxOptions: SandboxOptions = {
  jobDelayMs: 0,
  faults: { latencyMs, ...(rate > 0 ? { rateLimit: { requests: rate, perSeconds: 1 } } : {}) },
};
// The sandbox runs the way this script runs: compiled by the benchmark, or under tsx by hand.
const compiled = import.meta.url.endsWith('.js');
const sandboxScript = fileURLToPath(new URL(compiled ? './serve-sandbox.js' : './serve-sandbox.ts', import.meta.url));
const server = spawn(process.execPath, [...(compiled ? [] : ['--import', 'tsx']), sandboxScript, JSON.stringify(sandboxOptions)], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
const nextLine = async (): Promise<string> => {
  const next = await lines.next();
  if (next.done === true) throw new Error('the sandbox process ended early');
  return next.value;
};
const { url } = JSON.parse(await nextLine()) as { url: string };

const SANDBOX_SELLER = { clientId: 'sandbox-seller', clientSecret: 'sandbox-secret-1' };
let throttled = 0;
let retries = 0;
const adaptations: { atMs: number; rate: unknown; message: string }[] = [];
const submitWindow = observeSubmitWindow(server.pid);
const onEvent = (event: PipelineEvent): void => {
  submitWindow.onEvent(event);
  if (event.type === 'http:retry') {
    retries += 1;
    if (event.status === 429) throttled += 1;
  }
  if (event.type === 'log' && event.message.startsWith('rate limit:')) {
    adaptations.push({ atMs: Math.round(readClock() - start), rate: event.data?.['rate'] ?? null, message: event.message });
  }
};
const settings = resolveSettings({
  flags: { baseUrl: url, ...SANDBOX_SELLER, stateDir, concurrency, ...(clientRate > 0 ? { rateLimit: clientRate } : {}) },
});
const sampler = startRssSampler();
const start = readClock();
const result = await runImport({ file, mapping, settings, fresh: true }, createNodeDeps({ onEvent }));
const ms = readClock() - start;
const peakRssBytes = sampler.stop();
server.stdin.write('stats\n');
const stats = JSON.parse(await nextLine()) as { requests: number; byRoute: Record<string, number>; maxInFlight: number; importRequests: number; importedProducts: number };
// Without a rate limit, the same requests once more from a client that does nothing else: what the
// sandbox and this machine allow any client (under a rate limit the rate is the bound). Then again
// with a job poll each, as the tool follows its jobs while it sends (`replay-bare-imports.ts`).
const replayBare = async (pollJobs: boolean) => {
  const before = readProcessCpuMs(server.pid);
  const replayed = await replayBareImports(url, SANDBOX_SELLER, readJournaledBodies(stateDir, result.runId), concurrency, { pollJobs });
  const after = readProcessCpuMs(server.pid);
  const sandboxCpuMsPerRequest = before === null || after === null ? null : Math.round(((after - before) / Math.max(1, replayed.requests)) * 100) / 100;
  return { ...replayed, sandboxCpuMsPerRequest };
};
const bare = rate > 0 ? undefined : await replayBare(false);
const barePolled = rate > 0 ? undefined : await replayBare(true);
server.stdin.end('close\n');
await new Promise((resolve) => server.once('exit', resolve));

const { timings, counts } = result.summary;
printMeasurement({
  kind: 'submit',
  rows: counts.products,
  ms,
  peakRssBytes,
  extra: {
    exitCode: result.exitCode,
    concurrency,
    latencyMs,
    rate,
    clientRate,
    batchSize: settings.settings.batchSize,
    accepted: counts.productsByStatus['accepted'] ?? 0,
    productsByStatus: counts.productsByStatus,
    timings,
    throttled,
    retries,
    adaptations: adaptations.length,
    lastAdaptations: adaptations.slice(-12),
    requests: stats.requests,
    byRoute: stats.byRoute,
    maxInFlight: stats.maxInFlight,
    importRequests: stats.importRequests,
    importedProducts: stats.importedProducts,
    submitWindow: submitWindow.result() ?? null,
    ...(bare === undefined ? {} : { bare }),
    ...(barePolled === undefined ? {} : { barePolled }),
  },
});

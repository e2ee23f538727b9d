/**
 * The submission's physical floor on this machine: the import requests a run journaled, sent again
 * by a client that does nothing else (plain `fetch`, no journal, no spool, no outcomes), at the same
 * concurrency, to the same sandbox. Against a sandbox that answers after a fixed latency,
 * `concurrency × batch / latency` is the bound on paper; this shows how much of it the sandbox and
 * the machine leave to any client.
 *
 * Two replays: imports alone, and imports with one job poll each (`pollJobs`). The tool follows
 * every accepted job while it sends: without a rate limit its polls do not yield to its imports (the
 * rate gate orders requests only while the rate holds them back), so up to `concurrency` polls are
 * in flight beside the imports, and the sandbox, on the same cores, serves both. The polled replay
 * does the same with plain `fetch` (a poll leaves as soon as its import is answered, holding no import
 * slot, at most `concurrency` at once): what the machine leaves to any client that follows its jobs.
 * Its submit span still ends at the last import answer.
 */
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pLimit from 'p-limit';
import { DEFAULT_PATHS } from '../src/domain/index.js';
import { STATE_DB_FILE } from '../src/state/open-state-store.js';
import { readClock } from './measure-support.js';

/** What the replay measured. */
export interface BareReplay {
  requests: number;
  products: number;
  /** From the first import request to the last import answer. */
  submitMs: number;
  failures: number;
  /** This process's CPU (user + system) per import request over the replay (its polls included), ms. */
  clientCpuMsPerRequest: number;
  /** Job polls sent (0 without `pollJobs`). */
  polls: number;
}

/** Reads the request bodies the run journaled, in batch order. */
export function readJournaledBodies(stateDir: string, runId: string): string[] {
  const db = new Database(join(stateDir, STATE_DB_FILE), { readonly: true });
  try {
    const rows = db.prepare<[string], { body: Buffer | null }>('SELECT request_body AS body FROM batches WHERE run_id = ? ORDER BY batch_index').all(runId);
    return rows.flatMap((row) => (row.body === null ? [] : [gunzipSync(row.body).toString('utf8')]));
  } finally {
    db.close();
  }
}

/** Sends `bodies` to the sandbox at `baseUrl` with `concurrency` workers; with `pollJobs`, each accepted job is asked once. */
export async function replayBareImports(
  baseUrl: string,
  credentials: { clientId: string; clientSecret: string },
  bodies: readonly string[],
  concurrency: number,
  options: { pollJobs?: boolean } = {},
): Promise<BareReplay> {
  const tokenResponse = await fetch(new URL(DEFAULT_PATHS.token, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(credentials),
  });
  const { accessToken } = (await tokenResponse.json()) as { accessToken: string };
  const headers = { accept: 'application/json', authorization: `Bearer ${accessToken}` };
  const importUrl = new URL(DEFAULT_PATHS.import, baseUrl);
  const pollLimit = pLimit(concurrency);
  const polls: Promise<void>[] = [];
  const pollJob = async (jobId: number): Promise<void> => {
    const url = new URL(DEFAULT_PATHS.importInfo, baseUrl);
    url.searchParams.set('jobId', String(jobId));
    const response = await fetch(url, { headers });
    await response.json();
    if (response.status !== 200) failures += 1;
  };
  /** A request that failed on the way (a connection the sandbox closed under a loaded machine) is a failure, not the end of the measurement. */
  const counted = async (send: () => Promise<void>): Promise<void> => {
    try {
      await send();
    } catch {
      failures += 1;
    }
  };
  let next = 0;
  let lastAnswer = 0;
  let failures = 0;
  let products = 0;
  const start = readClock();
  const cpuBefore = process.cpuUsage();
  const worker = async (): Promise<void> => {
    while (next < bodies.length) {
      const body = bodies[next++] as string;
      await counted(async () => {
        const response = await fetch(importUrl, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
        const answer = (await response.json()) as { jobId?: number; receivedItems?: number };
        lastAnswer = readClock();
        if (response.status !== 202 || answer.jobId === undefined) failures += 1;
        else {
          products += answer.receivedItems ?? 0;
          const jobId = answer.jobId;
          if (options.pollJobs === true) polls.push(pollLimit(() => counted(() => pollJob(jobId))));
        }
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await Promise.all(polls);
  const cpu = process.cpuUsage(cpuBefore);
  const clientCpuMsPerRequest = Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, bodies.length)) * 100) / 100;
  return { requests: bodies.length, products, submitMs: lastAnswer - start, failures, clientCpuMsPerRequest, polls: polls.length };
}

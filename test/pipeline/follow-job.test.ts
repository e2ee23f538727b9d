import { describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { createNodeDeps } from '../../src/core/deps.js';
import { ApiError, SchemaMismatchError } from '../../src/core/errors.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { DEFAULT_STATUS_VOCABULARY, createStatusClassifier } from '../../src/domain/index.js';
import type { JobStatus } from '../../src/domain/index.js';
import { followJob, isJobFinished } from '../../src/pipeline/import/follow-job.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';

const classify = createStatusClassifier(DEFAULT_STATUS_VOCABULARY);
function job(status: string | null, products: (string | null)[]): JobStatus {
  return { status, meaning: classify(status), products: products.map((word, index) => ({ index, status: word, meaning: classify(word) })) };
}

function fakeDeps(events: PipelineEvent[] = []) {
  let t = 0;
  return { monotonic: () => t, sleep: async (ms: number) => void (t += ms), onEvent: (e: PipelineEvent) => events.push(e) };
}

describe('isJobFinished', () => {
  it('needs a known terminal job word, or a known terminal word for every product', () => {
    expect(isJobFinished(job('Completed', []), 2)).toBe(true);
    expect(isJobFinished(job('InProgress', ['InProgress', 'InProgress']), 2)).toBe(false);
    expect(isJobFinished(job(null, ['Imported', 'Rejected']), 2)).toBe(true);
    expect(isJobFinished(job(null, ['Imported', 'Weird']), 2)).toBe(false);
    expect(isJobFinished(job('Weird', ['Imported']), 2)).toBe(false);
  });
});

describe('followJob', () => {
  it('keeps polling an unknown word until the time-out and ends unknown with the word quoted', async () => {
    const events: PipelineEvent[] = [];
    const result = await followJob({
      client: { getJobStatus: async () => job('Approvedish', ['Approvedish']) },
      job: { jobId: '12345678901234567891' },
      expected: 1,
      timeoutMs: 5000,
      pollIntervalMs: 500,
      deps: fakeDeps(events),
    });
    expect(result.status).toBe('timeout');
    expect(result.polls).toBeGreaterThan(3);
    expect(result.status === 'timeout' ? result.lastError : '').toContain('"Approvedish"');
    expect(events.filter((e) => e.type === 'log' && e.message.includes('"Approvedish" is not a known status word'))).toHaveLength(1);
  });

  it('stops at once on an answer it cannot read, instead of waiting out the time-out', async () => {
    let polls = 0;
    const result = await followJob({
      client: {
        getJobStatus: async () => {
          polls += 1;
          throw new SchemaMismatchError('GET /info', [{ path: '', message: 'no per-product results' }]);
        },
      },
      job: { jobId: '1' },
      expected: 1,
      timeoutMs: 60_000,
      pollIntervalMs: 500,
      deps: fakeDeps(),
    });
    expect(polls).toBe(1);
    expect(result.status).toBe('unreadable');
    expect(result.status === 'unreadable' ? result.lastError : '').toContain('no per-product results');
  });

  it('with the service gone, says "status not readable" once for the job, not once a poll', async () => {
    const sandbox = await startSandbox({ port: 0 });
    const credential = sandbox.credentials[0];
    await sandbox.close();
    const events: PipelineEvent[] = [];
    const clock = fakeDeps(events);
    // The real client and the real (closed) sandbox port: each poll is refused by the system.
    const client = createCatalogClient(
      { baseUrl: sandbox.url, credentials: { clientId: credential?.clientId ?? '', clientSecret: credential?.clientSecret ?? '' }, retry: { limit: 0 } },
      { ...createNodeDeps({ cwd: process.cwd(), env: {} }), ...clock },
    );
    const result = await followJob({ client, job: { jobId: '41' }, expected: 1, timeoutMs: 60_000, pollIntervalMs: 500, maxIntervalMs: 1000, deps: clock });
    expect(result.status).toBe('timeout');
    expect(result.polls).toBeGreaterThan(20);
    const warnings = events.filter((e) => e.type === 'log' && e.level === 'warn');
    expect(warnings.map((e) => (e.type === 'log' ? e.message : ''))).toEqual([expect.stringMatching(/^job 41: status not readable: /)]);
  });

  it('says each distinct error once, and once that the status is readable again', async () => {
    const down = new ApiError('API_UNREACHABLE', 'getJobStatus', 'getJobStatus could not be reached after 1 attempt(s): ECONNREFUSED');
    const busy = new ApiError('API_UNREACHABLE', 'getJobStatus', 'getJobStatus answered 503 without a readable answer after 1 attempt(s): busy');
    const answers: (Error | JobStatus)[] = [down, down, busy, down, down, job('InProgress', ['InProgress']), job('Completed', ['Imported'])];
    const events: PipelineEvent[] = [];
    const result = await followJob({
      client: {
        getJobStatus: async () => {
          const next = answers.shift();
          if (next === undefined || next instanceof Error) throw next ?? new Error('no more answers');
          return next;
        },
      },
      job: { jobId: '9' },
      expected: 1,
      timeoutMs: 60_000,
      pollIntervalMs: 500,
      deps: fakeDeps(events),
    });
    expect(result.status).toBe('done');
    const logs = events.flatMap((e) => (e.type === 'log' ? [`${e.level} ${e.message}`] : []));
    expect(logs).toEqual([
      `warn job 9: status not readable: ${down.message}`,
      `warn job 9: status not readable: ${busy.message}`,
      'info job 9: status readable again after 5 poll(s) that could not read it',
    ]);
  });

  it('measures its time-out on the monotonic clock: a wall clock moved two hours on mid-run does not end it', async () => {
    let t = 0;
    let wallJump = 0;
    let polls = 0;
    const result = await followJob({
      client: {
        getJobStatus: async () => {
          polls += 1;
          wallJump = 2 * 3_600_000; // the wall clock is set forward after the first poll
          return polls < 4 ? job('InProgress', ['InProgress']) : job('Completed', ['Imported']);
        },
      },
      job: { jobId: '7' },
      expected: 1,
      timeoutMs: 10_000,
      pollIntervalMs: 500,
      // A whole Deps' clocks: the wall one jumps, the monotonic one does not.
      deps: { ...({ now: () => new Date(t + wallJump) } as object), monotonic: () => t, sleep: async (ms: number) => void (t += ms), onEvent: () => {} },
    });
    expect(result.status).toBe('done');
    expect(result.durationMs).toBeLessThan(10_000);
  });
});

import { describe, expect, it } from 'vitest';
import { SchemaMismatchError } from '../../src/core/errors.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { DEFAULT_STATUS_VOCABULARY, createStatusClassifier } from '../../src/domain/index.js';
import type { JobStatus } from '../../src/domain/index.js';
import { followJob, isJobFinished } from '../../src/pipeline/import/follow-job.js';

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

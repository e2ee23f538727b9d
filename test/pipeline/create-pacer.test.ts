import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import { createPacer } from '../../src/pipeline/create-pacer.js';

describe('createPacer', () => {
  it('halves concurrency on 429 and adds one back after a run of successes', () => {
    const limit = pLimit(8);
    const pacer = createPacer(limit, 8);
    pacer.onThrottled();
    expect(limit.concurrency).toBe(4);
    pacer.onThrottled();
    pacer.onThrottled();
    pacer.onThrottled();
    expect(limit.concurrency).toBe(1);
    pacer.onSuccess();
    expect(limit.concurrency).toBe(2);
    pacer.onSuccess();
    expect(limit.concurrency).toBe(2);
    pacer.onSuccess();
    expect(limit.concurrency).toBe(3);
    for (let i = 0; i < 100; i += 1) pacer.onSuccess();
    expect(limit.concurrency).toBe(8);
  });
});

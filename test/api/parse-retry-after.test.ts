import { describe, expect, it } from 'vitest';
import { buildBackoffDelay, parseRetryAfter } from '../../src/api/send-request.js';

const now = new Date('2025-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it('reads seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date relative to the injected clock, and a past date as 0', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', now)).toBe(0);
  });

  it('returns undefined for absent or unreadable values', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});

describe('buildBackoffDelay', () => {
  const policy = { baseDelayMs: 500, maxDelayMs: 30_000 };

  it('grows exponentially under full jitter', () => {
    expect([1, 2, 3, 4].map((attempt) => buildBackoffDelay(attempt, 0.999999, policy))).toEqual([499, 999, 1999, 3999]);
    expect(buildBackoffDelay(3, 0.5, policy)).toBe(1000);
    expect(buildBackoffDelay(3, 0, policy)).toBe(0);
  });

  it('never exceeds maxDelayMs', () => {
    expect(buildBackoffDelay(20, 0.999999, policy)).toBe(29_999);
    expect(buildBackoffDelay(2000, 0.999999, policy)).toBe(29_999);
  });
});

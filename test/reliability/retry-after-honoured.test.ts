/**
 * A `Retry-After` is honoured whatever the clock's fractions and however early a timer fires
 * (issue 34, the flaky "429 bursts" case of `faults.test.ts`): the pause the gate reports is never
 * under what the service asked, and no request leaves before it has passed on the clock.
 */
import { describe, expect, it } from 'vitest';
import { createRateGate } from '../../src/api/create-rate-gate.js';

describe('the rate gate honours Retry-After', () => {
  it('reports a pause of at least the Retry-After on a clock with fractions', () => {
    // 1234.5678 + 1000 - 1234.5678 is 999.9999999999998 in floating point: the failure seen under load.
    let time = 1234.5678;
    const gate = createRateGate({}, { monotonic: () => time, onEvent: () => undefined, sleep: async () => undefined });
    void gate.pass('normal', undefined, async () => undefined);
    expect(gate.settle(time, 429, 1000)).toBeGreaterThanOrEqual(1000);
    time += 0.25;
    expect(gate.settle(time, 429, 1000)).toBeGreaterThanOrEqual(1000);
  });

  it('keeps a request back until the pause has passed although its timer fires early', async () => {
    let time = 5_000.5;
    // A timer that fires a millisecond early on a clock that moves (Node's timers count from the
    // event loop's cached time): the wait must go on until the clock says the pause is over.
    const sleep = async (ms: number): Promise<void> => {
      time += Math.max(1, ms - 1);
    };
    const gate = createRateGate({}, { monotonic: () => time, onEvent: () => undefined, sleep });
    const first = gate.pass('normal', undefined, async (sentAt) => sentAt);
    const sentAt = await first;
    const answeredAt = time;
    const pause = gate.settle(sentAt, 429, 1000);
    expect(pause).toBeGreaterThanOrEqual(1000);
    const leftAt = await gate.pass('normal', undefined, async () => time);
    expect(leftAt - answeredAt).toBeGreaterThanOrEqual(1000);
  });
});

import { describe, expect, it, vi } from 'vitest';

// The setup file yield-between-tests.ts (vitest.config.ts) gives the worker's event loop a turn
// before each test: what a test leaves for the loop has run when the next one starts. Without
// it the runner goes from one synchronous test to the next through promises only.
describe('the event loop between tests', () => {
  let turned = false;

  it('schedules a callback for the next turn of the loop', () => {
    setImmediate(() => {
      turned = true;
    });
    expect(turned).toBe(false);
  });

  it('has run it when the next test starts', () => {
    expect(turned).toBe(true);
  });
});

describe('the event loop between tests, under fake timers', () => {
  it('installs fake timers and leaves them to the next test', () => {
    vi.useFakeTimers();
    expect(vi.isFakeTimers()).toBe(true);
  });

  it('still starts (the turn does not wait on a faked setImmediate)', () => {
    expect(vi.isFakeTimers()).toBe(true);
    vi.useRealTimers();
  });
});

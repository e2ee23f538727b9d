import { describe, expect, it } from 'vitest';

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

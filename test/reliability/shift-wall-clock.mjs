/**
 * Test-only preload (`node --import`): moves the wall clock of the process — `Date.now()` and
 * `new Date()` — while its monotonic clocks (`performance.now`, `process.hrtime`) stay true, as a
 * clock set by hand or by NTP does. `CATALOG_TEST_CLOCK_SHIFT_MS` from the start, and
 * `CATALOG_TEST_CLOCK_JUMP_MS` more once `CATALOG_TEST_CLOCK_JUMP_AFTER_MS` have passed.
 * Never shipped: `src/` does not import it.
 */
const read = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) ? value : fallback;
};
const shift = read('CATALOG_TEST_CLOCK_SHIFT_MS', 0);
const jump = read('CATALOG_TEST_CLOCK_JUMP_MS', 0);
const jumpAfter = read('CATALOG_TEST_CLOCK_JUMP_AFTER_MS', Number.POSITIVE_INFINITY);
const RealDate = globalThis.Date;
const realNow = RealDate.now.bind(RealDate);
const started = performance.now();
const offset = () => shift + (performance.now() - started >= jumpAfter ? jump : 0);

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(realNow() + offset());
    else super(...args);
  }

  static now() {
    return realNow() + offset();
  }
}

globalThis.Date = ShiftedDate;

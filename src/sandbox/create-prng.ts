/**
 * A small seeded pseudo-random generator (mulberry32). The sandbox uses it for random faults and
 * for the generated part of the reference data, so that the same seed always gives the same run.
 */

/** Returns a function yielding numbers in [0, 1), fully determined by `seed`. */
export function createPrng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

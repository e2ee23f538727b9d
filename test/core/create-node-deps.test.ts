/** `createNodeDeps`: the facts of the process it takes for the library, here the user id the caches trust. */
import { describe, expect, it } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';

describe('createNodeDeps', () => {
  it.skipIf(process.getuid === undefined)("gives the process's user id, whose own cache files are the only ones trusted", () => {
    expect(createNodeDeps().userId).toBe(process.getuid?.());
    expect(createNodeDeps({ userId: 4242 }).userId).toBe(4242);
  });
});

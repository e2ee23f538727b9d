import { describe, expect, it } from 'vitest';
import { createSendingGate } from '../../src/pipeline/create-sending-gate.js';
import type { SubmitTask } from '../../src/pipeline/submit-batches.js';

const task = (index: number): SubmitTask => ({ index, items: [] });

describe('createSendingGate', () => {
  it('commits the tasks that arrive together in one commit, and lets none leave before it', async () => {
    const commits: number[][] = [];
    const gate = createSendingGate((tasks) => commits.push(tasks.map((t) => t.index)));
    let left = 0;
    const waves = [gate(task(0)), gate(task(1)), gate(task(2))].map((p) => p.then(() => (left += 1)));
    expect(left).toBe(0);
    await Promise.all(waves);
    expect(commits).toEqual([[0, 1, 2]]);
    await gate(task(3));
    expect(commits).toEqual([[0, 1, 2], [3]]);
  });

  it('fails every task of a wave whose commit fails', async () => {
    const gate = createSendingGate(() => {
      throw new Error('disk full');
    });
    await expect(Promise.all([gate(task(0)), gate(task(1))])).rejects.toThrow('disk full');
  });
});

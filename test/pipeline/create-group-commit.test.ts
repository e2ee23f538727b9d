import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/pipeline/import/create-group-commit.js';

describe('createGroupCommit', () => {
  it('commits together every item queued until the deferred commit runs, and settles each only after it', async () => {
    const commits: string[][] = [];
    let runCommit: (() => void) | undefined;
    const record = createGroupCommit<string>(
      (items) => commits.push([...items]),
      (run) => {
        runCommit = run;
      },
    );
    const settled: string[] = [];
    const first = record('a').then(() => settled.push('a'));
    await Promise.resolve();
    const second = record('b').then(() => settled.push('b'));
    await Promise.resolve();
    expect(commits).toEqual([]);
    expect(settled).toEqual([]);

    runCommit?.();
    await Promise.all([first, second]);
    expect(commits).toEqual([['a', 'b']]);
    expect(settled).toEqual(['a', 'b']);

    const third = record('c');
    runCommit?.();
    await third;
    expect(commits).toEqual([['a', 'b'], ['c']]);
  });

  it('fails every item of a group whose commit fails', async () => {
    const record = createGroupCommit<number>(() => {
      throw new Error('disk full');
    });
    await expect(Promise.all([record(0), record(1)])).rejects.toThrow('disk full');
  });
});

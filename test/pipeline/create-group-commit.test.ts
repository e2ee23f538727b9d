import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/pipeline/import/create-group-commit.js';

describe('createGroupCommit', () => {
  it('commits together every item queued until the deferred commit runs, and settles each only after it', async () => {
    const commits: string[][] = [];
    let runCommit: (() => void) | undefined;
    const record = createGroupCommit<string>(
      (items) => {
        commits.push([...items]);
      },
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

  it('settles the items of an asynchronous commit when it ends, and groups those queued meanwhile into the next', async () => {
    const commits: number[][] = [];
    const finish: (() => void)[] = [];
    const record = createGroupCommit<number>((items) => {
      commits.push([...items]);
      return new Promise<void>((resolve) => finish.push(resolve));
    });
    const settled: number[] = [];
    const first = [record(0), record(1)].map((done, i) => done.then(() => settled.push(i)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(commits).toEqual([[0, 1]]);
    const later = [record(2), record(3)].map((done, i) => done.then(() => settled.push(i + 2)));
    await new Promise((resolve) => setImmediate(resolve));
    // The first commit still runs: its items wait, and the later ones went to a commit of their own.
    expect(commits).toEqual([[0, 1], [2, 3]]);
    expect(settled).toEqual([]);
    finish[0]?.();
    await Promise.all(first);
    expect(settled).toEqual([0, 1]);
    finish[1]?.();
    await Promise.all(later);
    expect(settled).toEqual([0, 1, 2, 3]);
  });

  it('fails every item of a group whose asynchronous commit fails', async () => {
    const record = createGroupCommit<number>(async () => {
      await Promise.resolve();
      throw new Error('disk full');
    });
    await expect(Promise.all([record(0), record(1)])).rejects.toThrow('disk full');
  });

  it('fails every item of a group whose commit fails', async () => {
    const record = createGroupCommit<number>(() => {
      throw new Error('disk full');
    });
    await expect(Promise.all([record(0), record(1)])).rejects.toThrow('disk full');
  });
});

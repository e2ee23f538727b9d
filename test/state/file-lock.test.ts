import fs, { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateError } from '../../src/core/errors.js';
import { acquireLock, readLockHolder } from '../../src/state/file-lock.js';
import { isProcessAlive } from '../../src/state/is-process-alive.js';
import type { AcquireLockOptions, LockHandle } from '../../src/state/file-lock.js';
import { makeClock, makeTempDir } from './state-test-kit.js';
import { spyOnBuiltin } from '../helpers/spy-on-builtin.js';

const MINUTE = 60_000;

function makeOptions(overrides: Partial<AcquireLockOptions> = {}): AcquireLockOptions {
  return { staleMs: 10 * MINUTE, now: makeClock().now, pid: 4242, host: 'build-1', isAlive: () => true, ...overrides };
}

describe('acquireLock', () => {
  it('takes a free lock in a private file naming the holder, and releases it', async () => {
    const path = join(await makeTempDir(), 'import.lock');
    const lock = acquireLock(path, makeOptions({ purpose: 'import' }));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readLockHolder(path)).toEqual({
      pid: 4242, host: 'build-1', since: '2026-11-22T15:30:12.000Z', updatedAt: '2026-11-22T15:30:12.000Z', purpose: 'import', token: lock.holder.token,
    });
    lock.release();
    lock.release();
    expect(readLockHolder(path)).toBeUndefined();
    acquireLock(path, makeOptions()).release();
  });

  it('refuses a second holder, naming pid, host and since', async () => {
    const path = join(await makeTempDir(), 'import.lock');
    const clock = makeClock();
    const first = acquireLock(path, makeOptions({ now: clock.now, purpose: 'watch inbox/' }));
    clock.advance(MINUTE);
    const second = (): unknown => acquireLock(path, makeOptions({ now: clock.now, pid: 5151 }));
    expect(second).toThrow(StateError);
    expect(second).toThrow('held by pid 4242 on host build-1 since 2026-11-22T15:30:12.000Z (watch inbox/)');
    // Not re-entrant either: the same process is refused too.
    expect(() => acquireLock(path, makeOptions({ now: clock.now }))).toThrow(/held by pid 4242/);
    first.release();
  });

  it('takes over a lock whose holder process is dead on this host', async () => {
    const path = join(await makeTempDir(), 'import.lock');
    acquireLock(path, makeOptions({ pid: 1111 }));
    const alive = new Set([2222]);
    const lock = acquireLock(path, makeOptions({ pid: 2222, isAlive: (pid) => alive.has(pid) }));
    expect(readLockHolder(path)?.pid).toBe(2222);
    lock.release();
  });

  it('does not judge a process of another host by its pid, but takes over once the lock is stale', async () => {
    const path = join(await makeTempDir(), 'import.lock');
    const clock = makeClock();
    acquireLock(path, makeOptions({ now: clock.now, host: 'other-host', pid: 1111 }));
    const contender = makeOptions({ now: clock.now, pid: 2222, isAlive: () => false });
    expect(() => acquireLock(path, contender)).toThrow(/held by pid 1111 on host other-host/);
    clock.advance(10 * MINUTE + 1);
    const lock = acquireLock(path, contender);
    expect(readLockHolder(path)).toMatchObject({ pid: 2222, host: 'build-1' });
    lock.release();
  });

  it('keeps a refreshed lock from going stale, and a taken-over holder can neither refresh nor remove the new lock', async () => {
    const path = join(await makeTempDir(), 'import.lock');
    const clock = makeClock();
    const first = acquireLock(path, makeOptions({ now: clock.now }));
    const contender = makeOptions({ now: clock.now, host: 'other-host', pid: 3333 });
    clock.advance(9 * MINUTE);
    first.refresh();
    expect(readLockHolder(path)?.updatedAt).toBe('2026-11-22T15:39:12.000Z');
    clock.advance(9 * MINUTE);
    expect(() => acquireLock(path, contender)).toThrow(StateError);

    clock.advance(2 * MINUTE);
    const second = acquireLock(path, contender);
    expect(() => first.refresh()).toThrow(/no longer held by this process.*pid 3333 on host other-host/);
    first.release();
    expect(readLockHolder(path)?.token).toBe(second.holder.token);
    second.release();
  });

  it('refreshes the file it holds in place, never a new file renamed over the path (which could undo a takeover made meanwhile)', async () => {
    const path = join(await makeTempDir(), 'watch.lock');
    const clock = makeClock();
    const lock = acquireLock(path, makeOptions({ now: clock.now }));
    const inode = statSync(path).ino;
    clock.advance(MINUTE);
    lock.refresh();
    expect(statSync(path).ino).toBe(inode);
    expect(readLockHolder(path)?.updatedAt).toBe(lock.holder.updatedAt);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(lock.holder);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    lock.release();
  });

  it('a release that a takeover interrupts, between its check that the lock is its own and the removal, leaves the taker\'s lock in place', async () => {
    const path = join(await makeTempDir(), 'watch.lock');
    const clock = makeClock();
    const first = acquireLock(path, makeOptions({ now: clock.now }));
    clock.advance(11 * MINUTE);
    let second: LockHandle | undefined;
    // Right after the release has read the lock and found it its own, another host takes it over as stale.
    const real = fs.readFileSync.bind(fs);
    let armed = true;
    spyOnBuiltin(fs, 'readFileSync', ((target: fs.PathOrFileDescriptor, options?: Parameters<typeof fs.readFileSync>[1]) => {
      const text = real(target, options);
      if (armed && target === path) {
        armed = false;
        second = acquireLock(path, makeOptions({ now: clock.now, host: 'other-host', pid: 3333 }));
      }
      return text;
    }) as typeof fs.readFileSync);
    first.release();
    expect(second).toBeDefined();
    expect(readLockHolder(path)?.token).toBe(second?.holder.token);
    expect(() => second?.refresh()).not.toThrow();
    // Nothing left beside the lock.
    expect(readdirSync(dirname(path))).toEqual(['watch.lock']);
    second?.release();
    expect(readdirSync(dirname(path))).toEqual([]);
  });

  it('takes over an unreadable lock only after a grace period', async () => {
    const path = join(await makeTempDir(), 'import.lock');
    writeFileSync(path, '');
    const mtime = statSync(path).mtimeMs;
    const at = (ms: number): (() => Date) => () => new Date(mtime + ms);
    expect(() => acquireLock(path, makeOptions({ now: at(1000) }))).toThrow(/unknown process/);
    const lock = acquireLock(path, makeOptions({ now: at(6000) }));
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ pid: 4242 });
    lock.release();
  });
});

describe('release', () => {
  it('release() never throws: a lock that cannot be removed is left, its reason returned, and taken over once its holder is gone', async () => {
    const path = join(await makeTempDir(), 'import.lock');
    const lock = acquireLock(path, makeOptions({ pid: 1111 }));
    const realRename = fs.renameSync.bind(fs);
    let refused = 0;
    spyOnBuiltin(fs, 'renameSync', ((from: fs.PathLike, to: fs.PathLike) => {
      if (String(from) === path && String(to).endsWith('.released')) {
        refused += 1;
        throw Object.assign(new Error(`EACCES: permission denied, rename '${path}'`), { code: 'EACCES' });
      }
      realRename(from, to);
    }) as typeof fs.renameSync);
    let left: string | undefined;
    expect(() => (left = lock.release())).not.toThrow();
    expect(refused).toBe(1);
    expect(left).toMatch(/^cannot remove the lock .*import\.lock \(EACCES: permission denied.*\): it is left, and taken over once this process has ended/);
    expect(readLockHolder(path)?.pid).toBe(1111);
    expect(lock.release()).toBeUndefined();
    // Its holder gone (a dead pid of this host), the lock is taken over as designed.
    acquireLock(path, makeOptions({ pid: 2222, isAlive: (pid) => pid !== 1111 }));
    expect(readLockHolder(path)?.pid).toBe(2222);
  });
});

describe('isProcessAlive', () => {
  it('tells a live process from a dead one', () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    expect(isProcessAlive(2 ** 22 + 12345)).toBe(false);
  });
});

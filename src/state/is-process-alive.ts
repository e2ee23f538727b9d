/**
 * Whether a process of this host is alive: what a lock's holder and a scratch file's owner are
 * checked by. A file of its own, so that a dry run, which takes no lock, does not load the lock's
 * module to ask (issue 39: start-up loads only what the command needs).
 */

/** Whether a process of this host is alive (`process.kill(pid, 0)`; EPERM means it exists). For the CLI to pass as `isAlive`. */
export function isProcessAlive(pid: number): boolean {
  try {
    globalThis.process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

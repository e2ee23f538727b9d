/**
 * `writeFileAtomically`, the one atomic write of the state directory's caches: the file appears
 * complete under its name with the mode asked, and no temporary file is left, written or not.
 */
import { execFileSync } from 'node:child_process';
import { lstat, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { writeFileAtomically } from '../../src/report/start-atomic-file.js';

async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'atomic-write-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('writeFileAtomically', () => {
  it('replaces a file with the new bytes and the mode asked, whatever the old mode, and leaves no temporary file', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'kept.v8');
    await writeFile(path, 'old', { mode: 0o644 });
    await writeFileAtomically(path, Buffer.from('new bytes'), { mode: 0o600 });
    expect(await readFile(path, 'utf8')).toBe('new bytes');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['kept.v8']);
  });

  it('throws what the file system threw when the file cannot be written', async () => {
    const dir = await makeTempDir();
    await expect(writeFileAtomically(join(dir, 'missing', 'kept.json'), '{}', { mode: 0o600 })).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readdir(dir)).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')('replaces a FIFO standing at the path instead of waiting for its reader', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'kept.json');
    execFileSync('mkfifo', [path]);
    await writeFileAtomically(path, '{"kept": true}', { mode: 0o600 });
    expect((await lstat(path)).isFile()).toBe(true);
    expect(await readFile(path, 'utf8')).toBe('{"kept": true}');
    expect(await readdir(dir)).toEqual(['kept.json']);
  });
});

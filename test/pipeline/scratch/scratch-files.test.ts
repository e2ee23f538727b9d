/**
 * Scratch files are named by their run and owner; a run removes those of dead processes of its
 * host, and nothing else: not a live process's, not another host's, not its own process's, not a
 * file of no owner or not a scratch file at all.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { PipelineEvent } from '../../../src/core/events.js';
import { nameScratchFile, removeDeadRunsScratch, type ScratchOwner } from '../../../src/pipeline/scratch/scratch-files.js';
import { isProcessAlive } from '../../../src/state/index.js';

const HOST = 'build-host.example';
const RUN = '20261130-084531-20d3';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scratch-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The pid of a process that has ended (a child run to its end). */
async function findDeadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
}

/** A live process for the test's length; its pid. */
function startLiveProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  onTestFinished(() => {
    child.kill('SIGKILL');
  });
  return child.pid as number;
}

function ownerOf(pid: number): ScratchOwner {
  return { pid, isAlive: isProcessAlive };
}

async function touch(path: string): Promise<string> {
  await writeFile(path, 'x');
  return basename(path);
}

describe('scratch file names', () => {
  it('carry the run, the owner pid and a host tag; without an owner, the run alone', () => {
    const name = basename(nameScratchFile(dir, 'dry-run-spool', RUN, ownerOf(4242), HOST));
    expect(name).toMatch(/^dry-run-spool-20261130-084531-20d3\.4242-[0-9a-f]{8}\.spool$/);
    expect(basename(nameScratchFile(dir, 'import-issues', RUN, undefined, HOST))).toBe(`import-issues-${RUN}.spill`);
    // Another host's tag differs: its files are never taken for this host's.
    expect(basename(nameScratchFile(dir, 'dry-run-spool', RUN, ownerOf(4242), 'other-host'))).not.toBe(name);
  });
});

describe('removing dead runs’ scratch files', () => {
  it('removes every kind of a dead process of this host, the compaction copy too, and says so in a debug event', async () => {
    const dead = ownerOf(await findDeadPid());
    const names = [
      await touch(nameScratchFile(dir, 'dry-run-issues', RUN, dead, HOST)),
      await touch(nameScratchFile(dir, 'dry-run-spool', RUN, dead, HOST)),
      await touch(`${nameScratchFile(dir, 'dry-run-spool', RUN, dead, HOST)}.compact`),
      await touch(nameScratchFile(dir, 'import-issues', RUN, dead, HOST)),
    ];
    const events: PipelineEvent[] = [];
    const removed = removeDeadRunsScratch(dir, ownerOf(process.pid), { onEvent: (event) => events.push(event) }, HOST);
    expect(removed.map((file) => file.name).sort()).toEqual(names.sort());
    expect(new Set(removed.map((file) => file.runId))).toEqual(new Set([RUN]));
    expect(removed.map((file) => file.kind).sort()).toEqual(['dry-run-issues', 'dry-run-spool', 'dry-run-spool', 'import-issues']);
    expect(await readdir(dir)).toEqual([]);
    expect(events).toMatchObject([{ type: 'log', level: 'debug', data: { removed: removed.map((file) => file.name) } }]);
  });

  it('keeps a live process’s files, its own process’s, another host’s, files of no owner and other files', async () => {
    const live = ownerOf(startLiveProcess());
    const dead = ownerOf(await findDeadPid());
    const kept = [
      await touch(nameScratchFile(dir, 'dry-run-spool', RUN, live, HOST)),
      await touch(nameScratchFile(dir, 'dry-run-issues', '20261130-090000-aaaa', ownerOf(process.pid), HOST)),
      await touch(nameScratchFile(dir, 'dry-run-spool', RUN, dead, 'another-host.example')),
      await touch(nameScratchFile(dir, 'import-issues', RUN, undefined, HOST)),
      await touch(join(dir, 'state.sqlite')),
      await touch(join(dir, 'import-0123456789ab.lock')),
      // Looks like one but is not of a kind the runs make.
      await touch(join(dir, `my-notes-${RUN}.${dead.pid}-00000000.spool`)),
    ];
    const events: PipelineEvent[] = [];
    expect(removeDeadRunsScratch(dir, ownerOf(process.pid), { onEvent: (event) => events.push(event) }, HOST)).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(kept.sort());
    expect(events).toEqual([]);
  });

  it('asks whether a pid lives once per pid, and not at all without an owner', async () => {
    const asked: number[] = [];
    const owner: ScratchOwner = { pid: 1, isAlive: (pid) => (asked.push(pid), false) };
    await touch(nameScratchFile(dir, 'dry-run-issues', RUN, ownerOf(999_991), HOST));
    await touch(nameScratchFile(dir, 'dry-run-spool', RUN, ownerOf(999_991), HOST));
    expect(removeDeadRunsScratch(dir, undefined, { onEvent: () => {} }, HOST)).toEqual([]);
    expect(existsSync(nameScratchFile(dir, 'dry-run-spool', RUN, ownerOf(999_991), HOST))).toBe(true);
    expect(removeDeadRunsScratch(dir, owner, { onEvent: () => {} }, HOST)).toHaveLength(2);
    expect(asked).toEqual([999_991]);
  });

  it('a state directory that cannot be listed removes nothing and does not throw', () => {
    expect(removeDeadRunsScratch(join(dir, 'missing'), ownerOf(process.pid), { onEvent: () => {} }, HOST)).toEqual([]);
  });
});

/**
 * The names of a run's scratch files in the state directory, and the removal of those a dead run
 * left behind. A run deletes its scratch files when it ends, however it ends — unless its process
 * is killed (`kill -9`, the machine's power): then they stay, and can be large (every product of
 * the file, every issue of its rows). So each name says whose file it is: the run's id, the pid of
 * the process that made it and a tag of that process's host. At its start, a run removes the
 * scratch files of processes of its host that are no longer alive; never a live process's, nor one
 * of another host (two machines may share a state directory; whether a pid lives there cannot be
 * told from here), nor one of its own process (two runs of one process, a library user's, may be
 * under way at once).
 *
 * A pid that was reused by a new process keeps a dead run's files until that process ends: the
 * safe side of the mistake.
 */
import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Deps } from '../../core/deps.js';

/** What a run's scratch file holds: the dry run's issues and products, the import's issues. */
export type ScratchKind = 'dry-run-issues' | 'dry-run-spool' | 'import-issues';

const EXTENSIONS: Readonly<Record<ScratchKind, string>> = {
  'dry-run-issues': 'spill',
  'dry-run-spool': 'spool',
  'import-issues': 'spill',
};

/** The process a run runs in, as the CLI gives it: its pid and how to tell whether a pid of this host is alive. */
export interface ScratchOwner {
  pid: number;
  isAlive: (pid: number) => boolean;
}

/**
 * A scratch file's name: kind, run id, then its owner (`.<pid>-<host tag>`), then the extension; the
 * spool's compaction copy adds `.compact`. Without an owner (a library caller that gives none) the
 * name has no owner part, and no run ever removes such a file as a dead run's.
 */
const SCRATCH_NAME = /^(dry-run-issues|dry-run-spool|import-issues)-([0-9A-Za-z-]+)\.(\d+)-([0-9a-f]{8})\.(?:spill|spool)(?:\.compact)?$/;

/** A scratch file removed as a dead run's: its name, the run it was of and what it held. */
export interface RemovedScratch {
  name: string;
  runId: string;
  kind: ScratchKind;
}

/** A short tag of this host's name: a host name may hold characters a file name should not. */
function tagHost(host: string): string {
  return createHash('sha256').update(host).digest('hex').slice(0, 8);
}

/** The path of the scratch file of `kind` for run `runId` made by `owner`, in `stateDir`. */
export function nameScratchFile(stateDir: string, kind: ScratchKind, runId: string, owner: ScratchOwner | undefined, host: string = hostname()): string {
  const ownerPart = owner === undefined ? '' : `.${owner.pid}-${tagHost(host)}`;
  return join(stateDir, `${kind}-${runId}${ownerPart}.${EXTENSIONS[kind]}`);
}

/**
 * Removes from `stateDir` the scratch files whose owner is a process of this host that is no
 * longer alive, and says so in a `debug` log event (housekeeping: in `--json` output, not in the
 * lines a person reads); returns the names removed. Without an owner, nothing is removed. Never
 * throws: a file that cannot be listed or removed (another run removed it first, a folder made
 * read-only) is left for a later run, and the run goes on — leftovers cost disk, not correctness.
 */
export function removeDeadRunsScratch(stateDir: string, owner: ScratchOwner | undefined, deps: Pick<Deps, 'onEvent'>, host: string = hostname()): RemovedScratch[] {
  if (owner === undefined) return [];
  const removed = removeScratchOfDeadOwners(stateDir, owner, host);
  if (removed.length > 0) {
    const names = removed.map((file) => file.name);
    deps.onEvent({ type: 'log', level: 'debug', message: `removed ${names.length} scratch file(s) left by runs whose process is gone: ${names.join(', ')}`, data: { removed: names } });
  }
  return removed;
}

function removeScratchOfDeadOwners(stateDir: string, owner: ScratchOwner, host: string): RemovedScratch[] {
  let names: string[];
  try {
    names = readdirSync(stateDir);
  } catch {
    return [];
  }
  const ourHost = tagHost(host);
  const removed: RemovedScratch[] = [];
  const alive = new Map<number, boolean>();
  for (const name of names) {
    const match = SCRATCH_NAME.exec(name);
    if (match === null || match[4] !== ourHost) continue;
    const pid = Number(match[3]);
    if (pid === owner.pid) continue;
    let isAlive = alive.get(pid);
    if (isAlive === undefined) {
      isAlive = owner.isAlive(pid);
      alive.set(pid, isAlive);
    }
    if (isAlive) continue;
    try {
      rmSync(join(stateDir, name), { force: true });
      removed.push({ name, runId: match[2] as string, kind: match[1] as ScratchKind });
    } catch {
      // Left for a later run (see above).
    }
  }
  return removed;
}

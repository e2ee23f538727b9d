/**
 * A file's hash taken once and handed on, with what the file's metadata said when it was taken, so
 * that whoever uses the hash later can tell, without reading the file again, whether it still
 * describes the file: the watcher hashes a dropped file to recognise a duplicate and hands that
 * hash to the run, which records it as the run's identity (journal, resume, report); every run
 * compares the fingerprint again once its reader has read the file (`check-source-unchanged.ts`).
 *
 * Any write changes the modification time or the size; a tool that puts the modification time
 * back still moves the change time; a file put in its place has another inode. A write that left
 * all of them as they were would have to keep the size and land in the same clock tick (a few
 * milliseconds) as the write before it: a file the watcher takes for its stability has sat still
 * for `--stable-seconds` since its last write; in marker mode only a write within a tick of the
 * last one before the marker could go unseen (docs/watch.md, "Limits and choices").
 */
import type { BigIntStats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { hashFile } from './hash-file.js';
import type { HashFileOptions } from './hash-file.js';

/** What `stat` says of a file that a write would change. Nanoseconds: milliseconds would hide a write in the same millisecond. */
export interface FileFingerprint {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly size: bigint;
  readonly mtimeNs: bigint;
  readonly ctimeNs: bigint;
}

/** A file's SHA-256 (hex) and its fingerprint taken just before the hash began. */
export interface KnownFileHash {
  readonly sha256: string;
  readonly fingerprint: FileFingerprint;
}

/** The fingerprint in `stats` (`stat(path, { bigint: true })`). */
export function readFileFingerprint(stats: BigIntStats): FileFingerprint {
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs };
}

/**
 * How `now` differs from `then`, in words for a message (`another file was put in its place`,
 * `its size went from 10 to 12 bytes`, `it was written to`), or `undefined` when it does not.
 */
export function describeFingerprintChange(then: FileFingerprint, now: FileFingerprint): string | undefined {
  if (then.dev !== now.dev || then.ino !== now.ino) return 'another file was put in its place';
  if (then.size !== now.size) return `its size went from ${then.size} to ${now.size} bytes`;
  if (then.mtimeNs !== now.mtimeNs || then.ctimeNs !== now.ctimeNs) return 'it was written to';
  return undefined;
}

/**
 * Why `known` is no longer the hash of the file `displayPath` whose fingerprint is now `now`, as a
 * message, or `undefined` when it still is.
 */
export function describeChangeSinceHash(displayPath: string, known: KnownFileHash, now: FileFingerprint): string | undefined {
  const change = describeFingerprintChange(known.fingerprint, now);
  if (change === undefined) return undefined;
  return `${displayPath} changed after it was hashed (${change}): its hash (sha256 ${known.sha256}) is no longer of what it holds`;
}

/**
 * Hashes `path` and returns the hash with the file's fingerprint taken before the first byte was
 * read: a write during the hashing or after it shows as a changed fingerprint. Rejects as `stat`
 * or the reading does (`ENOENT` for a file that is gone).
 */
export async function hashFileWithFingerprint(path: string, options: Pick<HashFileOptions, 'signal'> = {}): Promise<KnownFileHash> {
  const fingerprint = readFileFingerprint(await stat(path, { bigint: true }));
  const sha256 = await hashFile(path, { signal: options.signal });
  return { sha256, fingerprint };
}

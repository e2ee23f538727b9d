/**
 * The bytes of the issue spill: an append-only scratch file (0600, replaced when stale, deleted when
 * closed). Appended bytes are gathered into writes of about a megabyte; reading walks the file
 * through a window of a megabyte, so reads in the order things were appended are a forward walk.
 * The dry run's spool (`open-scratch-spool.ts`) creates and writes its file with the same two steps.
 */
import { chmodSync, closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { StateError } from '../../core/errors.js';

/** Where bytes are to be written or can be read: a buffer and a position in it (one shared object, valid until the next call). */
interface SpillPlace {
  buffer: Buffer;
  start: number;
}

/** An append-only file of byte records. */
interface SpillByteFile {
  /** Room for at most `most` bytes at the end; write them at the place returned, then `commit`. */
  reserve(most: number): SpillPlace;
  /** Keeps the `length` bytes written at the last reserved place; returns their offset in the file. */
  commit(length: number): number;
  /** Where the `length` bytes at `offset` are (any bytes appended): in the part not yet written, else in the window (read again when they are outside it); the place is valid until the next call. */
  locate(offset: number, length: number): SpillPlace;
  /** Closes and deletes the file. */
  close(): void;
}

const PENDING_BYTES = 1 << 20;
const WINDOW_BYTES = 1 << 20;

/** Creates the file at `path` (replacing a stale one). */
export function openSpillByteFile(path: string): SpillByteFile {
  const fd = createScratchFile(path, 'create the issue spill');
  let pending = Buffer.allocUnsafe(PENDING_BYTES);
  let pendingUsed = 0;
  let fileBytes = 0;
  const window = openFileWindow();
  const place: SpillPlace = { buffer: pending, start: 0 };

  const flush = (): void => {
    writeFully(fd, pending.subarray(0, pendingUsed), fileBytes);
    fileBytes += pendingUsed;
    pendingUsed = 0;
  };

  return {
    reserve(most) {
      if (pendingUsed + most > pending.length) {
        flush();
        if (most > pending.length) pending = Buffer.allocUnsafe(most);
      }
      place.buffer = pending;
      place.start = pendingUsed;
      return place;
    },
    commit(length) {
      const offset = fileBytes + pendingUsed;
      pendingUsed += length;
      return offset;
    },
    locate(offset, length) {
      // Bytes from the file on into the part not yet written (lines of a row asked for at once): written first.
      if (offset < fileBytes && offset + length > fileBytes) flush();
      if (offset >= fileBytes) {
        place.buffer = pending;
        place.start = offset - fileBytes;
        return place;
      }
      return locateInWindow(fd, window, offset, length, fileBytes, place);
    },
    close() {
      pending = Buffer.alloc(0);
      window.buffer = Buffer.alloc(0);
      closeSync(fd);
      rmSync(path, { force: true });
    },
  };
}

/** Bytes of the file read into memory: `buffer` holds the file's bytes from `start` to `end`. */
interface FileWindow {
  buffer: Buffer;
  start: number;
  end: number;
}

function openFileWindow(): FileWindow {
  return { buffer: Buffer.allocUnsafe(WINDOW_BYTES), start: 0, end: 0 };
}

/**
 * Sets `place` to where the `length` bytes at `offset` (below `fileBytes`, the bytes written) are
 * in `window`, reading the window again from `offset` when they are outside it.
 */
function locateInWindow(fd: number, window: FileWindow, offset: number, length: number, fileBytes: number, place: SpillPlace): SpillPlace {
  if (offset < window.start || offset + length > window.end) {
    if (window.buffer.length < length) window.buffer = Buffer.allocUnsafe(length);
    const wanted = Math.min(window.buffer.length, fileBytes - offset);
    let got = 0;
    while (got < wanted) {
      const n = readSync(fd, window.buffer, got, wanted - got, offset + got);
      if (n === 0) break;
      got += n;
    }
    window.start = offset;
    window.end = offset + got;
  }
  place.buffer = window.buffer;
  place.start = offset - window.start;
  return place;
}

/** Creates `path` (replacing a stale file), private from the start (the umask aside), open for reading and writing: the scratch files' one way in. */
export function createScratchFile(path: string, action: string): number {
  try {
    rmSync(path, { force: true });
    const fd = openSync(path, 'wx+', 0o600);
    chmodSync(path, 0o600);
    return fd;
  } catch (error) {
    throw new StateError(`cannot ${action} at ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/** Writes `bytes` at `at` of `fd`, however many writes it takes. */
export function writeFully(fd: number, bytes: Buffer, at: number): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written, at + written);
}

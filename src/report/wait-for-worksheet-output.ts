/**
 * Backpressure for exceljs's streaming worksheet writer. A committed row is written at once into
 * the worksheet's `StreamBuf`, which hands each 64 KB batch, without waiting, to the stream
 * archiver reads the zip entry from (a `readable-stream` 2 `PassThrough`; exceljs 4.4.0
 * `lib/utils/stream-buf.js`). When rows come faster than zlib compresses them, as on a
 * 500,000-row copy, the uncompressed XML piles up there (about 7 MB a second measured, 400 MB by
 * the end). Waiting for that stream to drain once it holds more than a few megabytes keeps the
 * writer's memory flat.
 *
 * `_stream`, `pipes` and readable-stream 2's `_writableState` are internals of exceljs 4.4.0 and
 * archiver 5, pinned like the other exceljs internals the project uses; if they are not there,
 * this does nothing (no backpressure, no failure).
 */
import type { Writable } from 'node:stream';

/** Bytes waiting to be compressed above which the writer waits (default of `waitForWorksheetOutput`). */
export const MAX_PENDING_OUTPUT_BYTES = 4 * 1024 * 1024;

/** What this module reads of exceljs's `StreamBuf`. */
interface StreamBufPipes {
  pipes?: unknown;
}

/** A writable of Node's streams or of `readable-stream` 2 (which has no `writableLength`). */
type AnyWritable = Writable & { _writableState?: { length?: unknown; needDrain?: unknown } };

/**
 * Resolves once the zip entry of `worksheet` (an exceljs streaming worksheet) holds at most
 * `maxPendingBytes` not yet compressed, at once when it does already. Rejects when the entry's
 * stream fails.
 */
export async function waitForWorksheetOutput(worksheet: object, maxPendingBytes = MAX_PENDING_OUTPUT_BYTES): Promise<void> {
  const pipes = ((worksheet as { _stream?: StreamBufPipes })._stream?.pipes ?? []) as unknown;
  if (!Array.isArray(pipes)) return;
  for (const pipe of pipes as AnyWritable[]) {
    const pending = pipe.writableLength ?? pipe._writableState?.length;
    if (typeof pending !== 'number' || pending <= maxPendingBytes) continue;
    // Without a pending 'drain' the stream will not emit one: do not wait on it.
    if ((pipe.writableNeedDrain ?? pipe._writableState?.needDrain) !== true || pipe.destroyed === true) continue;
    await waitForDrain(pipe);
  }
}

function waitForDrain(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: unknown): void => {
      stream.off('drain', onDrain);
      stream.off('close', onDrain);
      stream.off('error', done);
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onDrain = (): void => done();
    stream.on('drain', onDrain);
    // A closed stream never drains; the writer then fails on its own.
    stream.on('close', onDrain);
    stream.on('error', done);
  });
}

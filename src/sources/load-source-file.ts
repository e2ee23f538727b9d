/**
 * The first I/O on a seller's file: does it exist, is it a file, how big is it, what are its first
 * bytes. Every failure is a `SourceReadError` naming the file (or a `LimitError` for a file over
 * `maxFileBytes`).
 */
import { Buffer } from 'node:buffer';
import { open, stat } from 'node:fs/promises';
import { LimitError, SourceReadError } from '../core/errors.js';
import type { ReadOptions } from './types.js';

/** Size of the file in bytes; throws when it cannot be read, is empty, or is over the limit. */
export async function loadSourceFileSize(path: string, options: Pick<ReadOptions, 'maxFileBytes'>): Promise<number> {
  let size: number;
  try {
    const stats = await stat(path);
    if (!stats.isFile()) throw new SourceReadError(path, `${path}: not a file`);
    size = stats.size;
  } catch (error) {
    if (error instanceof SourceReadError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'file not found' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : `cannot be read (${code ?? String(error)})`;
    throw new SourceReadError(path, `${path}: ${why}`, { cause: error });
  }
  if (size === 0) throw new SourceReadError(path, `${path}: the file is empty (0 bytes)`);
  if (options.maxFileBytes !== undefined && size > options.maxFileBytes) {
    throw new LimitError(`${path}: the file has ${size} bytes, more than the limit of ${options.maxFileBytes} (maxFileBytes)`);
  }
  return size;
}

/** Reads up to `length` bytes from `position` (fewer at the end of the file). */
export async function loadFileBytes(path: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(path, 'r').catch((error: unknown) => {
    throw new SourceReadError(path, `${path}: cannot be opened (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
  });
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

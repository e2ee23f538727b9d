/**
 * A streaming exceljs `WorkbookReader` that does not corrupt multi-byte characters.
 *
 * exceljs 4.4.0 decodes every chunk of a zip entry on its own (`lib/utils/parse-sax.js` calls
 * `TextDecoder.decode(chunk)` without `{stream: true}`), so a Cyrillic letter split across two
 * 16 KiB chunks becomes two U+FFFD characters (exceljs issues #2063, #2084, #2316). Setting a text
 * encoding on each zip entry before exceljs reads it makes the entry yield whole-character strings,
 * which exceljs passes through untouched. The fix is confined to this reader instance: nothing in
 * exceljs is patched globally.
 */
import { createReadStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import type * as ExcelJS from 'exceljs';
import { loadExcelJs } from '../core/load-exceljs.js';

/** The options `openWorkbookReader` passes to exceljs. */
export type WorkbookReaderOptions = Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>;

/** An opened streaming reader, and a way to stop reading early. */
export interface OpenedWorkbookReader {
  reader: ExcelJS.stream.xlsx.WorkbookReader;
  /** Closes the file; call when leaving the iteration early. */
  close(): void;
}

/** Opens `path` for streaming reads with the multi-byte fix applied. */
export function openWorkbookReader(path: string, options: WorkbookReaderOptions): OpenedWorkbookReader {
  const input = createReadStream(path);
  const pipe = input.pipe.bind(input) as (destination: Writable, options?: { end?: boolean }) => Writable;
  // exceljs pipes the file into unzipper's object-mode parser, which emits one stream per zip
  // entry; this listener runs before exceljs's own and switches each entry to decoded text.
  (input as Readable).pipe = (<T extends NodeJS.WritableStream>(destination: T, pipeOptions?: { end?: boolean }): T => {
    destination.on?.('data', (entry: unknown) => {
      if (isEncodable(entry)) entry.setEncoding('utf8');
    });
    return pipe(destination as unknown as Writable, pipeOptions) as unknown as T;
  }) as Readable['pipe'];
  const reader = new (loadExcelJs().stream.xlsx.WorkbookReader)(input, options);
  return { reader, close: () => input.destroy() };
}

function isEncodable(entry: unknown): entry is { setEncoding(encoding: BufferEncoding): unknown } {
  return typeof entry === 'object' && entry !== null && typeof (entry as { setEncoding?: unknown }).setEncoding === 'function';
}

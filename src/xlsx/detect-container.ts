/**
 * What kind of file hides behind an `.xlsx` name. An XLSX is a zip archive; a password-protected
 * XLSX is not (Excel wraps the encrypted zip in an OLE compound file, magic D0 CF 11 E0), and
 * neither is an old `.xls` renamed to `.xlsx`. Telling these apart gives the seller the right advice.
 */
import { createReadStream } from 'node:fs';
import { Buffer } from 'node:buffer';

/** The container as seen from the first bytes. */
type ContainerKind = 'zip' | 'ole' | 'text' | 'unknown';

/** What an OLE compound file holds. */
type OleContent = 'encrypted_ooxml' | 'legacy_xls' | 'other';

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Looks at the first bytes of a file. */
export function detectContainer(head: Uint8Array): ContainerKind {
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5 || head[2] === 7)) return 'zip';
  if (Buffer.from(head.subarray(0, 8)).equals(OLE_MAGIC)) return 'ole';
  const sample = head.subarray(0, 512);
  // Text (a CSV or HTML saved under an .xlsx name) has no control bytes besides tab and line breaks.
  if (sample.length > 0 && sample.every((byte) => byte >= 0x20 || byte === 9 || byte === 10 || byte === 13)) return 'text';
  return 'unknown';
}

// Directory entries of an OLE file are named in UTF-16LE and end with a zero character.
const ENCRYPTED_NAMES = ['EncryptedPackage', 'EncryptionInfo'].map((name) => Buffer.from(`${name}\0`, 'utf16le'));
const XLS_NAMES = ['Workbook', 'Book'].map((name) => Buffer.from(`${name}\0`, 'utf16le'));

/** Finds which streams an OLE file holds, by their directory names. */
function detectOleContent(bytes: Uint8Array): OleContent | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ENCRYPTED_NAMES.some((name) => buffer.includes(name))) return 'encrypted_ooxml';
  if (XLS_NAMES.some((name) => buffer.includes(name))) return 'legacy_xls';
  return undefined;
}

/** Scans an OLE file for its stream names (the directory may sit anywhere in the file). */
export async function loadOleContent(path: string): Promise<OleContent> {
  let tail: Buffer = Buffer.alloc(0);
  let found: OleContent | undefined;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    const bytes = Buffer.concat([tail, chunk as Buffer]);
    const content = detectOleContent(bytes);
    if (content === 'encrypted_ooxml') return content;
    found ??= content;
    tail = bytes.subarray(Math.max(0, bytes.length - 64));
  }
  return found ?? 'other';
}

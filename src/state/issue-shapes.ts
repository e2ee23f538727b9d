/**
 * The compact form of spilled issues. A file where every row is wrong has millions of issues that
 * differ only in a few fields: their stage, code, severity, file, sheet, column and header — and
 * the order of their keys — repeat (a "shape", kept once in memory), while the message, value,
 * hint, path and product key vary. The spill writes only those, as UTF-8 (4-byte length, then the
 * bytes: 100 bytes for an issue whose JSON is 330), and the row is the row the issue is spilled
 * under. Reading one back makes the object without a JSON parser; its `issues.ndjson` line is put
 * together from the shape's JSON pieces and the stored bytes, and is byte for byte
 * `JSON.stringify` of the issue. An issue that fits no shape (a key this file does not know, a
 * value of another type, a row other than its own) is stored as its JSON, as before.
 */
import type { Issue } from '../core/issue.js';
import { copyBytes } from '../core/copy-bytes.js';
import { MemoTrial } from '../core/memo-trial.js';

/** Keys whose value is part of the shape: few distinct values in a file (the spill counts on file, sheet, column, code and severity being among them). */
const FIXED_KEYS = new Set(['stage', 'code', 'severity', 'file', 'sheet', 'column', 'header']);
/** Keys whose value is stored with each issue. */
const VARIABLE_KEYS = new Set(['message', 'value', 'hint', 'path', 'productKey']);
/** A string JSON.stringify writes differently from its UTF-8: quotes, backslashes, control characters, lone surrogates. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
/** The stored length's low bit: the bytes are the string's JSON (quoted and escaped), not its UTF-8. */
const ESCAPED = 1;
const KEY_VARIABLE = 0;
const KEY_ROW = 1;
const KEY_FIXED = 2;

/** Shape id of an issue stored as its JSON. */
export const JSON_SHAPE = -1;

interface Shape {
  /** Keys in the order of the issue. */
  keys: string[];
  /** Per key: KEY_VARIABLE, KEY_ROW or KEY_FIXED. */
  kinds: number[];
  /** Per key: the value of a fixed key. */
  values: (string | undefined)[];
  /** The issue with its fixed values, copied for each issue read back (a copy keeps the object's layout). */
  template: Record<string, unknown>;
  /** The JSON around the values stored: piece i comes before stored value i (quotes and the row in between are written apart). */
  pieces: Buffer[];
  /** Per piece: whether the row comes after it (then the next piece follows the row). */
  rowAfter: boolean[];
  /** Bytes of the pieces. */
  pieceBytes: number;
  variables: number;
  /** Per key: the last value read back (`readValue`). */
  recent: (RecentValue | undefined)[];
  /** Per key: the last value stored (`encodeValues`). */
  stored: (StoredValue | undefined)[];
  /** What the shape holds, for readers that render text from the stored bytes (`partsOf`). */
  parts: ShapeParts;
}

/**
 * What one shape holds, for readers that render an issue from its stored bytes without making the
 * object: the values of its fixed keys, and the keys stored with each issue in the order stored.
 */
export interface ShapeParts {
  readonly fixed: Readonly<Record<string, string>>;
  readonly varying: readonly string[];
}

/**
 * A table's shapes as plain data, in id order: what `buildShape` makes each from (its keys in the
 * issue's order, and the template, which holds the fixed values). Posted to another thread, where
 * `createIssueShapes(copy)` builds the same table.
 */
export type IssueShapesCopy = { keys: string[]; template: Record<string, unknown> }[];

/** What reading stored issues back needs of the table of shapes (a spill's readers, a snapshot's). */
export interface IssueShapeReader {
  /** The issue stored at `bytes[start, end)` with shape `shape`, spilled under `row`. */
  decode(shape: number, row: number, bytes: Buffer, start: number, end: number): Issue;
  /** An upper bound of the JSON bytes of a stored issue of `storedBytes` bytes. */
  maxJsonBytes(shape: number, storedBytes: number): number;
  /** Writes the issue's JSON (`JSON.stringify`'s, as UTF-8) into `target` at `at`; returns where it ends. */
  writeJson(shape: number, row: number, bytes: Buffer, start: number, end: number, target: Buffer, at: number): number;
  /** What shape `shape` holds (the same object every time); undefined for JSON_SHAPE. */
  partsOf(shape: number): ShapeParts | undefined;
  /**
   * Finds the values of an issue of shape `shape` (not JSON_SHAPE) stored at `bytes[start…]`: for
   * each of its `varying` keys, in order, puts three numbers into `out` from `at`: where the value's
   * bytes start and end in `bytes`, and 1 when they are its JSON string (quoted, escaped: it held a
   * quote, a backslash, a control character or a surrogate), else 0 (its UTF-8). Returns the values found.
   */
  locateValues(shape: number, bytes: Buffer, start: number, out: Int32Array, at: number): number;
}

/** The table of shapes of one spill: the reader's part, and what storing issues needs. */
export interface IssueShapes extends IssueShapeReader {
  /** The shape id of `issue` (spilled under `row`), made on first sight; JSON_SHAPE when it fits none. */
  shapeOf(issue: Issue, row: number): number;
  /** An upper bound of the bytes `encode` writes for `issue`. */
  maxBytes(issue: Issue): number;
  /** Writes the varying values of `issue` (of shape `shape`, not JSON_SHAPE) into `target` at `at`; returns the bytes written. */
  encode(shape: number, issue: Issue, target: Buffer, at: number): number;
  /** The shapes as plain data, to be posted to another thread (`createIssueShapes(copy)`). */
  copy(): IssueShapesCopy;
}

/**
 * Creates a table: empty, or with the shapes of `from` (`IssueShapes.copy`) under the same ids,
 * built as the original built them — it reads back and writes the JSON of the issues stored with
 * them byte for byte as the original does.
 */
export function createIssueShapes(from?: IssueShapesCopy): IssueShapes {
  const shapes: Shape[] = from === undefined ? [] : from.map(({ keys, template }) => buildShape(keys, template));
  // Shapes by code, then matched key by key: a file has a few per code.
  const byCode = new Map<string, number[]>();
  const indexShape = (id: number, code: string): void => {
    const ids = byCode.get(code);
    if (ids === undefined) byCode.set(code, [id]);
    else ids.push(id);
  };
  shapes.forEach((shape, id) => indexShape(id, shape.template['code'] as string));
  const keys: string[] = [];

  const shapeOf = (issue: Issue, row: number): number => {
    const record = issue as unknown as Record<string, unknown>;
    const candidates = byCode.get(issue.code);
    // Usually an issue fits a shape of its code seen before: checked key by key against the
    // shape's keys in one walk (no list of the issue's keys, no lookup of each key's kind).
    if (candidates !== undefined) {
      for (const id of candidates) if (fits(shapes[id] as Shape, record, row)) return id;
    }
    keys.length = 0;
    for (const key in record) {
      const value = record[key];
      if (FIXED_KEYS.has(key) || VARIABLE_KEYS.has(key)) {
        if (typeof value !== 'string') return JSON_SHAPE;
      } else if (key !== 'row' || value !== row) return JSON_SHAPE;
      keys.push(key);
    }
    const id = shapes.length;
    shapes.push(buildShape(keys, record));
    indexShape(id, issue.code);
    return id;
  };

  const table: IssueShapes = {
    shapeOf,
    maxBytes: measureMaxBytes,
    encode: (shape, issue, target, at) => encodeValues(shapes[shape] as Shape, issue, target, at),
    decode(shape, row, bytes, start, end) {
      if (shape === JSON_SHAPE) return JSON.parse(bytes.toString('utf8', start, end)) as Issue;
      return decodeIssue(shapes[shape] as Shape, row, bytes, start);
    },
    maxJsonBytes(shape, storedBytes) {
      if (shape === JSON_SHAPE) return storedBytes;
      const { pieceBytes, variables } = shapes[shape] as Shape;
      return pieceBytes + storedBytes + variables * 2 + 24;
    },
    writeJson(shape, row, bytes, start, end, target, at) {
      if (shape === JSON_SHAPE) return at + bytes.copy(target, at, start, end);
      return writeShapeJson(shapes[shape] as Shape, row, bytes, start, target, at);
    },
    partsOf: (shape) => (shape === JSON_SHAPE ? undefined : (shapes[shape] as Shape).parts),
    locateValues: (shape, bytes, start, out, at) => locateShapeValues(shapes[shape] as Shape, bytes, start, out, at),
    copy: () => shapes.map((shape) => ({ keys: shape.keys, template: shape.template })),
  };
  return table;
}

/** An upper bound of the bytes `encodeValues` writes for `issue`. */
function measureMaxBytes(issue: Issue): number {
  // A UTF-16 unit is at most 3 bytes of UTF-8, or 6 escaped (\u001f); quotes and 4 bytes of length per value.
  let bytes = 0;
  const record = issue as unknown as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    if (typeof value === 'string') bytes += 6 + value.length * 6;
  }
  return bytes;
}

/** Writes the varying values of `issue` (of shape `shape`) into `target` at `at`, each after its 4-byte length; returns the bytes written. */
function encodeValues(shape: Shape, issue: Issue, target: Buffer, at: number): number {
  const { keys: shapeKeys, kinds } = shape;
  const record = issue as unknown as Record<string, string>;
  let cursor = at;
  for (let i = 0; i < shapeKeys.length; i++) {
    if (kinds[i] !== KEY_VARIABLE) continue;
    const value = record[shapeKeys[i] as string] as string;
    let stored = shape.stored[i];
    if (stored === undefined) {
      stored = { value: '', header: 0, length: -1, bytes: Buffer.allocUnsafe(STORED_BYTES), trial: new MemoTrial() };
      shape.stored[i] = stored;
    }
    const trying = stored.trial.paying();
    if (trying && stored.length >= 0 && stored.value === value) {
      stored.trial.hit();
      target.writeUInt32LE(stored.header, cursor);
      cursor += 4 + copyBytes(stored.bytes, 0, stored.length, target, cursor + 4);
      continue;
    }
    const header = encodeValue(value, target, cursor + 4);
    target.writeUInt32LE(header, cursor);
    const length = header >>> 1;
    if (trying) {
      stored.trial.miss();
      if (length <= STORED_BYTES) {
        stored.value = value;
        stored.header = header;
        stored.length = copyBytes(target, cursor + 4, cursor + 4 + length, stored.bytes, 0);
      }
    }
    cursor += 4 + length;
  }
  return cursor - at;
}

/**
 * Writes `value` at `target[at]` as its UTF-8, or as its JSON string when it needs escaping; returns
 * its stored length header (length × 2, plus ESCAPED). The same value always gives the same bytes:
 * what `encodeValues` copies from the value stored before rests on it.
 */
function encodeValue(value: string, target: Buffer, at: number): number {
  let length = value.length <= SHORT_VALUE ? writeShortUtf8(value, target, at, false) : UNSUITED;
  let escaped = false;
  if (length === QUOTED) {
    length = writeShortUtf8(value, target, at, true);
    escaped = true;
  }
  if (length < 0) {
    escaped = NEEDS_ESCAPE.test(value);
    length = target.write(escaped ? JSON.stringify(value) : value, at);
  }
  return length * 2 + (escaped ? ESCAPED : 0);
}

/**
 * The last value stored of one key of a shape, and its bytes: a file where every row is wrong
 * repeats most values issue after issue (the same message and wrong price on every row, a product
 * key over its rows), which are then copied instead of encoded again, while that pays.
 */
interface StoredValue {
  value: string;
  header: number;
  /** Bytes of `value` stored (-1: none remembered yet). */
  length: number;
  bytes: Buffer;
  trial: MemoTrial;
}

/** Values up to this many bytes are remembered. */
const STORED_BYTES = 128;

/** The issue of shape `shape` whose values are stored from `bytes[start]`, spilled under `row`. */
function decodeIssue(shape: Shape, row: number, bytes: Buffer, start: number): Issue {
  const { keys: shapeKeys, kinds, template } = shape;
  const issue = { ...template };
  let cursor = start;
  for (let i = 0; i < shapeKeys.length; i++) {
    const kind = kinds[i];
    if (kind === KEY_FIXED) continue;
    const key = shapeKeys[i] as string;
    if (kind === KEY_ROW) {
      issue[key] = row;
      continue;
    }
    const header = bytes.readUInt32LE(cursor);
    const length = header >>> 1;
    issue[key] = readValue(recentOf(shape, i), header, bytes, cursor + 4, length);
    cursor += 4 + length;
  }
  return issue as unknown as Issue;
}

/** Writes the JSON of the issue of shape `shape` stored from `bytes[start]` (spilled under `row`) into `target` at `at`; returns where it ends. */
function writeShapeJson(shape: Shape, row: number, bytes: Buffer, start: number, target: Buffer, at: number): number {
  const { pieces, rowAfter } = shape;
  let cursor = at;
  let stored = start;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as Buffer;
    target.set(piece, cursor);
    cursor += piece.length;
    if (rowAfter[i] === true) {
      cursor += target.write(String(row), cursor, 'latin1');
      continue;
    }
    if (i === pieces.length - 1) break;
    const header = bytes.readUInt32LE(stored);
    const length = header >>> 1;
    const escaped = (header & ESCAPED) !== 0;
    if (!escaped) target[cursor++] = 0x22;
    cursor += copyBytes(bytes, stored + 4, stored + 4 + length, target, cursor);
    if (!escaped) target[cursor++] = 0x22;
    stored += 4 + length;
  }
  return cursor;
}

/** Where the stored values of an issue of shape `shape` from `bytes[start]` are: start, end and escaped flag of each, into `out` from `at`; returns how many. */
function locateShapeValues(shape: Shape, bytes: Buffer, start: number, out: Int32Array, at: number): number {
  const { variables } = shape;
  let cursor = start;
  for (let i = 0; i < variables; i++) {
    const header = bytes.readUInt32LE(cursor);
    const length = header >>> 1;
    out[at + i * 3] = cursor + 4;
    out[at + i * 3 + 1] = cursor + 4 + length;
    out[at + i * 3 + 2] = header & ESCAPED;
    cursor += 4 + length;
  }
  return variables;
}

/** Values up to this long are encoded by `writeShortUtf8`. */
const SHORT_VALUE = 128;

/** `writeShortUtf8`: a control character or a surrogate (left to `JSON.stringify`). */
const UNSUITED = -1;
/** `writeShortUtf8`: a quote or backslash (written as JSON, `asJson`). */
const QUOTED = -2;

/**
 * Writes `value` as UTF-8 at `target[at]` — or, `asJson`, as its JSON string (quoted, quotes and
 * backslashes escaped) — and returns the bytes written; QUOTED when, not `asJson`, it holds a
 * quote or backslash; UNSUITED when it holds a control character or a surrogate. What was written
 * then is to be overwritten. For the short values of most issues a loop costs less than
 * `Buffer#write`'s call into the runtime, the escape pattern's test and `JSON.stringify`.
 */
function writeShortUtf8(value: string, target: Buffer, at: number, asJson: boolean): number {
  let cursor = at;
  if (asJson) target[cursor++] = 0x22;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x80) {
      if (code < 0x20) return UNSUITED;
      if (code === 0x22 || code === 0x5c) {
        if (!asJson) return QUOTED;
        target[cursor++] = 0x5c;
      }
      target[cursor++] = code;
    } else if (code < 0x800) {
      target[cursor++] = 0xc0 | (code >> 6);
      target[cursor++] = 0x80 | (code & 0x3f);
    } else {
      if (code >= 0xd800 && code <= 0xdfff) return UNSUITED;
      target[cursor++] = 0xe0 | (code >> 12);
      target[cursor++] = 0x80 | ((code >> 6) & 0x3f);
      target[cursor++] = 0x80 | (code & 0x3f);
    }
  }
  if (asJson) target[cursor++] = 0x22;
  return cursor - at;
}

/** The last value read back of one key of a shape, and its stored bytes (short values only). */
interface RecentValue {
  header: number;
  bytes: Buffer;
  value: string;
}

/** Values up to this many bytes are remembered by `readValue`. */
const RECENT_BYTES = 64;

function recentOf(shape: Shape, key: number): RecentValue {
  let recent = shape.recent[key];
  if (recent === undefined) {
    recent = { header: -1, bytes: Buffer.alloc(RECENT_BYTES), value: '' };
    shape.recent[key] = recent;
  }
  return recent;
}

/**
 * The value stored at `bytes[start, start + length)` with `header`: the last one read back of
 * the same key and shape when the bytes are the same — a product key over the product's rows, the
 * same wrong price on every row — without decoding them again.
 */
function readValue(recent: RecentValue, header: number, bytes: Buffer, start: number, length: number): string {
  if (length > RECENT_BYTES) return decodeValue(header, bytes, start, length);
  if (header === recent.header) {
    let i = 0;
    while (i < length && bytes[start + i] === recent.bytes[i]) i++;
    if (i === length) return recent.value;
  }
  const value = decodeValue(header, bytes, start, length);
  for (let i = 0; i < length; i++) recent.bytes[i] = bytes[start + i] as number;
  recent.header = header;
  recent.value = value;
  return value;
}

function decodeValue(header: number, bytes: Buffer, start: number, length: number): string {
  const text = bytes.toString('utf8', start, start + length);
  return (header & ESCAPED) !== 0 ? (JSON.parse(text) as string) : text;
}

/** Whether `record` (spilled under `row`) has the shape's keys in its order, its fixed values, strings for the values stored and `row` as its row. */
function fits(shape: Shape, record: Record<string, unknown>, row: number): boolean {
  const { keys, kinds, values } = shape;
  let i = 0;
  for (const key in record) {
    if (key !== keys[i]) return false;
    const value = record[key];
    const kind = kinds[i];
    if (kind === KEY_VARIABLE) {
      if (typeof value !== 'string') return false;
    } else if (kind === KEY_FIXED) {
      if (value !== values[i]) return false;
    } else if (value !== row) return false;
    i++;
  }
  return i === keys.length;
}

/**
 * The shape of an issue with these keys: the JSON pieces between its stored values, as
 * `JSON.stringify` writes them (`{"key":value,…}`), split where a stored value or the row goes.
 */
function buildShape(keys: readonly string[], record: Record<string, unknown>): Shape {
  const kinds: number[] = [];
  const values: (string | undefined)[] = [];
  const pieces: Buffer[] = [];
  const rowAfter: boolean[] = [];
  const template: Record<string, unknown> = {};
  let text = '{';
  keys.forEach((key, i) => {
    const kind = key === 'row' ? KEY_ROW : FIXED_KEYS.has(key) ? KEY_FIXED : KEY_VARIABLE;
    kinds.push(kind);
    values.push(kind === KEY_FIXED ? (record[key] as string) : undefined);
    template[key] = kind === KEY_FIXED ? record[key] : kind === KEY_ROW ? 0 : '';
    text += `${i > 0 ? ',' : ''}${JSON.stringify(key)}:`;
    if (kind === KEY_FIXED) {
      text += JSON.stringify(record[key]);
      return;
    }
    pieces.push(Buffer.from(text, 'utf8'));
    rowAfter.push(kind === KEY_ROW);
    text = '';
  });
  pieces.push(Buffer.from(`${text}}`, 'utf8'));
  rowAfter.push(false);
  const fixed: Record<string, string> = {};
  keys.forEach((key, i) => {
    if (kinds[i] === KEY_FIXED) fixed[key] = values[i] as string;
  });
  return {
    keys: [...keys],
    kinds,
    values,
    template,
    pieces,
    rowAfter,
    pieceBytes: pieces.reduce((sum, piece) => sum + piece.length, 0),
    variables: kinds.filter((kind) => kind === KEY_VARIABLE).length,
    recent: [],
    stored: [],
    parts: { fixed, varying: keys.filter((_, i) => kinds[i] === KEY_VARIABLE) },
  };
}

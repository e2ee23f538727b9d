/**
 * Where the issues of a run's rows go as they are found, instead of memory: a scratch file (0600,
 * deleted when closed) that issues are appended to, in the order they come, in a compact form: the
 * values that vary from issue to issue, the rest kept once per "shape" (`issue-shapes.ts`; an
 * issue of no shape is stored as its JSON). A file where every row is wrong holds millions of
 * issues; memory then holds, per issue, where it is in the file, its shape, its sort key and the
 * next issue of its row (typed arrays, 24 bytes), and per row its first and last issue (8 bytes) —
 * not the issues. They are read back per row (the annotated copy, `rejected-rows.csv`) and all in
 * row order (`issues.ndjson`, `--json`). For `issues.ndjson` they come as records — the fields the
 * list is sorted and counted by (an index into a table of the few distinct ones) and the JSON put
 * together from the shape and the stored bytes — so that file is written without making an issue
 * object or a JSON string.
 *
 * Rows come in file order, so a row's issues are mostly next to each other and next to the rows
 * around it (a product's issues follow its rows closely): reading in row order walks the file
 * forward through a window of a megabyte. The SQLite table this replaces cost a B-tree insert per
 * issue and a cursor step per read, a tenth of the dry run of a file where every row is wrong.
 */
import type { Issue, Severity } from '../core/issue.js';
import { createIssueKeyTable, readIssueKeys, type IssueKeyReader, type IssueKeyTable } from './issue-key-table.js';
import { createIssueShapes, JSON_SHAPE, type IssueShapeReader, type IssueShapes, type IssueShapesCopy, type ShapeParts } from './issue-shapes.js';
import { openSpillByteFile, openSpillByteReader, type SpillByteFile, type SpillByteReader } from './spill-byte-file.js';
import type { IssueKey } from './issue-key-table.js';

/**
 * One spilled issue as `issues.ndjson` takes it: the fields it is sorted and counted by, and its
 * JSON (`JSON.stringify` of the issue), `bytes[start, end)` — no issue object is made. Records and
 * their bytes are reused: they hold until the next row is asked for.
 */
export interface SpilledIssueRecord {
  file: string | undefined;
  sheet: string | undefined;
  row: number | undefined;
  column: string | undefined;
  code: string;
  severity: Severity;
  bytes: Buffer;
  start: number;
  end: number;
}

/**
 * One row's issues as stored, for writers that render their text without making issue objects
 * (`IssueSpill.storedOf`): per issue its shape's parts (undefined: stored as JSON, no shape) and
 * its varying values, slices of `bytes` (see `IssueShapes.locateValues`). Reused from row to row.
 */
export interface StoredRowIssues {
  count: number;
  /** The bytes the issues take (in `bytes`, which may be longer: a buffer of the spill's). */
  size: number;
  /** Per issue (the first `count`). */
  shapes: (ShapeParts | undefined)[];
  /** Per issue: the index in `values` of its first value's three numbers. */
  firsts: Int32Array;
  /**
   * Per value of its shape's `varying`, three numbers: where its bytes start and end in `bytes`, and
   * 1 when they are its JSON string (quoted, escaped) rather than its UTF-8.
   */
  values: Int32Array;
  bytes: Buffer;
}

/** Issues of rows, spilled to disk. */
export interface IssueSpill {
  /** Adds an issue of source row `row`. */
  add(row: number, issue: Issue): void;
  /** Every issue of one row, in the order added (do not change the list: asking again for the same row gives the same one). */
  issuesOf(row: number): Issue[];
  /** Removes the issues of `row` that `predicate` picks; returns them. */
  remove(row: number, predicate: (issue: Issue) => boolean): Issue[];
  /** Every issue, by row, then in the order added. A stream: nothing is held but the current row. */
  iterate(): IterableIterator<{ row: number; issue: Issue }>;
  /**
   * Every row's issues as records, by row, then in the order added (see `SpilledIssueRecord`): what
   * `issues.ndjson` is written from, its bytes copied as they are, never parsed.
   */
  records(): IterableIterator<SpilledIssueRecord[]>;
  /** The issues of `row` as stored (see `StoredRowIssues`): valid until the next call. */
  storedOf(row: number): StoredRowIssues;
  /** Issues held. */
  size(): number;
  /** Closes and deletes the file. */
  close(): void;
  /**
   * What another thread needs to read every row's records as `records` does
   * (`openIssueSpillSnapshot`): the bytes not yet written are written first, the tables are
   * copied. Issues added or removed afterwards are not in it.
   */
  snapshot(): IssueSpillSnapshot;
}

const NONE = -1;

/**
 * Where each issue is and how the issues of a row are linked, in typed arrays grown by doubling:
 * per issue its byte offset and length in the file (length NONE once removed), the next issue of
 * its row, its key (index into the key table) and its shape; per row its first and last issue
 * (NONE when it has none).
 */
interface IssueTable extends IssueTableArrays {
  tails: Int32Array;
  entries: number;
}

/** The parts of the table a reader of the spill needs (the writer's `IssueTable`, a thread's snapshot). */
export interface IssueTableArrays {
  offsets: Float64Array;
  lengths: Int32Array;
  nexts: Int32Array;
  keyIds: Int32Array;
  shapeIds: Int32Array;
  heads: Int32Array;
  maxRow: number;
}

function createIssueTable(): IssueTable {
  return {
    offsets: new Float64Array(1024),
    lengths: new Int32Array(1024),
    nexts: new Int32Array(1024),
    keyIds: new Int32Array(1024),
    shapeIds: new Int32Array(1024),
    heads: new Int32Array(1024).fill(NONE),
    tails: new Int32Array(1024).fill(NONE),
    entries: 0,
    maxRow: -1,
  };
}

/** Adds an issue stored at `offset` (`length` bytes) as the last of `row`; returns its entry. */
function appendEntry(table: IssueTable, row: number, offset: number, length: number, keyId: number, shapeId: number): number {
  if (table.entries === table.offsets.length) {
    const size = table.offsets.length * 2;
    table.offsets = growArray(table.offsets, size, 0);
    table.lengths = growArray(table.lengths, size, 0);
    table.nexts = growArray(table.nexts, size, 0);
    table.keyIds = growArray(table.keyIds, size, 0);
    table.shapeIds = growArray(table.shapeIds, size, 0);
  }
  if (row >= table.heads.length) {
    let size = table.heads.length;
    while (size <= row) size *= 2;
    table.heads = growArray(table.heads, size, NONE);
    table.tails = growArray(table.tails, size, NONE);
  }
  const entry = table.entries++;
  table.offsets[entry] = offset;
  table.lengths[entry] = length;
  table.nexts[entry] = NONE;
  table.keyIds[entry] = keyId;
  table.shapeIds[entry] = shapeId;
  const tail = table.tails[row] as number;
  if (tail === NONE) table.heads[row] = entry;
  else table.nexts[tail] = entry;
  table.tails[row] = entry;
  if (row > table.maxRow) table.maxRow = row;
  return entry;
}

/** Unlinks `entry` (after `previous`, NONE when first) from `row`; its bytes stay in the file, unread. */
function unlinkEntry(table: IssueTable, row: number, previous: number, entry: number): void {
  const next = table.nexts[entry] as number;
  if (previous === NONE) table.heads[row] = next;
  else table.nexts[previous] = next;
  if (table.tails[row] === entry) table.tails[row] = previous;
  table.lengths[entry] = NONE;
}

/**
 * What reading rows back needs: the table, the bytes, the shapes and keys, the rows of issues
 * spilled under another — read only, so the spill's readers run the same on the spill itself and
 * on a snapshot of it on another thread (`openIssueSpillSnapshot`).
 */
interface SpillReadParts {
  table: IssueTableArrays;
  file: SpillByteReader;
  shapes: IssueShapeReader;
  keys: IssueKeyReader;
  otherRows: ReadonlyMap<number, number | undefined>;
}

/** The spill's own parts: the readers' and what adding and removing issues changes. */
interface SpillParts extends SpillReadParts {
  table: IssueTable;
  file: SpillByteFile;
  shapes: IssueShapes;
  keys: IssueKeyTable;
  otherRows: Map<number, number | undefined>;
}

/** The issue of `entry`, spilled under `row`, as an object. */
function readIssue(parts: SpillReadParts, entry: number, row: number): Issue {
  const { table } = parts;
  const length = table.lengths[entry] as number;
  const { buffer, start } = parts.file.locate(table.offsets[entry] as number, length);
  return parts.shapes.decode(table.shapeIds[entry] as number, row, buffer, start, start + length);
}

/** One row's records and the bytes of their JSON, reused from row to row. */
interface RowRecords {
  records: SpilledIssueRecord[];
  bytes: Buffer;
}

/** Fills `out` with the records of `row`'s issues (see `SpilledIssueRecord`), their JSON put together from the shapes and the stored bytes. */
function fillRowRecords(parts: SpillReadParts, row: number, out: RowRecords): SpilledIssueRecord[] {
  const { table, shapes, keys, otherRows } = parts;
  let total = 0;
  let n = 0;
  for (let entry = table.heads[row] as number; entry !== NONE; entry = table.nexts[entry] as number) {
    total += shapes.maxJsonBytes(table.shapeIds[entry] as number, table.lengths[entry] as number);
    n += 1;
  }
  if (total > out.bytes.length) out.bytes = Buffer.allocUnsafe(Math.max(total, out.bytes.length * 2));
  const { records, bytes } = out;
  while (records.length < n) {
    records.push({ file: undefined, sheet: undefined, row: undefined, column: undefined, code: '', severity: 'error', bytes, start: 0, end: 0 });
  }
  records.length = n;
  let i = 0;
  let at = 0;
  for (let entry = table.heads[row] as number; entry !== NONE; entry = table.nexts[entry] as number) {
    const length = table.lengths[entry] as number;
    const { buffer, start } = parts.file.locate(table.offsets[entry] as number, length);
    const end = shapes.writeJson(table.shapeIds[entry] as number, row, buffer, start, start + length, bytes, at);
    const key = keys.at(table.keyIds[entry] as number);
    const record = records[i++] as SpilledIssueRecord;
    record.file = key.file;
    record.sheet = key.sheet;
    record.row = otherRows.size > 0 && otherRows.has(entry) ? otherRows.get(entry) : row;
    record.column = key.column;
    record.code = key.code;
    record.severity = key.severity;
    record.bytes = bytes;
    record.start = at;
    record.end = end;
    at = end;
  }
  return records;
}

/** One row's issues as stored, and the buffer their bytes are copied to when they cannot be read in place. */
interface StoredRow {
  out: StoredRowIssues;
  copy: Buffer;
}

function createStoredRow(): StoredRow {
  return { out: { count: 0, size: 0, shapes: [], firsts: new Int32Array(16), values: new Int32Array(64), bytes: Buffer.alloc(0) }, copy: Buffer.allocUnsafe(1 << 12) };
}

/**
 * Fills `out` with the issues of `row` as stored (see `StoredRowIssues`). A row's issues are
 * usually side by side in the file: when every one is found in the same buffer at the same
 * distance from its offset (so the window was not moved between them), they are read where they
 * are; else their bytes are copied out one by one.
 */
function fillStoredRow(parts: SpillReadParts, row: number, stored: StoredRow): StoredRowIssues {
  const { table, shapes, file } = parts;
  const { out } = stored;
  const head = row >= 0 && row <= table.maxRow ? (table.heads[row] as number) : NONE;
  let total = 0;
  let n = 0;
  let shared: Buffer | undefined;
  let base = 0;
  for (let entry = head; entry !== NONE; entry = table.nexts[entry] as number) {
    const length = table.lengths[entry] as number;
    const offset = table.offsets[entry] as number;
    const { buffer, start } = file.locate(offset, length);
    if (n === 0) {
      shared = buffer;
      base = offset - start;
    } else if (buffer !== shared || offset - start !== base) shared = undefined;
    total += length;
    n += 1;
  }
  // A stored value takes at least its 4 bytes of length.
  if (n > out.firsts.length) out.firsts = new Int32Array(Math.max(n, out.firsts.length * 2));
  if ((total >> 2) * 3 > out.values.length) out.values = new Int32Array(Math.max((total >> 2) * 3, out.values.length * 2));
  out.count = n;
  out.size = total;
  if (n > 0 && shared === undefined && total > stored.copy.length) stored.copy = Buffer.allocUnsafe(Math.max(total, stored.copy.length * 2));
  out.bytes = shared ?? stored.copy;
  const { bytes, firsts, values: places } = out;
  let i = 0;
  let at = 0;
  let value = 0;
  for (let entry = head; entry !== NONE; entry = table.nexts[entry] as number) {
    const length = table.lengths[entry] as number;
    const offset = table.offsets[entry] as number;
    const shape = table.shapeIds[entry] as number;
    if (shared !== undefined) at = offset - base;
    else {
      const { buffer, start } = file.locate(offset, length);
      buffer.copy(bytes, at, start, start + length);
    }
    out.shapes[i] = shapes.partsOf(shape);
    firsts[i] = value;
    if (shape !== JSON_SHAPE) value += shapes.locateValues(shape, bytes, at, places, value * 3);
    if (shared === undefined) at += length;
    i += 1;
  }
  return out;
}

/** Every row's records, by row (`IssueSpill.records`), the records and their bytes reused from row to row. */
function* walkRecords(parts: SpillReadParts, out: RowRecords): IterableIterator<SpilledIssueRecord[]> {
  const { table } = parts;
  for (let row = 0; row <= table.maxRow; row += 1) if (table.heads[row] !== NONE) yield fillRowRecords(parts, row, out);
}

/** Every issue of `row` as objects, in the order added. */
function readRowIssues(parts: SpillReadParts, row: number): Issue[] {
  const issues: Issue[] = [];
  const { table } = parts;
  if (row < 0 || row > table.maxRow) return issues;
  for (let entry = table.heads[row] as number; entry !== NONE; entry = table.nexts[entry] as number) issues.push(readIssue(parts, entry, row));
  return issues;
}

/** Creates the spill at `path` (replacing a stale one). */
export function openIssueSpill(path: string): IssueSpill {
  const parts: SpillParts = { table: createIssueTable(), file: openSpillByteFile(path), shapes: createIssueShapes(), keys: createIssueKeyTable(), otherRows: new Map() };
  const { table, file, shapes, keys, otherRows } = parts;
  const rowRecords: RowRecords = { records: [], bytes: Buffer.allocUnsafe(1 << 16) };
  const storedRow = createStoredRow();
  // Per shape: its key's number. File, sheet, column, code and severity are values of the shape, so
  // issues of one shape share their key: looked up once, not per issue.
  const shapeKeyIds: number[] = [];
  let count = 0;
  // The last row read back, and its issues: the report asks for each row twice.
  let lastRow = NONE;
  let lastIssues: Issue[] = [];

  return {
    add(row, issue) {
      if (row === lastRow) lastRow = NONE;
      const shape = shapes.shapeOf(issue, row);
      const json = shape === JSON_SHAPE ? JSON.stringify(issue) : '';
      // A UTF-16 unit is at most 3 bytes of UTF-8.
      const most = shape === JSON_SHAPE ? json.length * 3 : shapes.maxBytes(issue);
      const { buffer, start } = file.reserve(most);
      const length = shape === JSON_SHAPE ? buffer.write(json, start) : shapes.encode(shape, issue, buffer, start);
      let keyId = shape === JSON_SHAPE ? undefined : shapeKeyIds[shape];
      if (keyId === undefined) {
        keyId = keys.idOf(issue);
        if (shape !== JSON_SHAPE) shapeKeyIds[shape] = keyId;
      }
      const entry = appendEntry(table, row, file.commit(length), length, keyId, shape);
      if (issue.row !== row) otherRows.set(entry, issue.row);
      count += 1;
    },
    issuesOf(row) {
      if (row === lastRow) return lastIssues;
      lastIssues = readRowIssues(parts, row);
      lastRow = row;
      return lastIssues;
    },
    remove(row, predicate) {
      const removed: Issue[] = [];
      if (row < 0 || row > table.maxRow) return removed;
      lastRow = NONE;
      let previous = NONE;
      for (let entry = table.heads[row] as number; entry !== NONE; ) {
        const next = table.nexts[entry] as number;
        const issue = readIssue(parts, entry, row);
        if (predicate(issue)) {
          unlinkEntry(table, row, previous, entry);
          removed.push(issue);
          count -= 1;
        } else previous = entry;
        entry = next;
      }
      return removed;
    },
    *iterate() {
      for (let row = 0; row <= table.maxRow; row += 1) {
        if (table.heads[row] === NONE) continue;
        for (const issue of readRowIssues(parts, row)) yield { row, issue };
      }
    },
    records: () => walkRecords(parts, rowRecords),
    storedOf: (row) => fillStoredRow(parts, row, storedRow),
    size: () => count,
    close() {
      lastIssues = [];
      file.close();
    },
    snapshot: () => takeSnapshot(parts, path),
  };
}

/** A copy of `array` `size` long, the new places set to `fill`. */
function growArray<T extends Float64Array | Int32Array>(array: T, size: number, fill: number): T {
  const grown = new (array.constructor as new (length: number) => T)(size);
  if (fill !== 0) grown.fill(fill);
  grown.set(array);
  return grown;
}

// --- Reading the spill on another thread (issues.ndjson is written on a thread of its own). ---

/**
 * A spill as another thread reads it: the file (its bytes all written), copies of the tables that
 * say where each row's issues are, the shapes and keys as plain data. Posted to a worker (its
 * typed arrays transferred: `listSnapshotBuffers`); the spill goes on being read where it is.
 */
export interface IssueSpillSnapshot extends IssueTableArrays {
  path: string;
  fileBytes: number;
  shapes: IssueShapesCopy;
  keys: IssueKey[];
  otherRows: Map<number, number | undefined>;
}

/** The spill's records read from a snapshot (`IssueSpill.snapshot`). */
export interface IssueSpillSnapshotReader {
  /** Every row's issues as records, by row, then in the order added: what `IssueSpill.records` gives. */
  records(): IterableIterator<SpilledIssueRecord[]>;
  /**
   * Every row that has issues, by row, with its issues as stored (what `IssueSpill.storedOf` gives
   * of it): read through a descriptor and window of its own, so this walk and `records` can go on
   * side by side. The stored issues are valid until the next row.
   */
  storedRows(): IterableIterator<{ row: number; issues: StoredRowIssues }>;
  /** Closes the reader's descriptors of the file (the file stays: it is the spill's). */
  close(): void;
}

function takeSnapshot(parts: SpillParts, path: string): IssueSpillSnapshot {
  const { table } = parts;
  const fileBytes = parts.file.flush();
  const keyCount = parts.keys.size();
  const keys: IssueKey[] = [];
  for (let id = 0; id < keyCount; id++) keys.push({ ...parts.keys.at(id) });
  return {
    path,
    fileBytes,
    offsets: table.offsets.slice(0, table.entries),
    lengths: table.lengths.slice(0, table.entries),
    nexts: table.nexts.slice(0, table.entries),
    keyIds: table.keyIds.slice(0, table.entries),
    shapeIds: table.shapeIds.slice(0, table.entries),
    heads: table.heads.slice(0, table.maxRow + 1),
    maxRow: table.maxRow,
    shapes: parts.shapes.copy(),
    keys,
    otherRows: new Map(parts.otherRows),
  };
}

/** The buffers of a snapshot's tables: posted as a transfer, they are moved, not copied again. */
export function listSnapshotBuffers(snapshot: IssueSpillSnapshot): ArrayBuffer[] {
  return [snapshot.offsets, snapshot.lengths, snapshot.nexts, snapshot.keyIds, snapshot.shapeIds, snapshot.heads].map((array) => array.buffer as ArrayBuffer);
}

/** Opens a snapshot for reading its records (the same walk as `IssueSpill.records`). */
export function openIssueSpillSnapshot(snapshot: IssueSpillSnapshot): IssueSpillSnapshotReader {
  const parts: SpillReadParts = {
    table: {
      offsets: snapshot.offsets,
      lengths: snapshot.lengths,
      nexts: snapshot.nexts,
      keyIds: snapshot.keyIds,
      shapeIds: snapshot.shapeIds,
      heads: snapshot.heads,
      maxRow: snapshot.maxRow,
    },
    file: openSpillByteReader(snapshot.path, snapshot.fileBytes),
    shapes: createIssueShapes(snapshot.shapes),
    keys: readIssueKeys(snapshot.keys),
    otherRows: snapshot.otherRows,
  };
  const rowRecords: RowRecords = { records: [], bytes: Buffer.allocUnsafe(1 << 16) };
  let storedFile: SpillByteReader | undefined;
  return {
    records: () => walkRecords(parts, rowRecords),
    storedRows() {
      storedFile ??= openSpillByteReader(snapshot.path, snapshot.fileBytes);
      return walkStoredRows({ ...parts, file: storedFile }, createStoredRow());
    },
    close() {
      parts.file.close();
      storedFile?.close();
    },
  };
}

/** Every row that has issues, with its issues as stored (`IssueSpillSnapshotReader.storedRows`). */
function* walkStoredRows(parts: SpillReadParts, stored: StoredRow): IterableIterator<{ row: number; issues: StoredRowIssues }> {
  const { table } = parts;
  const item = { row: 0, issues: stored.out };
  for (let row = 0; row <= table.maxRow; row += 1) {
    if (table.heads[row] === NONE) continue;
    item.row = row;
    item.issues = fillStoredRow(parts, row, stored);
    yield item;
  }
}

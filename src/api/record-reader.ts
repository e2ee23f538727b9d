/**
 * Reads one record of an answer by meaning: a field is asked for by a list of names (aliases), and
 * found whatever its case or separator (`valueType`, `ValueType`, `value_type` are one key). The
 * reader remembers which fields were used, so that the caller can list the ones it did not use.
 */
import { isPlainRecord } from '../core/is-plain-record.js';

/**
 * Folded keys by key. A directory of thousands of records asks for the same few names (aliases and
 * the service's field names) again and again; folding each time was most of reading a record.
 * Bounded, so a service with ever new key names (ids as keys) cannot grow it.
 */
const FOLDED = new Map<string, string>();
const FOLDED_MAX = 4096;

/** The key every spelling of a field name folds to: lower case, no `_`, `-` or spaces. */
export function foldKey(key: string): string {
  const known = FOLDED.get(key);
  if (known !== undefined) return known;
  const folded = key.toLowerCase().replace(/[_\-\s]/g, '');
  if (FOLDED.size < FOLDED_MAX) FOLDED.set(key, folded);
  return folded;
}

/** A value found for a meaning, with the key it was found under. */
export interface FoundField {
  key: string;
  value: unknown;
}

/** One record, read by meaning. */
export interface RecordReader {
  /** The first present (non-null) field among `aliases`, marking it used. */
  find(aliases: readonly string[]): FoundField | undefined;
  /** Same as `find`, the value only. */
  get(aliases: readonly string[]): unknown;
  /** Marks fields as used without reading them (fields the caller knows it may ignore). */
  markUsed(aliases: readonly string[]): void;
  /** Keys of the record not used so far, as the service spelled them. */
  unusedKeys(): string[];
  /** Every key of the record, as spelled. */
  keys(): string[];
}

/**
 * Creates a reader over `record`. A job's status answer alone holds a record per product and per
 * SKU: the reader is one object whose methods are shared, the record's keys folded into an array
 * (a record has a handful) and the used ones flagged beside them, not a map, a set and five
 * closures per record.
 */
export function createRecordReader(record: Record<string, unknown>): RecordReader {
  return new FoldedRecordReader(record);
}

class FoldedRecordReader implements RecordReader {
  private readonly spelled: string[];
  private readonly folded: string[];
  private readonly used: boolean[];

  constructor(private readonly record: Record<string, unknown>) {
    this.spelled = Object.keys(record);
    this.folded = this.spelled.map(foldKey);
    this.used = this.spelled.map(() => false);
  }

  find(aliases: readonly string[]): FoundField | undefined {
    for (const alias of aliases) {
      // Two spellings of one name (`value_type`, `valueType`): the first is read, the other stays unused.
      const at = this.folded.indexOf(foldKey(alias));
      if (at < 0) continue;
      this.used[at] = true;
      const key = this.spelled[at] as string;
      const value = this.record[key];
      if (value !== null && value !== undefined) return { key, value };
    }
    return undefined;
  }

  get(aliases: readonly string[]): unknown {
    return this.find(aliases)?.value;
  }

  markUsed(aliases: readonly string[]): void {
    for (const alias of aliases) {
      const at = this.folded.indexOf(foldKey(alias));
      if (at >= 0) this.used[at] = true;
    }
  }

  unusedKeys(): string[] {
    return this.spelled.filter((_, at) => this.used[at] !== true);
  }

  keys(): string[] {
    return [...this.spelled];
  }
}

/** An integer id from a number or a numeric string; `undefined` when it is neither. */
export function readIntegerId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** An id of any size as exact decimal text (ids above 2^53 arrive as strings from `parseJsonLossless`). */
function readIdText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return value.trim();
  if (typeof value === 'bigint') return value.toString();
  return undefined;
}

/**
 * A job id as text: an integer of any size, or an opaque token (a UUID, a hash) — the interface
 * says int64, but a job id is only ever sent back, never computed with, so any short token the
 * service gives is kept as it is.
 */
export function readJobIdText(value: unknown): string | undefined {
  const id = readIdText(value);
  if (id !== undefined) return id;
  if (typeof value === 'string' && /^[A-Za-z0-9][A-Za-z0-9._:~-]{0,127}$/.test(value.trim())) return value.trim();
  return undefined;
}

/** A boolean from `true`/`false`, `1`/`0` or their text forms; `undefined` otherwise. */
export function readFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (['true', 'yes', '1', 'y'].includes(word)) return true;
    if (['false', 'no', '0', 'n'].includes(word)) return false;
  }
  return undefined;
}

/** A non-negative integer count from a number or numeric string. */
export function readCount(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : undefined;
}

/** Names a single-record answer may be wrapped in (`{success: true, data: {...}}`). */
const RECORD_WRAPPERS: readonly string[] = ['data', 'result', 'payload', 'response'];

/** A record found in an answer, and the answer's keys beside the wrapper it was found under. */
export interface UnwrappedRecord {
  record: Record<string, unknown>;
  /** The answer's own keys beside the wrapper (e.g. `success`), as spelled. */
  outerKeys: string[];
}

/**
 * The record a single-record answer holds: the answer itself when it carries any field of `own`
 * (the aliases of what it must have; a wrapper holding an object does not count), else the one
 * object under a wrapper name; else, with no wrapper or several, the answer itself.
 */
export function unwrapRecord(body: Record<string, unknown>, own: readonly string[]): UnwrappedRecord {
  const wrappers = new Set(RECORD_WRAPPERS.map(foldKey));
  const isWrapper = (key: string): boolean => wrappers.has(foldKey(key)) && isPlainRecord(body[key]);
  const ownFolded = new Set(own.map(foldKey));
  const hasOwn = Object.keys(body).some((key) => ownFolded.has(foldKey(key)) && body[key] !== null && body[key] !== undefined && !isWrapper(key));
  if (hasOwn) return { record: body, outerKeys: [] };
  const found = Object.keys(body).filter(isWrapper);
  if (found.length !== 1) return { record: body, outerKeys: [] };
  const wrapper = found[0] as string;
  return { record: body[wrapper] as Record<string, unknown>, outerKeys: Object.keys(body).filter((key) => key !== wrapper) };
}

/**
 * A key identifying a record across pages: its `id` when it has a numeric or string one, else its
 * JSON text. The fetch loop uses it to drop repeated records and to notice a server that ignores
 * paging and sends the same page again.
 */
export function buildRecordKey(record: unknown): string {
  if (isPlainRecord(record)) {
    const id = record['id'];
    if (typeof id === 'number' || typeof id === 'string') return `id:${String(id)}`;
  }
  return `json:${JSON.stringify(record)}`;
}

/**
 * Error bodies of the service. The live service documents 400 bodies as
 * `{status, errorCode, errorMessage?, errors: {field: [{code, description}]}}` with field keys in
 * camelCase or PascalCase; ASP.NET-style problem details (`title`, `detail`, `errors: {Field:
 * ["text"]}`) look alike. Also read: RFC 7807 (`title`/`detail`, `invalid-params`), JSON:API
 * (`errors: [{code, title, detail, source: {pointer}}]`, the pointer read as the field) and a
 * `{error: {…}}` wrapper. Everything is optional and read leniently: an error body must never
 * turn into a crash of its own.
 */
import type { ApiFieldError } from '../core/errors.js';
import { createRecordReader, foldKey } from './record-reader.js';
import { isPlainRecord } from '../core/is-plain-record.js';
import { cutToLength } from '../core/cut-for-message.js';

/** What the client keeps from an error body. */
export interface ParsedErrorBody {
  /** `errorCode` of the body. */
  errorCode?: string;
  /** `errorMessage`, else problem details' `detail` or `title`, else `message`. */
  errorMessage?: string;
  /** Every field error, fields as camelCase dotted paths. */
  fieldErrors: ApiFieldError[];
}

/** Field errors listed in a message before it says "and N more". */
const MAX_FIELD_ERRORS_IN_MESSAGE = 20;

/** Reads an error body of any shape (JSON value, text, nothing) into its useful parts. */
export function parseErrorBody(body: unknown): ParsedErrorBody {
  if (!isPlainRecord(body)) {
    const text = typeof body === 'string' ? body.trim() : '';
    // A text body (HTML error page of a proxy, plain text) is shown as-is, but short.
    return text === '' ? { fieldErrors: [] } : { errorMessage: cutToLength(text, 300), fieldErrors: [] };
  }
  // `{error: {code, message, …}}`: the body's fields are inside; what is beside the wrapper still counts.
  const wrapped = createRecordReader(body).get(['error']);
  if (isPlainRecord(wrapped)) {
    const inner = parseErrorBody(wrapped);
    // A wrapper naming its field is one field error: the field, its code and its message.
    const field = readEntryField(wrapped);
    if (field !== undefined && inner.fieldErrors.length === 0) pushEntry(inner.fieldErrors, normalizeFieldPath(field), wrapped);
    const outer = parseErrorBody(Object.fromEntries(Object.entries(body).filter(([key]) => foldKey(key) !== foldKey('error'))));
    return { ...outer, ...inner, fieldErrors: [...outer.fieldErrors, ...inner.fieldErrors] };
  }
  const out: ParsedErrorBody = { fieldErrors: parseFieldErrors(createRecordReader(body).get(['errors', 'validationErrors', 'fieldErrors', 'invalidParams'])) };
  const errorCode = firstString(body, ['errorCode', 'ErrorCode', 'code']);
  if (errorCode !== undefined) out.errorCode = errorCode;
  const errorMessage = firstString(body, ['errorMessage', 'ErrorMessage', 'detail', 'title', 'message', 'Message']);
  if (errorMessage !== undefined) out.errorMessage = errorMessage;
  return out;
}

/**
 * Renders the useful part of an error for a message: `errorMessage` then each field error,
 * e.g. `validation failed; products[0].vat: INVALID_VAT (VAT must be 0 or 12)`.
 */
export function buildErrorDescription(parsed: ParsedErrorBody): string {
  const parts: string[] = [];
  if (parsed.errorMessage !== undefined) parts.push(parsed.errorMessage);
  const shown = parsed.fieldErrors.slice(0, MAX_FIELD_ERRORS_IN_MESSAGE).map(formatFieldError);
  if (shown.length > 0) parts.push(shown.join('; '));
  const hidden = parsed.fieldErrors.length - shown.length;
  if (hidden > 0) parts.push(`and ${hidden} more field error(s)`);
  return parts.join('; ');
}

/** `field: CODE (description)`, leaving out what is missing. */
function formatFieldError(error: ApiFieldError): string {
  let text = error.field === '' ? '(body)' : error.field;
  if (error.code !== undefined) text += `: ${error.code}`;
  if (error.description !== undefined) text += error.code !== undefined ? ` (${error.description})` : `: ${error.description}`;
  return text;
}

/**
 * Normalises a field key to a camelCase path: `$.Products[0].Skus[1].Barcode` and
 * `products[0].skus[1].barcode` both become `products[0].skus[1].barcode`.
 */
export function normalizeFieldPath(key: string): string {
  const trimmed = key.trim().replace(/^\$\.?/, '');
  return trimmed
    .split('.')
    .map((segment) => (segment === '' ? segment : segment.charAt(0).toLowerCase() + segment.slice(1)))
    .join('.');
}

function parseFieldErrors(errors: unknown): ApiFieldError[] {
  const out: ApiFieldError[] = [];
  if (Array.isArray(errors)) {
    // Some services send a flat list: [{field, code, description}] or ["text"].
    for (const entry of errors) {
      const field = isPlainRecord(entry) ? (readEntryField(entry) ?? '') : '';
      pushEntry(out, normalizeFieldPath(field), entry);
    }
    return out;
  }
  if (!isPlainRecord(errors)) return out;
  for (const [key, value] of Object.entries(errors)) {
    const field = normalizeFieldPath(key);
    const entries = Array.isArray(value) ? value : [value];
    for (const entry of entries) pushEntry(out, field, entry);
  }
  return out;
}

function pushEntry(out: ApiFieldError[], field: string, entry: unknown): void {
  if (typeof entry === 'string') {
    out.push({ field, description: entry });
    return;
  }
  if (!isPlainRecord(entry)) {
    if (entry !== null && entry !== undefined) out.push({ field, description: String(entry) });
    return;
  }
  const error: ApiFieldError = { field };
  const code = firstString(entry, ['code', 'Code', 'errorCode']);
  if (code !== undefined) error.code = code;
  // JSON:API and RFC 7807 entries: `detail` says what this occurrence is, `title` only its kind.
  const description = firstString(entry, ['description', 'Description', 'message', 'Message', 'errorMessage', 'detail', 'reason', 'title']);
  if (description !== undefined) error.description = description;
  const details = collectDetails(entry);
  if (details !== undefined) error.details = details;
  out.push(error);
}

/** Keys of an error entry already read as its field, code or description. */
const READ_KEYS = new Set(['field', 'propertyname', 'name', 'param', 'code', 'errorcode', 'description', 'message', 'errormessage', 'detail', 'reason', 'status'].map(foldKey));

/** Names of an error entry's field: its own key, else JSON:API's `source.pointer` (or `source.parameter`). */
function readEntryField(entry: Record<string, unknown>): string | undefined {
  const own = firstString(entry, ['field', 'propertyName', 'param', 'name']);
  if (own !== undefined) return own;
  const source = createRecordReader(entry).get(['source']);
  if (!isPlainRecord(source)) return undefined;
  const pointer = firstString(source, ['pointer']);
  if (pointer !== undefined) return readJsonPointer(pointer);
  return firstString(source, ['parameter', 'header']);
}

/** A JSON pointer as a field path: `/products/0/skus/1/barcode` → `products[0].skus[1].barcode`; `/data/attributes/x` → `x`. */
export function readJsonPointer(pointer: string): string {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  // JSON:API documents put a resource's fields under `/data/attributes`; the field is what follows.
  const start = segments[0] === 'data' && segments[1] === 'attributes' ? 2 : 0;
  return segments.slice(start).reduce((path, segment) => (/^\d+$/.test(segment) ? `${path}[${segment}]` : path === '' ? segment : `${path}.${segment}`), '');
}

/** The entry's other string and number values, kept so that what they name (an index, a barcode) can be read. */
function collectDetails(entry: Record<string, unknown>): Record<string, string | number> | undefined {
  let details: Record<string, string | number> | undefined;
  for (const [key, value] of Object.entries(entry)) {
    if (READ_KEYS.has(foldKey(key))) continue;
    if ((typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value))) {
      details ??= {};
      details[key] = typeof value === 'string' ? cutToLength(value.trim(), 200) : value;
    }
  }
  return details;
}

// Keys in any case or separator style (`errorMessage`, `ErrorMessage`, `error_message`).
function firstString(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const folded = foldKey(key);
    for (const [name, value] of Object.entries(record)) {
      if (foldKey(name) === folded && typeof value === 'string' && value.trim() !== '') return value.trim();
    }
  }
  return undefined;
}

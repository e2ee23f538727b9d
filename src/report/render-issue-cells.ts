/**
 * The issue cells of a CSV copy's row — `_errors` in the annotated CSV, `message` and `issue_code`
 * in `rejected-rows.csv` — rendered straight from the issues' stored bytes (`RowIssueBytes`),
 * byte for byte as the object path writes them: `renderIssueText` of each issue joined by
 * ` | `, then neutralised and quoted as the CSV writer quotes a field. A file where every row is
 * wrong spent most of its report making issue objects, their texts, joining, quoting and encoding
 * them twice; here each shape gets a text template once (its fixed parts as UTF-8: `warning: `,
 * `column C (Цена)`), and a row's texts are its stored values copied between them, into bytes
 * both files copy. What a template cannot say exactly — an issue of no shape, a key missing, an
 * escape that is not a quote, backslash or control character, a text that starts like a formula —
 * is left to the objects (`undefined`).
 */
import { copyBytes } from '../core/copy-bytes.js';
import { MemoTrial } from '../core/memo-trial.js';
import { formatLocation } from '../core/issue.js';
import type { ShapeParts } from '../state/issue-shapes.js';
import { isSpaceCode, readCodeUnitAt } from './format-csv-record.js';
import { isFormulaTrigger } from './neutralize-formula.js';
import type { RowIssueBytes } from './report-types.js';

/** A row's issue cells, formatted for one delimiter: `bytes[textStart, textEnd)` (`_errors`, `message`) and `bytes[codesStart, codesEnd)` (`issue_code`). */
export interface RenderedIssueCells {
  /** The delimiter (one ASCII byte) the cells are quoted for. */
  delimiter: number;
  bytes: Buffer;
  textStart: number;
  textEnd: number;
  codesStart: number;
  codesEnd: number;
}

/** Renders rows' issue cells; templates are kept per shape, the bytes are reused from row to row. */
export interface IssueCellRenderer {
  /** The cells of a row whose issues are `issues`, quoted for `delimiter` (an ASCII byte); undefined when a template cannot render them exactly. Valid until the next call. */
  render(issues: RowIssueBytes, delimiter: number): RenderedIssueCells | undefined;
}

/** The text of every issue of one shape, but for its own values. */
interface TextTemplate {
  /** `warning: ` for a warning, then the location the shape fixes (`column C (Цена)`, `column "Цена"`), as UTF-8. */
  head: Buffer;
  /** `head` as written in a cell (quotes doubled), whether it holds a special byte, and for which delimiter. */
  written: Buffer;
  writtenSpecial: boolean;
  writtenFor: number;
  /** Whether the location part of `head` is not empty. */
  located: boolean;
  /** Index among the stored values of the path, when it is shown (no column), else -1. */
  path: number;
  message: number;
  /** Index of the value, or -1. */
  value: number;
  /** Index of the hint, or -1. */
  hint: number;
  /** The issue code's number (`codes`). */
  code: number;
  /** The stored values the text shows (path, message, value, hint: those of the shape), in that order. */
  shown: number[];
  /** The last text written of this shape, and the values it was written of. */
  memo: TextMemo;
}

/**
 * The last text of a shape and the values it shows, to copy it again when the next issue of the
 * shape shows the same values: in a file where every row is wrong, one mistake repeated down a
 * column gives the same message row after row (its quotes unescaped, doubled and searched each
 * time). A shape whose texts keep changing (a value in its message) stops being remembered.
 */
interface TextMemo {
  /** The delimiter `text` is quoted for (-1: nothing remembered). */
  delimiter: number;
  /** Per shown value, its stored bytes' length and whether they are its JSON string. */
  lengths: Int32Array;
  escaped: Int32Array;
  /** The shown values' stored bytes, one after the other. */
  values: Buffer;
  text: Buffer;
  textLength: number;
  /** Whether `text` holds a byte that makes its cell quoted. */
  special: boolean;
  trial: MemoTrial;
}

const ISSUE_SEPARATOR = Buffer.from(' | ');
const PATH_SEPARATOR = Buffer.from(' › ');
const LOCATION_END = Buffer.from(': ');
const VALUE_OPEN = Buffer.from(' (value "');
const VALUE_CLOSE = Buffer.from('")');
const HINT_OPEN = Buffer.from('; ');
const ELLIPSIS = Buffer.from('…');
/** What `truncate` in `formatIssueBody` keeps of a value: 80 UTF-16 units, or 79 and the ellipsis. */
const VALUE_UNITS = 80;
const QUOTE = 0x22;

/**
 * Where a cell is written: its bytes, with each quote doubled as it is copied (a quote makes the
 * field quoted), and whether a byte that makes it quoted was met (`specials`: the delimiter, a
 * quote, CR, LF).
 */
interface CellOutput {
  bytes: Buffer;
  special: boolean;
  specials: Uint8Array;
  /** The delimiter `specials` are for. */
  delimiter: number;
}

/** A stored value as its text's UTF-8: in the stored bytes, or unescaped into a scratch buffer. */
interface PlainValue {
  bytes: Buffer;
  start: number;
  end: number;
}

/** Creates a renderer. */
export function createIssueCellRenderer(): IssueCellRenderer {
  const templates = new WeakMap<ShapeParts, TextTemplate | null>();
  const codes: Buffer[] = [];
  const codeIds = new Map<string, number>();
  const codeIdOf = (code: string): number => {
    let id = codeIds.get(code);
    if (id === undefined) {
      id = codes.length;
      codes.push(Buffer.from(code, 'utf8'));
      codeIds.set(code, id);
      if (id >= codeSeen.length) codeSeen = growFilled(codeSeen, id * 2 + 2);
    }
    return id;
  };
  // Per code: the last row it was written in (`issue_code` lists each code once).
  let codeSeen: Int32Array = new Int32Array(16).fill(-1);
  let rowNumber = 0;
  // The templates of the row's issues; the last shape looked up (a row's issues mostly repeat the row before's).
  const rowTemplates: TextTemplate[] = [];
  let lastParts: ShapeParts | undefined;
  let lastTemplate: TextTemplate | null = null;
  const out: CellOutput = { bytes: Buffer.allocUnsafe(1 << 13), special: false, specials: new Uint8Array(256), delimiter: -1 };
  const scratch: { bytes: Buffer; message: PlainValue; value: PlainValue; other: PlainValue } = {
    bytes: Buffer.allocUnsafe(1 << 12),
    message: { bytes: Buffer.alloc(0), start: 0, end: 0 },
    value: { bytes: Buffer.alloc(0), start: 0, end: 0 },
    other: { bytes: Buffer.alloc(0), start: 0, end: 0 },
  };
  const cells: RenderedIssueCells = { delimiter: 0, bytes: out.bytes, textStart: 0, textEnd: 0, codesStart: 0, codesEnd: 0 };

  const templateOf = (parts: ShapeParts): TextTemplate | null => {
    if (parts === lastParts) return lastTemplate;
    let template = templates.get(parts);
    if (template === undefined) templates.set(parts, (template = buildTemplate(parts, codeIdOf)));
    lastParts = parts;
    lastTemplate = template;
    return template;
  };

  return {
    render(issues, delimiter) {
      const { count, shapes, firsts, values, bytes, size } = issues;
      // Unescaped values are no longer than stored ones; a cell at most doubles its bytes (quotes) and adds two.
      let most = size + 16;
      for (let i = 0; i < count; i++) {
        const parts = shapes[i];
        const template = parts === undefined ? null : templateOf(parts);
        if (template === null) return undefined;
        rowTemplates[i] = template;
        most += template.head.length + (codes[template.code] as Buffer).length + 40;
      }
      if (most * 2 + 8 > out.bytes.length) out.bytes = Buffer.allocUnsafe(Math.max(most * 2 + 8, out.bytes.length * 2));
      if (size * 2 > scratch.bytes.length) scratch.bytes = Buffer.allocUnsafe(Math.max(size * 2, scratch.bytes.length * 2));
      if (delimiter !== out.delimiter) {
        out.specials.fill(0);
        for (const byte of [delimiter, QUOTE, 0x0a, 0x0d]) out.specials[byte] = 1;
        out.delimiter = delimiter;
      }
      // Each cell is written after a byte kept for its opening quote.
      out.special = false;
      let at = 1;
      for (let i = 0; i < count; i++) {
        if (i > 0) at = copyQuoted(ISSUE_SEPARATOR, 0, ISSUE_SEPARATOR.length, out, at);
        at = writeIssueTextOnce(rowTemplates[i] as TextTemplate, values, (firsts[i] as number) * 3, bytes, scratch, out, at);
        if (at < 0) return undefined;
      }
      cells.bytes = out.bytes;
      cells.delimiter = delimiter;
      if (!closeField(out, 0, at, cells)) return undefined;
      cells.textStart = cells.codesStart;
      cells.textEnd = cells.codesEnd;
      // The codes, each once, in the order first met.
      const codesSlot = at + 1;
      out.special = false;
      at = codesSlot + 1;
      rowNumber += 1;
      for (let i = 0; i < count; i++) {
        const code = (rowTemplates[i] as TextTemplate).code;
        if (codeSeen[code] === rowNumber) continue;
        if (at > codesSlot + 1) at = copyQuoted(ISSUE_SEPARATOR, 0, ISSUE_SEPARATOR.length, out, at);
        codeSeen[code] = rowNumber;
        const bytesOfCode = codes[code] as Buffer;
        at = copyQuoted(bytesOfCode, 0, bytesOfCode.length, out, at);
      }
      return closeField(out, codesSlot, at, cells) ? cells : undefined;
    },
  };
}

/**
 * Ends a cell written at `out.bytes[slot + 1, end)`, quotes doubled: as the CSV writer formats the
 * field, quoted (the slot and the byte at `end` take the quotes) when it holds a special byte or
 * starts or ends with white space; sets `cells.codesStart`/`codesEnd` to where it is. False when
 * it starts like a formula (neutralising is left to the text path).
 */
function closeField(out: CellOutput, slot: number, end: number, cells: RenderedIssueCells): boolean {
  const { bytes } = out;
  const start = slot + 1;
  if (end > start) {
    const first = readCodeUnitAt(bytes, start);
    if (isFormulaTrigger(first)) return false;
    let last = end - 1;
    while (((bytes[last] as number) & 0xc0) === 0x80) last--;
    if (out.special || isSpaceCode(first) || isSpaceCode(readCodeUnitAt(bytes, last))) {
      bytes[slot] = QUOTE;
      bytes[end] = QUOTE;
      cells.codesStart = slot;
      cells.codesEnd = end + 1;
      return true;
    }
  }
  cells.codesStart = start;
  cells.codesEnd = end;
  return true;
}

/** Copies `source[start, end)` into `out.bytes` at `at`, each quote doubled, noting a special byte; returns where it ends. */
function copyQuoted(source: Buffer, start: number, end: number, out: CellOutput, at: number): number {
  const { bytes: target, specials } = out;
  let cursor = at;
  let special = 0;
  for (let i = start; i < end; i++) {
    const byte = source[i] as number;
    special |= specials[byte] as number;
    if (byte === QUOTE) target[cursor++] = QUOTE;
    target[cursor++] = byte;
  }
  if (special !== 0) out.special = true;
  return cursor;
}

/** The template of a shape (null when it has no message or code among its keys, as a stored value and a fixed one). */
function buildTemplate(parts: ShapeParts, codeIdOf: (code: string) => number): TextTemplate | null {
  const { fixed, varying } = parts;
  const message = varying.indexOf('message');
  const code = fixed['code'];
  if (message < 0 || code === undefined) return null;
  const column = fixed['column'];
  const header = fixed['header'];
  // `renderIssueText`'s location: column and header, or the path when there is no column.
  const where = formatLocation({ ...(column !== undefined ? { column } : {}), ...(header !== undefined ? { header } : {}) });
  const path = column === undefined ? varying.indexOf('path') : -1;
  const value = varying.indexOf('value');
  const hint = varying.indexOf('hint');
  const shown = [path, message, value, hint].filter((index) => index >= 0);
  return {
    head: Buffer.from(`${fixed['severity'] === 'warning' ? 'warning: ' : ''}${where}`, 'utf8'),
    written: Buffer.alloc(0),
    writtenSpecial: false,
    writtenFor: -1,
    located: where !== '',
    path,
    message,
    value,
    hint,
    code: codeIdOf(code),
    shown,
    memo: { delimiter: -1, lengths: new Int32Array(shown.length), escaped: new Int32Array(shown.length), values: Buffer.alloc(0), text: Buffer.alloc(0), textLength: 0, special: false, trial: new MemoTrial() },
  };
}

/** Writes the issue's text as the last of its shape when it shows the same values (see `TextMemo`); returns where it ends, or -1. */
function putRemembered(template: TextTemplate, values: Int32Array, first: number, source: Buffer, out: CellOutput, at: number): number {
  const { memo, shown } = template;
  if (memo.delimiter !== out.delimiter) return -1;
  let from = 0;
  for (let k = 0; k < shown.length; k++) {
    const index = first + (shown[k] as number) * 3;
    const start = values[index] as number;
    const length = (values[index + 1] as number) - start;
    if (memo.lengths[k] !== length || memo.escaped[k] !== values[index + 2]) return -1;
    const remembered = memo.values;
    for (let i = 0; i < length; i++) if (source[start + i] !== remembered[from + i]) return -1;
    from += length;
  }
  const { text, textLength } = memo;
  const target = out.bytes;
  copyBytes(text, 0, textLength, target, at);
  if (memo.special) out.special = true;
  return at + textLength;
}

/** Remembers the text just written at `out.bytes[at, end)` and the values it shows. */
function remember(template: TextTemplate, values: Int32Array, first: number, source: Buffer, out: CellOutput, at: number, end: number, special: boolean): void {
  const { memo, shown } = template;
  let size = 0;
  for (const shownIndex of shown) size += (values[first + shownIndex * 3 + 1] as number) - (values[first + shownIndex * 3] as number);
  if (memo.values.length < size) memo.values = Buffer.allocUnsafe(Math.max(size, memo.values.length * 2, 256));
  let from = 0;
  for (let k = 0; k < shown.length; k++) {
    const index = first + (shown[k] as number) * 3;
    const start = values[index] as number;
    const stop = values[index + 1] as number;
    memo.lengths[k] = stop - start;
    memo.escaped[k] = values[index + 2] as number;
    from += source.copy(memo.values, from, start, stop);
  }
  if (memo.text.length < end - at) memo.text = Buffer.allocUnsafe(Math.max(end - at, memo.text.length * 2, 256));
  memo.textLength = out.bytes.copy(memo.text, 0, at, end);
  memo.special = special;
  memo.delimiter = out.delimiter;
}

/** `writeIssueText`, through the shape's memo while it pays (see `TextMemo`). */
function writeIssueTextOnce(template: TextTemplate, values: Int32Array, first: number, source: Buffer, scratch: { bytes: Buffer; message: PlainValue; value: PlainValue; other: PlainValue }, out: CellOutput, at: number): number {
  const { memo } = template;
  const trying = memo.trial.paying();
  if (trying) {
    const end = putRemembered(template, values, first, source, out, at);
    if (end >= 0) {
      memo.trial.hit();
      return end;
    }
    memo.trial.miss();
  }
  const special = out.special;
  out.special = false;
  const end = writeIssueText(template, values, first, source, scratch, out, at);
  const written = out.special;
  out.special = special || written;
  if (trying && end >= 0) remember(template, values, first, source, out, at, end, written);
  return end;
}

/**
 * Writes one issue's `renderIssueText` (see `formatIssueBody`) into `out` at `at`, quotes doubled;
 * returns where it ends, or -1 when its values hold what a template does not render exactly.
 */
function writeIssueText(template: TextTemplate, values: Int32Array, first: number, source: Buffer, scratch: { bytes: Buffer; message: PlainValue; value: PlainValue; other: PlainValue }, out: CellOutput, at: number): number {
  let cursor = putWrittenHead(template, out, at);
  let located = template.located;
  if (template.path >= 0) {
    const path = scratch.other;
    if (!readPlain(values, first + template.path * 3, source, scratch.bytes, 0, path)) return -1;
    if (located) cursor = copyQuoted(PATH_SEPARATOR, 0, PATH_SEPARATOR.length, out, cursor);
    cursor = copyQuoted(path.bytes, path.start, path.end, out, cursor);
    located ||= path.end > path.start;
  }
  if (located) cursor = copyQuoted(LOCATION_END, 0, LOCATION_END.length, out, cursor);
  const { message, value } = scratch;
  if (!readPlain(values, first + template.message * 3, source, scratch.bytes, 0, message)) return -1;
  cursor = copyQuoted(message.bytes, message.start, message.end, out, cursor);
  if (template.value >= 0) {
    if (!readPlain(values, first + template.value * 3, source, scratch.bytes, message.bytes === scratch.bytes ? message.end : 0, value)) return -1;
    // The value is shown when the message does not quote it (UTF-8 is searched as its text is).
    if (!includesBytes(message, value)) {
      const cut = cutValue(value);
      if (cut === -1) return -1;
      cursor = copyQuoted(VALUE_OPEN, 0, VALUE_OPEN.length, out, cursor);
      cursor = copyQuoted(value.bytes, value.start, cut, out, cursor);
      if (cut < value.end) cursor = copyQuoted(ELLIPSIS, 0, ELLIPSIS.length, out, cursor);
      cursor = copyQuoted(VALUE_CLOSE, 0, VALUE_CLOSE.length, out, cursor);
    }
  }
  if (template.hint >= 0) {
    const hint = scratch.other;
    if (!readPlain(values, first + template.hint * 3, source, scratch.bytes, 0, hint)) return -1;
    cursor = copyQuoted(HINT_OPEN, 0, HINT_OPEN.length, out, cursor);
    cursor = copyQuoted(hint.bytes, hint.start, hint.end, out, cursor);
  }
  return cursor;
}

/** Puts the template's head as written in a cell (made once per delimiter: the same for every issue of the shape). */
function putWrittenHead(template: TextTemplate, out: CellOutput, at: number): number {
  if (template.writtenFor !== out.delimiter) {
    const special = out.special;
    out.special = false;
    const { head } = template;
    const written = Buffer.allocUnsafe(head.length * 2);
    const bytes = out.bytes;
    out.bytes = written;
    template.written = written.subarray(0, copyQuoted(head, 0, head.length, out, 0));
    template.writtenSpecial = out.special;
    template.writtenFor = out.delimiter;
    out.bytes = bytes;
    out.special = special;
  }
  const { written } = template;
  const target = out.bytes;
  copyBytes(written, 0, written.length, target, at);
  if (template.writtenSpecial) out.special = true;
  return at + written.length;
}

/**
 * Points `plain` at stored value `values[index…]` as its text's UTF-8: its stored bytes, or its
 * JSON string unescaped into `scratch` at `at`. False for an escape of a surrogate.
 */
function readPlain(values: Int32Array, index: number, source: Buffer, scratch: Buffer, at: number, plain: PlainValue): boolean {
  const start = values[index] as number;
  const end = values[index + 1] as number;
  if (values[index + 2] === 0) {
    plain.bytes = source;
    plain.start = start;
    plain.end = end;
    return true;
  }
  const stop = unescapeJsonString(source, start + 1, end - 1, scratch, at);
  plain.bytes = scratch;
  plain.start = at;
  plain.end = stop;
  return stop >= 0;
}

/** Whether `haystack` holds `needle` (UTF-8 of whole characters: as `String#includes` of their texts). */
function includesBytes(haystack: PlainValue, needle: PlainValue): boolean {
  const length = needle.end - needle.start;
  if (length === 0) return true;
  const { bytes, end } = haystack;
  const { bytes: wanted, start: from } = needle;
  const head = wanted[from] as number;
  for (let at = haystack.start; at + length <= end; at++) {
    if (bytes[at] !== head) continue;
    let i = 1;
    while (i < length && bytes[at + i] === wanted[from + i]) i++;
    if (i === length) return true;
  }
  return false;
}

/**
 * Where `truncate(value, 80)` cuts a value: its end when it has at most 80 UTF-16 units, else the
 * end of its first 79 (the ellipsis follows); -1 when that would split a surrogate pair.
 */
function cutValue(value: PlainValue): number {
  const { bytes, start, end } = value;
  // Fewer bytes than units is impossible: a short value needs no count.
  if (end - start <= VALUE_UNITS) return end;
  let units = 0;
  let cut = -1;
  for (let i = start; i < end; i++) {
    const byte = bytes[i] as number;
    if ((byte & 0xc0) === 0x80) continue;
    if (units === VALUE_UNITS - 1) cut = i;
    units += byte >= 0xf0 ? 2 : 1;
    // Past 80 units: cut after 79, unless a surrogate pair spans units 79 and 80 (then `cut` is unset).
    if (units > VALUE_UNITS) return cut;
  }
  return end;
}

/** The text of a JSON string's inside (as `JSON.stringify` writes it) as UTF-8; -1 for `\u` of a surrogate. */
function unescapeJsonString(source: Buffer, start: number, end: number, target: Buffer, at: number): number {
  let cursor = at;
  for (let i = start; i < end; i++) {
    const byte = source[i] as number;
    if (byte !== 0x5c) {
      target[cursor++] = byte;
      continue;
    }
    const escape = source[++i] as number;
    const simple = SIMPLE_ESCAPES[escape];
    if (simple !== undefined) {
      target[cursor++] = simple;
      continue;
    }
    if (escape !== 0x75) return -1;
    const code = Number.parseInt(source.toString('latin1', i + 1, i + 5), 16);
    i += 4;
    // `JSON.stringify` writes `\u` for control characters and lone surrogates only.
    if (!(code < 0x80)) return -1;
    target[cursor++] = code;
  }
  return cursor;
}

const SIMPLE_ESCAPES: Record<number, number> = { 0x22: 0x22, 0x5c: 0x5c, 0x2f: 0x2f, 0x62: 0x08, 0x66: 0x0c, 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09 };

function growFilled(array: Int32Array, size: number): Int32Array {
  const grown = new Int32Array(size).fill(-1);
  grown.set(array);
  return grown;
}

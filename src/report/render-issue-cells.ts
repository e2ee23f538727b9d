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
import { formatLocation } from '../core/issue.js';
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
}

type ShapeParts = NonNullable<RowIssueBytes['shapes'][number]>;

const ISSUE_SEPARATOR = Buffer.from(' | ');
const PATH_SEPARATOR = Buffer.from(' › ');
const VALUE_OPEN = Buffer.from(' (value "');
const ELLIPSIS = Buffer.from('…');
/** What `truncate` in `formatIssueBody` keeps of a value: 80 UTF-16 units, or 79 and the ellipsis. */
const VALUE_UNITS = 80;
const QUOTE = 0x22;

/** Creates a renderer. */
export function createIssueCellRenderer(): IssueCellRenderer {
  const templates = new WeakMap<ShapeParts, TextTemplate | null>();
  const codes: Buffer[] = [];
  const codeIds = new Map<string, number>();
  // Per code: the last row it was written in (`issue_code` lists each code once).
  let codeSeen: Int32Array = new Int32Array(16).fill(-1);
  let rowNumber = 0;
  let text = Buffer.allocUnsafe(1 << 12);
  const cells: RenderedIssueCells = { delimiter: 0, bytes: Buffer.allocUnsafe(1 << 13), textStart: 0, textEnd: 0, codesStart: 0, codesEnd: 0 };

  const templateOf = (parts: ShapeParts): TextTemplate | null => {
    let template = templates.get(parts);
    if (template !== undefined) return template;
    template = buildTemplate(parts, (code) => {
      let id = codeIds.get(code);
      if (id === undefined) {
        id = codes.length;
        codes.push(Buffer.from(code, 'utf8'));
        codeIds.set(code, id);
        if (id >= codeSeen.length) codeSeen = growFilled(codeSeen, id * 2 + 2);
      }
      return id;
    });
    templates.set(parts, template);
    return template;
  };

  return {
    render(issues, delimiter) {
      const { count, shapes, firsts, values, bytes } = issues;
      // The texts are at most the stored bytes (an escape is longer than what it stands for) and each template's fixed parts.
      let most = bytes.length + 16;
      for (let i = 0; i < count; i++) {
        const parts = shapes[i];
        const template = parts === undefined ? null : templateOf(parts);
        if (template === null) return undefined;
        most += template.head.length + (codes[template.code] as Buffer).length + 40;
      }
      if (most > text.length) text = Buffer.allocUnsafe(Math.max(most, text.length * 2));
      let at = 0;
      for (let i = 0; i < count; i++) {
        if (i > 0) at = putBytes(ISSUE_SEPARATOR, text, at);
        at = writeIssueText(templateOf(shapes[i] as ShapeParts) as TextTemplate, values, (firsts[i] as number) * 3, bytes, text, at);
        if (at < 0) return undefined;
      }
      const textEnd = at;
      // The codes, each once, in the order first met, after the texts.
      rowNumber += 1;
      for (let i = 0; i < count; i++) {
        const code = (templateOf(shapes[i] as ShapeParts) as TextTemplate).code;
        if (codeSeen[code] === rowNumber) continue;
        if (at > textEnd) at = putBytes(ISSUE_SEPARATOR, text, at);
        codeSeen[code] = rowNumber;
        at = putBytes(codes[code] as Buffer, text, at);
      }
      if (cells.bytes.length < at * 2 + 4) cells.bytes = Buffer.allocUnsafe(Math.max(at * 2 + 4, cells.bytes.length * 2));
      cells.delimiter = delimiter;
      cells.textStart = 0;
      cells.textEnd = formatCsvFieldBytes(text, 0, textEnd, delimiter, cells.bytes, 0);
      if (cells.textEnd < 0) return undefined;
      cells.codesStart = cells.textEnd;
      cells.codesEnd = formatCsvFieldBytes(text, textEnd, at, delimiter, cells.bytes, cells.codesStart);
      if (cells.codesEnd < 0) return undefined;
      return cells;
    },
  };
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
  return {
    head: Buffer.from(`${fixed['severity'] === 'warning' ? 'warning: ' : ''}${where}`, 'utf8'),
    located: where !== '',
    path: column === undefined ? varying.indexOf('path') : -1,
    message,
    value: varying.indexOf('value'),
    hint: varying.indexOf('hint'),
    code: codeIdOf(code),
  };
}

/**
 * Writes one issue's `renderIssueText` as UTF-8 into `target` at `at` (see `formatIssueBody`);
 * returns where it ends, or -1 when its values hold what a template does not render exactly.
 */
function writeIssueText(template: TextTemplate, values: Int32Array, first: number, source: Buffer, target: Buffer, at: number): number {
  let cursor = putBytes(template.head, target, at);
  let located = template.located;
  if (template.path >= 0) {
    if (located) cursor = putBytes(PATH_SEPARATOR, target, cursor);
    const start = cursor;
    cursor = copyValue(values, first + template.path * 3, source, target, cursor);
    if (cursor < 0) return -1;
    located ||= cursor > start;
  }
  if (located) {
    target[cursor++] = 0x3a;
    target[cursor++] = 0x20;
  }
  const messageStart = cursor;
  cursor = copyValue(values, first + template.message * 3, source, target, cursor);
  if (cursor < 0) return -1;
  const messageEnd = cursor;
  if (template.value >= 0) {
    const valueStart = putBytes(VALUE_OPEN, target, cursor);
    const valueEnd = copyValue(values, first + template.value * 3, source, target, valueStart);
    if (valueEnd < 0) return -1;
    // The value is shown when the message does not quote it (UTF-8 is searched as its text is).
    if (!includesBytes(target, messageStart, messageEnd, valueStart, valueEnd)) {
      cursor = truncateValue(target, valueStart, valueEnd);
      if (cursor < 0) return -1;
      target[cursor++] = QUOTE;
      target[cursor++] = 0x29;
    }
  }
  if (template.hint >= 0) {
    target[cursor++] = 0x3b;
    target[cursor++] = 0x20;
    cursor = copyValue(values, first + template.hint * 3, source, target, cursor);
  }
  return cursor;
}

/** Whether `bytes[start, end)` holds `bytes[needle, needleEnd)` (UTF-8 of whole characters: as `String#includes` of their texts). */
function includesBytes(bytes: Buffer, start: number, end: number, needle: number, needleEnd: number): boolean {
  const length = needleEnd - needle;
  if (length === 0) return true;
  const head = bytes[needle] as number;
  for (let at = start; at + length <= end; at++) {
    if (bytes[at] !== head) continue;
    let i = 1;
    while (i < length && bytes[at + i] === bytes[needle + i]) i++;
    if (i === length) return true;
  }
  return false;
}

/**
 * `truncate(value, 80)` of a value written at `target[start, end)`: past 80 UTF-16 units, its
 * first 79 and `…`. Returns where it ends; -1 when the cut would split a surrogate pair.
 */
function truncateValue(target: Buffer, start: number, end: number): number {
  let units = 0;
  let cut = -1;
  for (let i = start; i < end; i++) {
    const byte = target[i] as number;
    if ((byte & 0xc0) === 0x80) continue;
    if (units === VALUE_UNITS - 1) cut = i;
    units += byte >= 0xf0 ? 2 : 1;
    if (units === VALUE_UNITS && byte >= 0xf0) cut = -2;
  }
  if (units <= VALUE_UNITS) return end;
  if (cut === -2) return -1;
  return putBytes(ELLIPSIS, target, cut);
}

/** Copies stored value `values[index…]` (its UTF-8, or its JSON string unescaped) to `target` at `at`; returns where it ends, or -1 for an escape of a surrogate. */
function copyValue(values: Int32Array, index: number, source: Buffer, target: Buffer, at: number): number {
  const start = values[index] as number;
  const end = values[index + 1] as number;
  if (values[index + 2] === 0) {
    if (end - start > 64) return at + source.copy(target, at, start, end);
    let cursor = at;
    for (let i = start; i < end; i++) target[cursor++] = source[i] as number;
    return cursor;
  }
  return unescapeJsonString(source, start + 1, end - 1, target, at);
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

/**
 * `bytes[start, end)` (UTF-8 text) as the CSV writer writes the field (`createCsvFieldFormatter`:
 * quoted when it holds the delimiter, a quote or a line break or starts or ends with white space),
 * into `target` at `at`; returns where it ends, or -1 when it starts like a formula (neutralising
 * is left to the text path).
 */
export function formatCsvFieldBytes(bytes: Buffer, start: number, end: number, delimiter: number, target: Buffer, at: number): number {
  if (start === end) return at;
  const first = readCodeUnit(bytes, start);
  if (FORMULA_TRIGGERS.has(first)) return -1;
  let last = end - 1;
  while (((bytes[last] as number) & 0xc0) === 0x80) last--;
  let quoted = isSpace(first) || isSpace(readCodeUnit(bytes, last));
  if (!quoted) {
    for (let i = start; i < end; i++) {
      const byte = bytes[i] as number;
      if (byte === delimiter || byte === QUOTE || byte === 0x0a || byte === 0x0d) {
        quoted = true;
        break;
      }
    }
  }
  if (!quoted) {
    if (end - start > 64) return at + bytes.copy(target, at, start, end);
    let cursor = at;
    for (let i = start; i < end; i++) target[cursor++] = bytes[i] as number;
    return cursor;
  }
  let cursor = at;
  target[cursor++] = QUOTE;
  for (let i = start; i < end; i++) {
    const byte = bytes[i] as number;
    if (byte === QUOTE) target[cursor++] = QUOTE;
    target[cursor++] = byte;
  }
  target[cursor++] = QUOTE;
  return cursor;
}

// `neutralizeFormula`'s triggers, as UTF-16 code units.
const FORMULA_TRIGGERS = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d, 0xff1d, 0xff0b, 0xff0d, 0xff20]);
const SPACE = /\s/;

/** Whether a UTF-16 unit is white space as `needsQuotes` tests it (`\s`). */
function isSpace(code: number): boolean {
  if (code > 32 && code < 127) return false;
  return SPACE.test(String.fromCharCode(code));
}

/** The UTF-16 code unit of the character whose UTF-8 starts at `at`; a character past U+FFFF gives its high surrogate (never white space nor a trigger). */
function readCodeUnit(bytes: Buffer, at: number): number {
  const lead = bytes[at] as number;
  if (lead < 0x80) return lead;
  if (lead < 0xe0) return ((lead & 0x1f) << 6) | ((bytes[at + 1] as number) & 0x3f);
  if (lead < 0xf0) return ((lead & 0x0f) << 12) | (((bytes[at + 1] as number) & 0x3f) << 6) | ((bytes[at + 2] as number) & 0x3f);
  return 0xd800;
}

function putBytes(source: Buffer, target: Buffer, at: number): number {
  for (let i = 0; i < source.length; i++) target[at + i] = source[i] as number;
  return at + source.length;
}

function growFilled(array: Int32Array, size: number): Int32Array {
  const grown = new Int32Array(size).fill(-1);
  grown.set(array);
  return grown;
}

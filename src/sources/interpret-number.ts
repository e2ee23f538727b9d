/**
 * What a number cell really says. Excel keeps 15 significant digits, so a 13-digit barcode stored
 * as a number survives and must come back as its full digits (`4601234567890`, never
 * `4.60123456789e+12`), while a longer code or a value already shown in exponent notation has lost
 * digits for good: those are flagged for the validation stage, never "repaired".
 */
import type { CellFlag } from './types.js';

/** A number as text plus what was wrong with it. */
interface InterpretedNumber {
  /** Plain digits without exponent, as Excel would show them with a General format. */
  text: string;
  flags: CellFlag[];
}

const EXCEL_DIGITS = 15;

/**
 * Interprets a number read from a workbook. Integers keep all their digits and get
 * `precision_lost` beyond 15 digits; fractions are shown with at most 15 significant digits (as
 * Excel does, so `1119.9999999999998` is `1120`); a scientific number format adds `exponent`.
 */
export function interpretNumber(value: number, numberFormat?: string): InterpretedNumber {
  const flags: CellFlag[] = [];
  if (numberFormat !== undefined && checkScientificFormat(numberFormat)) flags.push('exponent');
  if (!Number.isFinite(value)) return { text: String(value), flags };
  const padded = numberFormat === undefined ? undefined : applyPaddedFormat(value, numberFormat);
  if (padded !== undefined) return { text: padded, flags };
  if (Number.isInteger(value)) {
    const text = buildPlainDigits(value);
    if (text.replace(/^-/, '').length > EXCEL_DIGITS) flags.push('precision_lost');
    return { text, flags };
  }
  const shortest = String(value);
  const significant = countSignificantDigits(shortest);
  const text = significant > EXCEL_DIGITS ? buildPlainDigits(Number(value.toPrecision(EXCEL_DIGITS))) : buildPlainDigits(value);
  return { text, flags };
}

/** A number's shortest exact text without exponent: `1e21` → `1000000000000000000000`, `1e-7` → `0.0000001`. */
export function buildPlainDigits(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Significant digits of a number written in decimal or exponent notation. */
function countSignificantDigits(text: string): number {
  const mantissa = text.replace(/^[-+]/, '').replace(/e[-+]?\d+$/i, '');
  const digits = mantissa.replace('.', '').replace(/^0+/, '');
  // Trailing zeros of an integer written without a point are not known to be significant.
  return (mantissa.includes('.') ? digits : digits.replace(/0+$/, '')).length || 1;
}

/**
 * True for text that is a number in exponent notation as Excel writes it when it has already
 * rounded a long number: `4,60123E+12`, `4.60123e12`, `1E+15`. Codes such as `12E45` (no point,
 * no sign) are not taken for numbers.
 */
export function checkExponentText(text: string): boolean {
  const trimmed = text.trim();
  return /^[-+]?\d+[.,]\d+[eE][-+]?\d+$/.test(trimmed) || /^[-+]?\d+[eE][-+]\d+$/.test(trimmed);
}

/** True when an Excel number format shows numbers in scientific notation (`0.00E+00`). */
export function checkScientificFormat(format: string): boolean {
  return /E[-+]/i.test(stripFormatLiterals(format));
}

/**
 * What a number format shows: a `date` (with or without a time), a `time` of day only (`h:mm`), a
 * `duration` (`[h]:mm`, hours past 24), or a plain `number`. Only the first section counts
 * (`0;-0;"zero"` is a number format).
 */
export function readNumberFormatKind(format: string | undefined): 'number' | 'date' | 'time' | 'duration' {
  if (format === undefined || /^general$/i.test(format.trim())) return 'number';
  const first = format.replace(/"[^"]*"/g, '').replace(/\\./g, '').split(';')[0] ?? '';
  if (/\[(h+|m+|s+)\]/i.test(first)) return 'duration';
  const bare = stripFormatLiterals(first);
  if (/[yd]/i.test(bare)) return 'date';
  if (/[hs]/i.test(bare)) return 'time';
  return /m/i.test(bare) ? 'date' : 'number';
}

/** A padded format, parsed: the literal text before the digits and how many digits are shown at least. */
interface PaddedFormat {
  prefix: string;
  digits: number;
}

// Characters Excel shows as they are without quotes in a number format.
const BARE_LITERALS = new Set([...'$-+/():!^&\'~{}<>= ']);
const paddedFormats = new Map<string, PaddedFormat | null>();

/**
 * The text Excel shows for `value` under a zero-padded integer format (`0000000000000`, `000000`)
 * or one with a literal prefix (`"RU"0000`, `\A000`): a 13-digit barcode stored as the number
 * 46012345678 shows `0046012345678`, and that is what the seller typed. `undefined` for any other
 * format (fractions, thousands, suffixes, conditions, a section for negatives), read as General.
 */
function applyPaddedFormat(value: number, format: string): string | undefined {
  let parsed = paddedFormats.get(format);
  if (parsed === undefined) {
    parsed = parsePaddedFormat(format) ?? null;
    if (paddedFormats.size < 256) paddedFormats.set(format, parsed);
  }
  if (parsed === null || Math.abs(value) >= 1e15) return undefined;
  const rounded = Math.round(Math.abs(value));
  return `${value < 0 && rounded !== 0 ? '-' : ''}${parsed.prefix}${String(rounded).padStart(parsed.digits, '0')}`;
}

/** `"RU"000000` → prefix `RU`, 6 digits; `undefined` when the format is not a padded integer one. */
function parsePaddedFormat(format: string): PaddedFormat | undefined {
  if (format.includes(';')) return undefined;
  let prefix = '';
  let digits = 0;
  for (let at = 0; at < format.length; at++) {
    const char = format.charAt(at);
    if (char === '0') {
      digits++;
      continue;
    }
    // Literal text only before the digits: a suffix (`0" шт"`) would make a count read as text.
    if (digits > 0) return undefined;
    if (char === '"') {
      const end = format.indexOf('"', at + 1);
      if (end < 0) return undefined;
      prefix += format.slice(at + 1, end);
      at = end;
    } else if (char === '\\' && at + 1 < format.length) {
      prefix += format.charAt(++at);
    } else if (char === '[') {
      // A locale or colour (`[$-419]`, `[Red]`) changes nothing shown; a condition (`[>100]`) does.
      const end = format.indexOf(']', at);
      if (end < 0 || /^\[[<>=]/.test(format.slice(at, end))) return undefined;
      // `[$₸-43F]`: a currency shown as its symbol.
      if (format.charAt(at + 1) === '$') prefix += format.slice(at + 2, end).replace(/-[0-9A-Fa-f]+$/, '');
      at = end;
    } else if (BARE_LITERALS.has(char)) prefix += char;
    else return undefined;
  }
  if (digits === 0 || (digits === 1 && prefix === '')) return undefined;
  return { prefix, digits };
}

/** Removes quoted text, escaped characters and `[...]` sections (colours, locales) from a format. */
function stripFormatLiterals(format: string): string {
  return format
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
}

/**
 * Converts an Excel date serial to a Date in UTC (1900 or 1904 date system). Excel's 1900 system
 * counts 29 February 1900, a day that never was (Lotus 1-2-3's bug, kept for compatibility): serials
 * up to 59 are a day later than a plain count from 30 December 1899 gives, and 60 is that day.
 */
function buildDateFromSerial(serial: number, date1904: boolean): Date {
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  return new Date(Math.round((days - 25569) * 86_400_000));
}

/**
 * The text and value of a date serial as Excel shows it: an ISO date (with the time when there is
 * one), or only the time of day (`08:30:00`) for a time format. `undefined` for a serial Excel
 * cannot show as a date (negative, or past the year 9999).
 */
export function buildSerialText(serial: number, kind: 'date' | 'time', date1904: boolean): { text: string; date: Date } | undefined {
  if (serial < 0 || serial >= 2_958_466) return undefined;
  if (kind === 'time') {
    // A time of day alone counts from Excel's day 0, 30 December 1899, as a `t="d"` time does.
    const time = new Date(Math.round((serial - 25569) * 86_400_000));
    return { text: new Date(Math.round(time.getTime() / 1000) * 1000).toISOString().slice(11, 19), date: time };
  }
  const date = buildDateFromSerial(serial, date1904);
  if (!date1904 && Math.floor(serial) === 60) {
    const time = buildIsoDate(date).slice(10);
    return { text: `1900-02-29${time}`, date };
  }
  return { text: buildIsoDate(date), date };
}

/** `2024-03-01` for a whole day, `2024-03-01T10:30:00` with a time (to the nearest second; Excel dates have no zone). */
export function buildIsoDate(date: Date): string {
  const ms = Math.round(date.getTime() / 1000) * 1000;
  const iso = new Date(ms).toISOString();
  return ms % 86_400_000 === 0 ? iso.slice(0, 10) : iso.slice(0, 19);
}

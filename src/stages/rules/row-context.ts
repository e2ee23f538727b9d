/**
 * The per-row state the field rules share. One context is made per file and reset for each row:
 * the helpers are methods on its prototype, not closures made again for every row.
 */
import type { Issue, IssueData, IssueStage, Severity } from '../../core/issue.js';
import { createTranslator } from '../../i18n/create-translator.js';
import { renderIssueHint, renderIssueMessage } from '../../core/issue.js';
import type { SourceCell, SourceInfo, SourceRow } from '../../sources/types.js';
import type { FieldTerm, RowIssueCode } from '../issue-codes.js';
import type { CellLocation, MappedRow } from '../mapped-row.js';
import type { ColumnSlot } from './field-rule.js';
import { createMergedRangeFinder, type MergedRangeFinder } from './find-merged-range.js';
import { stageOfRowCode } from './stage-of-row-code.js';

/** State of the row being mapped, and the helpers every rule reads and reports through. */
export class RowContext {
  /** The row being mapped. */
  row: SourceRow = { row: 0, cells: [] };
  /** Issues of the row, in the order found (a fresh list per row: it is handed out). */
  issues: Issue[] = [];
  /** False once an error was reported (or a required column is missing from the file). */
  valid = true;
  /** Set by the product-key rule; issues reported before it carry none. */
  productKey: string | undefined = undefined;
  /** The draft of the row; null until the product-key rule starts it (and for a row of no product). */
  record: MappedRow | null = null;

  /** The merged range an empty cell lies in, below its first row (undefined without such ranges). */
  private readonly findMergedRange: MergedRangeFinder | undefined;

  constructor(
    private readonly info: SourceInfo,
    private readonly cells: MappedRow['cells'],
  ) {
    this.findMergedRange = createMergedRangeFinder(info);
  }

  /** Starts a row. */
  begin(row: SourceRow): void {
    this.row = row;
    this.issues = [];
    this.valid = true;
    this.productKey = undefined;
    this.record = null;
  }

  /** Starts the draft of a row that belongs to product `productKey`. */
  startRecord(productKey: string): MappedRow {
    const { info } = this;
    const source = this.row.row;
    this.productKey = productKey;
    this.record = {
      source: info.sheet === undefined ? { file: info.file, row: source } : { file: info.file, sheet: info.sheet, row: source },
      valid: true,
      productKey,
      skuKey: '',
      productId: null,
      skuId: null,
      product: {
        shopId: null,
        categoryId: null,
        brandId: null,
        isLocalMade: null,
        name: { rus: '', kaz: '' },
        description: { rus: '', kaz: '' },
        vat: null,
        attributes: [],
      },
      sku: { price: null, barcode: '', photos: [], attributes: [] },
      cells: this.cells,
    };
    return this.record;
  }

  /**
   * Reports an issue of this row at `location`, its text the catalog's template of `code` filled
   * with `data` (and `value`); an error makes the row invalid.
   */
  report(code: RowIssueCode, severity: Severity, location: CellLocation | undefined, data: IssueData, value?: string): void {
    if (severity === 'error') this.valid = false;
    this.issues.push(buildRowIssue(stageOfRowCode(code), code, severity, data, this.info, this.row.row, location, value, this.productKey));
  }

  /** The usable cell of a column: `undefined` when empty or unmapped, `null` when unusable (already reported). */
  readCell(slot: ColumnSlot): SourceCell | null | undefined {
    if (slot === undefined || slot === null) return undefined;
    const cell = this.row.cells[slot.index];
    if (cell === undefined || cell.kind === 'empty') return undefined;
    const flags = cell.flags;
    const flagged = flags !== undefined && flags.length > 0;
    // Before the error kind: the reader gives a formula without a saved result as an error cell with no text.
    if (flagged && flags.includes('formula_no_result')) {
      this.report('formula_without_result', 'error', slot.location, {}, cell.formula ?? cell.text);
      return null;
    }
    if (cell.kind === 'error') {
      this.report('cell_error', 'error', slot.location, {}, cell.text);
      return null;
    }
    if (cell.kind === 'date' || (flagged && flags.includes('date_serial'))) {
      this.report('excel_date_conversion', 'error', slot.location, { hint: 'retype_value_as_text' }, cell.text);
      return null;
    }
    if (flagged && flags.includes('truncated')) {
      this.report('cell_truncated', 'error', slot.location, {}, cell.text);
      return null;
    }
    if (isBlank(cell.text)) return undefined;
    return cell;
  }

  /** Trimmed text: `undefined` when empty, `null` when unusable (already reported). */
  readText(slot: ColumnSlot): string | null | undefined {
    const cell = this.readCell(slot);
    return cell === null || cell === undefined ? cell : cell.text.trim();
  }

  /** A key as text; a key Excel shortened to a number is reported. */
  readKey(slot: ColumnSlot, field: FieldTerm): string | null | undefined {
    const cell = this.readCell(slot);
    if (cell === null || cell === undefined) return cell;
    if (isShortenedNumber(cell)) {
      this.report('key_damaged_by_excel', 'error', slot?.location, { field, hint: 'retype_keys_as_text' }, cell.text);
      return null;
    }
    return cell.text.trim();
  }

  /** A positive integer: `undefined` when empty, `null` when invalid (reported). */
  readPositiveInteger(slot: ColumnSlot, field: FieldTerm): number | null | undefined {
    const cell = this.readCell(slot);
    if (cell === null || cell === undefined) return cell;
    if (isShortenedNumber(cell)) {
      this.report('key_damaged_by_excel', 'error', slot?.location, { field }, cell.text);
      return null;
    }
    const text = cell.text.trim();
    const value = DIGITS.test(text) ? Number(text) : typeof cell.value === 'number' ? cell.value : Number.NaN;
    if (!Number.isSafeInteger(value) || value <= 0) {
      this.report('invalid_integer', 'error', slot?.location, { field }, text);
      return null;
    }
    return value;
  }

  /** A required field without a value: reported on its column, or (column missing from the file, reported once) just not sendable. */
  requireMissing(slot: ColumnSlot, field: FieldTerm): void {
    if (slot === null) {
      this.valid = false;
      return;
    }
    const range = slot === undefined ? undefined : this.findMergedRange?.(slot.index, this.row.row);
    this.report('required_field_missing', 'error', slot?.location, range === undefined ? { field } : { variant: 'merged', field, range });
  }
}

const DIGITS = /^\d+$/;

function isShortenedNumber(cell: SourceCell): boolean {
  const flags = cell.flags;
  return flags !== undefined && flags.length > 0 && (flags.includes('exponent') || flags.includes('precision_lost'));
}

/** Whether text is empty after trimming, without making the trimmed copy for the usual non-blank cell. */
function isBlank(text: string): boolean {
  if (text === '') return true;
  const first = text.charCodeAt(0);
  // A cell that starts with a visible character is not blank: no trim needed.
  if (first > 32 && first !== 160 && first < 0x1680) return false;
  return text.trim() === '';
}

/**
 * An issue of a row, with the same keys in the same order as `createIssue` gives (reports and
 * snapshots depend on it), without its per-call object walk.
 */
function buildRowIssue(
  stage: IssueStage,
  code: RowIssueCode,
  severity: Severity,
  data: IssueData,
  info: SourceInfo,
  row: number,
  location: CellLocation | undefined,
  value: string | undefined,
  productKey: string | undefined,
): Issue {
  const english = createTranslator('en');
  const issue: Issue = { stage, code, severity, message: renderIssueMessage({ code, message: '', data, ...(value !== undefined ? { value } : {}) }, english) };
  const hint = data['hint'] === undefined ? undefined : renderIssueHint({ data, ...(value !== undefined ? { value } : {}) }, english);
  if (info.file !== undefined) issue.file = info.file;
  if (info.sheet !== undefined) issue.sheet = info.sheet;
  issue.row = row;
  if (location !== undefined) {
    issue.column = location.column;
    if (location.header !== undefined) issue.header = location.header;
  }
  if (value !== undefined) issue.value = value;
  if (hint !== undefined) issue.hint = hint;
  if (productKey !== undefined) issue.productKey = productKey;
  issue.data = data;
  return issue;
}

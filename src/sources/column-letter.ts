/**
 * Column letters as Excel shows them, for XLSX and CSV alike (a CSV column gets the letter of its
 * position, so that a seller can find it after opening the file in Excel).
 */

/** `0` → `A`, `25` → `Z`, `26` → `AA`. */
export function buildColumnLetter(index: number): string {
  let letters = '';
  let n = index + 1;
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** `A` → `0`, `AA` → `26`; `undefined` when the text is not a column letter. */
export function parseColumnLetter(letters: string): number | undefined {
  if (!/^[A-Z]{1,3}$/i.test(letters)) return undefined;
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n - 1;
}

/** A cell reference such as `B12`, as a 0-based column and a 1-based row. */
interface CellRef {
  column: number;
  row: number;
}

/** `B12` → `{ column: 1, row: 12 }`; `$B$12` is accepted; `undefined` when not a reference. */
export function parseCellRef(ref: string): CellRef | undefined {
  const match = /^\$?([A-Z]{1,3})\$?(\d+)$/i.exec(ref.trim());
  if (!match) return undefined;
  const column = parseColumnLetter(match[1] ?? '');
  const row = Number(match[2]);
  if (column === undefined || !Number.isInteger(row) || row < 1) return undefined;
  return { column, row };
}

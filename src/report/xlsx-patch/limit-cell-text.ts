/** The length limit of the text of a cell in Excel. */

/** Characters a cell holds at most in Excel; a longer text makes it call the file corrupt. */
export const MAX_CELL_TEXT = 32_767;

/** `text` cut to what a cell holds, saying so (every issue is still in summary.json). */
export function limitCellText(text: string): string {
  if (text.length <= MAX_CELL_TEXT) return text;
  const more = ' … (cut at the length a cell holds; every issue is in summary.json)';
  let cut = MAX_CELL_TEXT - more.length;
  // Never between the two halves of a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text[cut - 1] ?? '')) cut -= 1;
  return text.slice(0, cut) + more;
}

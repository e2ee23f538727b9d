/**
 * The few pieces of HTML the report page is made of: escaped text and attributes, and a table from
 * rows of cells. Every text the page shows goes through `escapeHtml`: it echoes the seller's values.
 */

/** `text` safe as element content and as a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** One cell of `renderTable`: text (escaped here) or markup already built, with attributes. */
export interface HtmlCell {
  text?: string;
  html?: string;
  /** Attributes, values escaped here (`data-count`, `class`). */
  attrs?: Readonly<Record<string, string>>;
}

/** A table: a header row, then one row per entry (`rowClass` of each, when given); `id` names it for tests. */
export function renderTable(id: string, headers: readonly string[], rows: readonly (readonly HtmlCell[])[], rowClass?: (index: number) => string | undefined): string {
  const head = headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('');
  const body = rows
    .map((cells, index) => {
      const name = rowClass?.(index);
      return `<tr${name === undefined ? '' : ` class="${escapeHtml(name)}"`}>${cells.map(renderCell).join('')}</tr>`;
    })
    .join('\n');
  return `<table id="${escapeHtml(id)}"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function renderCell(cell: HtmlCell): string {
  const attrs = Object.entries(cell.attrs ?? {})
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return `<td${attrs}>${cell.html ?? escapeHtml(cell.text ?? '')}</td>`;
}

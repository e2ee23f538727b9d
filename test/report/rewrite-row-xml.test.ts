/**
 * Whether a row can be copied as it is, its new cells put before its end tag (`endsBefore`): only
 * when its last real cell lies left of the new cells. A `<c` inside a comment, CDATA section or
 * processing instruction after the last cell is no cell, as the reader reads the row.
 */
import { describe, expect, it } from 'vitest';
import { endsBefore } from '../../src/report/xlsx-patch/rewrite-row-xml.js';
import { readRowShape } from '../../src/report/xlsx-patch/row-cells.js';

function checkEndsBefore(row: string, column: number): boolean {
  return endsBefore(row, readRowShape(row), '', column);
}

describe('endsBefore', () => {
  it('compares the last cell with the column of the new cells', () => {
    expect(checkEndsBefore('<row r="2"><c r="A2"/><c r="C2"><v>1</v></c></row>', 4)).toBe(true);
    expect(checkEndsBefore('<row r="2"><c r="A2"/><c r="K2"><v>1</v></c></row>', 4)).toBe(false);
  });

  it.each([
    ['a comment', '<!-- <c r="B2"/> -->'],
    ['a CDATA section', '<![CDATA[<c r="B2"/>]]>'],
    ['a processing instruction', '<?pi <c r="B2"/> ?>'],
  ])('does not take a cell inside %s after the last cell for the last cell', (_, markup) => {
    expect(checkEndsBefore(`<row r="2"><c r="A2"/><c r="K2"><v>1</v></c>${markup}</row>`, 4)).toBe(false);
  });
});

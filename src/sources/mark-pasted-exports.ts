/**
 * A row that repeats the header row: files pasted one under the other (two exports joined, a
 * sheet copied under another) bring their header along. It is not goods: mapped, it is a product
 * named "Наименование" whose price is "Цена", an error in every column. Such a row is left out with a
 * `row_skipped` warning naming it, like a row the mapping skips. Compiled once per file.
 */
import { normalizeHeaderName } from '../sources/find-header-row.js';
import type { SourceCell, SourceColumn } from '../sources/types.js';

/** True when a row's cells repeat the header. */
export type RepeatedHeaderTest = (cells: readonly (SourceCell | undefined)[]) => boolean;

/**
 * Compiles the test for one header. A row repeats it when every filled cell holds its column's
 * header text (case, spaces and ё/е aside) and at least half of the named columns, two at least,
 * are filled so. Undefined for a header of fewer than two named columns (`headerRow: none` names none).
 */
export function createRepeatedHeaderTest(header: readonly SourceColumn[]): RepeatedHeaderTest | undefined {
  const names = header.map((column) => normalizeHeaderName(column.text ?? column.name));
  const named = names.filter((name) => name !== '').length;
  if (named < 2) return undefined;
  const needed = Math.max(2, Math.ceil(named / 2));
  // The first letter of each name, both cases (ё as е): most rows of goods differ at their first
  // filled cell's first letter, told apart without a string made.
  const firsts = names.map((name) => {
    const first = name.charAt(0);
    return first === '' ? [] : [first, first.toUpperCase(), ...(first === 'е' ? ['ё', 'Ё'] : [])].map((letter) => letter.charCodeAt(0));
  });
  return (cells) => {
    let matched = 0;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      if (cell === undefined || cell.kind === 'empty') continue;
      const text = cell.text;
      let at = 0;
      while (at < text.length && (text.charCodeAt(at) <= 32 || text.charCodeAt(at) === 160)) at++;
      if (at === text.length) continue;
      if (!(firsts[i] ?? []).includes(text.charCodeAt(at)) || normalizeHeaderName(text) !== names[i]) return false;
      matched++;
    }
    return matched >= needed;
  };
}

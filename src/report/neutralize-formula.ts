/**
 * Formula-injection guard (issue 9.4) for every CSV and XLSX cell the tool writes from text it
 * did not compute itself.
 */

// OWASP's trigger characters, plus their full-width forms, which some Excel locales also accept.
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

// A plain negative number opens as a number in Excel and LibreOffice, never as a formula; keeping
// it as is keeps prices like `-5` readable and round-trippable.
const PLAIN_NEGATIVE_NUMBER = /^-\d+(?:[.,]\d+)?$/;

// Tab and CR are triggers because a formula may follow them; a cell of white space alone holds
// none, and prefixing it would turn a blank cell of the seller's into a filled one.
const WHITE_SPACE_ONLY = /^\s+$/;

/**
 * Returns `text` made safe for a spreadsheet: when it starts with `=`, `+`, `-`, `@`, tab or
 * carriage return (or a full-width `＝＋－＠`), it is prefixed with `'` so that Excel and
 * LibreOffice show it as text instead of running it as a formula. A plain negative number such as
 * `-5` or `-12,50` is left as is, and so is white space alone (a tab or line break with nothing
 * after it runs nothing). Everything else is returned unchanged.
 */
export function neutralizeFormula(text: string): string {
  const first = text[0];
  if (first === undefined || !TRIGGERS.has(first)) return text;
  if (PLAIN_NEGATIVE_NUMBER.test(text) || WHITE_SPACE_ONLY.test(text)) return text;
  return `'${text}`;
}

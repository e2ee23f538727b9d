/**
 * Line breaks as the CSV reader counts them (its row numbers are editor lines): CRLF, a lone CR
 * and a lone LF are one each. The reader and the annotated copy's line keeper count with it.
 */

/**
 * Counts line breaks (LF, CR or CRLF) in `text` between two positions, called once per record in
 * order: every CR is one, and every LF not right after a CR of the same range. Both are found by
 * native searches (a loop over every character of a CRLF file cost a fifth of a text-only read),
 * each remembered until a record passes it, so a lone CR far ahead is not searched for again.
 */
export function createLineBreakCounter(text: string): (start: number, end: number) => number {
  // Next known position of each at or after the last start; -1: none left; -2: not searched yet.
  let nextCr = text.includes('\r') ? -2 : -1;
  let nextLf = -2;
  return (start, end) => {
    let count = 0;
    if (nextCr !== -1) {
      if (nextCr < start) nextCr = text.indexOf('\r', start);
      while (nextCr !== -1 && nextCr < end) {
        count++;
        nextCr = text.indexOf('\r', nextCr + 1);
      }
    }
    if (nextLf !== -1) {
      if (nextLf < start) nextLf = text.indexOf('\n', start);
      while (nextLf !== -1 && nextLf < end) {
        if (nextLf === start || text.charCodeAt(nextLf - 1) !== 13) count++;
        nextLf = text.indexOf('\n', nextLf + 1);
      }
    }
    return count;
  };
}

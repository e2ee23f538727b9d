/**
 * Guesses a CSV delimiter from the first lines of a file: the candidate that splits most lines
 * into the same number of fields wins, the larger number on a tie. Quotes are honoured, so
 * `"a;b",c` counts one comma.
 */

/** Delimiters a seller's CSV may use, in order of preference on ties. */
const DELIMITER_CANDIDATES = [',', ';', '\t', '|'] as const;

/** Looks at up to `maxLines` complete lines of `sample`; `,` when no candidate appears at all (a single-column file). */
export function detectDelimiter(sample: string, maxLines = 50): string {
  const lines = splitSampleLines(sample, maxLines);
  let best: { delimiter: string; score: number } | undefined;
  for (const delimiter of DELIMITER_CANDIDATES) {
    const all = lines.map((line) => countOutsideQuotes(line, delimiter));
    const first = all.findIndex((count) => count > 0);
    if (first < 0) continue;
    const counts = all.filter((count) => count > 0);
    // Lines above the first that holds the candidate may be titles; a line below without it disagrees.
    const missing = all.length - first - counts.length;
    const frequency = new Map<number, number>();
    for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    let modeCount = 0;
    let modeLines = 0;
    for (const [count, times] of frequency) {
      if (times > modeLines || (times === modeLines && count > modeCount)) {
        modeCount = count;
        modeLines = times;
      }
    }
    // Lines agreeing on the field count weigh most; the count itself breaks near-ties. A line of
    // the table without the candidate counts against it (a ragged comma file with `;` in one
    // column); the title lines above a table ("Прайс-лист ТОО …, г. Алматы") hold none of its
    // delimiter and count for nothing.
    const score = modeLines * 1000 + Math.min(modeCount, 999) - missing * 1000;
    if (best === undefined || score > best.score) best = { delimiter, score };
  }
  return best?.delimiter ?? ',';
}

/** Splits the sample into non-empty lines, keeping quoted line breaks inside their line. */
function splitSampleLines(sample: string, maxLines: number): string[] {
  const lines: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < sample.length && lines.length < maxLines; i++) {
    const char = sample[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (i > start) lines.push(sample.slice(start, i));
      start = i + 1;
    }
  }
  // The last line of a sample may be cut; use it only when nothing else is there.
  if (lines.length === 0 && start < sample.length) lines.push(sample.slice(start));
  return lines;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === delimiter) count++;
  }
  return count;
}

/**
 * The one text order of the report's sorts (issues, root causes, columns, codes, jobs): the order
 * of `localeCompare` (ICU's root collation), without starting ICU for the texts those sorts
 * mostly see. ICU's collator costs a run about 70 M instructions the first time it is asked, and
 * issue codes, column letters and job ids are ASCII words whose root order is a small table.
 */

/**
 * Primary weight of each ASCII character the table orders (`_` and `-` before digits before
 * letters, a letter's cases alike), 0 for any other: root collation, as `localeCompare` has it.
 */
const PRIMARY = buildPrimaryWeights();

function buildPrimaryWeights(): Uint8Array {
  const weights = new Uint8Array(128);
  let weight = 1;
  for (const char of '_-0123456789') weights[char.charCodeAt(0)] = weight++;
  for (let letter = 0; letter < 26; letter += 1) {
    weights[97 + letter] = weight;
    weights[65 + letter] = weight++;
  }
  return weights;
}

/** Whether the table orders every character of `text`. */
function isTableText(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 128 || PRIMARY[code] === 0) return false;
  }
  return true;
}

/**
 * Orders two texts as `a.localeCompare(b)` does (its sign). Equal texts, and texts made of ASCII
 * letters, digits, `_` and `-` only, are ordered without ICU: first by the characters' weights
 * (a text before its longer continuations), then by the first difference of case, lower first.
 * Anything else (Cyrillic file or sheet names, headers) goes to `localeCompare`.
 */
export function compareTexts(a: string, b: string): number {
  if (a === b) return 0;
  if (!isTableText(a) || !isTableText(b)) return a.localeCompare(b);
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i += 1) {
    const difference = (PRIMARY[a.charCodeAt(i)] as number) - (PRIMARY[b.charCodeAt(i)] as number);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < shorter; i += 1) {
    if (a[i] !== b[i]) return a.charCodeAt(i) > b.charCodeAt(i) ? -1 : 1;
  }
  return 0;
}

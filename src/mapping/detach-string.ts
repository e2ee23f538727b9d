/**
 * Strings kept past their row without the text they were cut from. A reader's cell values are
 * slices of a large decoded chunk (V8 makes a slice of any substring of 13 characters or more, and
 * the slice keeps the whole parent alive): a value kept in a cache or an open product pins its
 * chunk, which then survives young-generation collections and is copied to the old one.
 */

/** V8 copies substrings shorter than this (`SlicedString::kMinLength`): they pin nothing. */
const MIN_SLICE = 13;

/** A copy of `text` that does not keep a larger string alive (the same string when short). */
export function detachString(text: string): string {
  if (text.length < MIN_SLICE) return text;
  // Slicing a concatenation flattens it into a new string first; the result points into that
  // string (one character longer than `text`), not into the original parent.
  return ` ${text}`.slice(1);
}

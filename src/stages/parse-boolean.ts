/** Yes/no cells in the seller's words. */

/** Words for true and false, as the mapping's `booleans` section gives them. */
export interface BooleanWords {
  true: readonly string[];
  false: readonly string[];
}

/** A lookup from normalised word to value; build once per run. */
export type BooleanLookup = ReadonlyMap<string, boolean>;

/** Builds the lookup; words compare ignoring case and surrounding spaces. */
export function createBooleanLookup(words: BooleanWords): BooleanLookup {
  const lookup = new Map<string, boolean>();
  for (const word of words.true) lookup.set(word.trim().toLowerCase(), true);
  for (const word of words.false) lookup.set(word.trim().toLowerCase(), false);
  return lookup;
}

/** The boolean a cell text means, or null when it is none of the words. */
export function parseBoolean(text: string, lookup: BooleanLookup): boolean | null {
  return lookup.get(text.trim().toLowerCase()) ?? null;
}

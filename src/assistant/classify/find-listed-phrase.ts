/**
 * A word list's phrases found in a name's words: the phrases are kept by their first word, the longest first, so a phrase
 * that opens another (`хит продаж`, `хит`) is found whole. `shop-notes.ts` and `russian-flavour-words.ts` read their lists so.
 */

/** The finder of the listed phrases: the longest one whose words stand in `words` from `at` on, else undefined. */
export function createListedPhraseFinder(phrases: Iterable<readonly string[]>): (words: readonly string[], at: number) => readonly string[] | undefined {
  const byFirst = new Map<string, (readonly string[])[]>();
  for (const phrase of phrases) byFirst.set(phrase[0] ?? '', [...(byFirst.get(phrase[0] ?? '') ?? []), phrase]);
  for (const listed of byFirst.values()) listed.sort((a, b) => b.length - a.length);
  return (words, at) => byFirst.get(words[at] ?? '')?.find((phrase) => phrase.every((part, i) => words[at + i] === part));
}

/**
 * The file's own sections in `mapping init`'s draft (issue 33): where the sure picks of the file's
 * product names (the classifier), or of its category texts (the label matcher) when too few names are
 * sure, lie says the file's sections, by the rule `mapping review` reads them with (`readFileSections`); a category text matched
 * to a leaf outside them is left a TODO, its comment naming them, and the draft sets `classify.sections`
 * (what `lookup: category` and `mapping review` read). A file of many trades gets none.
 */
import type { Category } from '../domain/index.js';
import { describeOutsideDoubt, FEWEST_SURE_ROWS, isInFileSections, readFileSections, readTopSection, type FileSections, type FileSectionsReading } from './classify/file-sections.js';
import type { DirectoryMatchers } from './create-directory-matchers.js';
import type { ValueMatch } from './match-value.js';

// Where the sure picks lie is plain from the first few thousand names; `mapping init` stays quick on a large file.
const MOST_NAMES_READ = 5000;

/** The draft's sections, with what their counts count: the file's product names, or (a file without names to go by) its category texts. */
export interface DraftSections extends FileSectionsReading {
  unit: 'names' | 'category texts';
}

/**
 * The draft's category matches, a sure one outside the file's sections made a question. The sections are read from the sure
 * picks of the product names; only a file with too few of them to judge by (`FEWEST_SURE_ROWS`) is read by its sure category
 * texts instead. One unit, never both: a category text stands for many rows, a name for about one.
 */
export function askOutsideDraftSections(matches: readonly ValueMatch<Category>[], names: readonly string[], matchers: DirectoryMatchers): { matches: ValueMatch<Category>[]; sections?: DraftSections } {
  const read = names.slice(0, MOST_NAMES_READ);
  const byNames = new Map<string, number>();
  for (const name of read) {
    // The names' readings are the ones the label matcher took (`classifyName`): each name is classified once.
    const result = matchers.classifyName(name);
    if (result.confident) countSection(byNames, result.path);
  }
  const useNames = [...byNames.values()].reduce((total, count) => total + count, 0) >= FEWEST_SURE_ROWS;
  const byTexts = new Map<string, number>();
  if (!useNames) for (const match of matches) if (isSureMatch(match)) countSection(byTexts, match.best?.entry.path?.rus);
  const reading = useNames ? readFileSections(byNames, read.length) : readFileSections(byTexts, matches.length);
  if (reading === undefined) return { matches: [...matches] };
  const sections: FileSections = { paths: reading.sections.map((section) => section.path) };
  return { matches: matches.map((match) => askLabelOutsideSections(match, sections)), sections: { ...reading, unit: useNames ? 'names' : 'category texts' } };
}

function countSection(counts: Map<string, number>, path: string | undefined): void {
  if (path === undefined) return;
  const section = readTopSection(path);
  counts.set(section, (counts.get(section) ?? 0) + 1);
}

/** A sure label match (exact or confident) outside the sections: a TODO whose doubt names them; any other match as it is. */
function askLabelOutsideSections(match: ValueMatch<Category>, sections: FileSections): ValueMatch<Category> {
  const path = match.best?.entry.path?.rus;
  if (!isSureMatch(match) || path === undefined || isInFileSections(sections, path)) return match;
  const { best: _best, heldBy: _heldBy, ...rest } = match;
  return { ...rest, status: 'todo', doubt: describeOutsideDoubt(sections) };
}

function isSureMatch(match: ValueMatch<Category>): boolean {
  return match.status === 'exact' || match.status === 'confident';
}

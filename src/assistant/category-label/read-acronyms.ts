import type { Category } from '../../domain/index.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { splitListName, splitNamePhrase } from '../classify/split-name-phrase.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { findDemographicMark } from '../demographic-words.js';
import type { CategoryMatcher } from '../match-category.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { areInitialsOf, findLabelAcronyms } from '../read-label-initials.js';
import { putLeavesFirst } from './read-initials.js';
import { LOOSE_CAP } from './label-scores.js';
import { readLabelHead, STOP_WORDS } from './label-text.js';

/** A leaf as an acronym is read against it: the words of its name's head, and every stem of its name. */
interface AcronymLeaf {
  leaf: Category;
  head: string[];
  stems: Set<string>;
}

// More leaves than this whose head words an acronym's letters begin say the letters fit words by chance (`СМ`: washing
// machines, sleeping bags, garden furniture…): no leaf is put first.
const MAX_FITS = 2;

/**
 * `БП для ПК`: an acronym a seller writes for a kind (`БП` of `Блоки питания`) is no word of the directory, so the label
 * was a question led by whatever its other words met (`Системные блоки`). A leaf whose name's head words the acronym's
 * letters begin, in order, and whose name holds every other word of the label, comes first among the question's
 * candidates. Never a sure pick: initials are weak evidence (`read-initials.ts`); an acronym the directory writes as a
 * word (`ПК`, `ТВ`) is read as that word, and a label already sure is left as it is. Only a leaf named by one kind's words
 * is read: a list's name (`Принтеры и МФУ`) and whom goods are for (`Трусы мужские`) make no acronym. With rows' names, a
 * fit comes first only when they say its head words too (`ПМ` of rows `Посудомоечная машина`): others are for them to name.
 */
export function readAcronyms(matcher: CategoryMatcher, index: DirectoryIndex): CategoryMatcher {
  let leaves: AcronymLeaf[] | undefined;
  let directoryWords: Set<string> | undefined;
  const readLeaves = (): AcronymLeaf[] =>
    (leaves ??= index.directories.categories
      .filter((category) => !index.nonLeafIds.has(category.id))
      .map((leaf) => {
        const words = tokenizeForMatch(leaf.name.rus);
        const head = splitListName(leaf.name.rus).length > 1 ? [] : splitNamePhrase(words, 'rus').head.filter((word) => findDemographicMark(word) === undefined);
        return { leaf, head, stems: new Set(words.map(stemForIndex)) };
      }));
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      if (match.status !== 'todo') return match;
      const head = readLabelHead(text);
      directoryWords ??= new Set(readLeaves().flatMap(({ stems }) => [...stems]));
      const known = directoryWords;
      const acronyms = findLabelAcronyms(head).filter((acronym) => !known.has(stemForIndex(acronym.letters)));
      if (acronyms.length !== 1) return match;
      const [acronym] = acronyms;
      if (acronym === undefined) return match;
      const others = tokenizeForMatch(head.replace(acronym.written, ' ')).filter((word) => !STOP_WORDS.has(word));
      const all = readLeaves().filter(({ head: words, stems }) => words.length >= 2 && areInitialsOf(acronym, words) && others.every((word) => stems.has(stemForIndex(word))));
      // Rows' names that do not say a fit's head words say other goods: it goes above none of what they name.
      const names = context.productNames ?? [];
      const said = new Set(names.flatMap((name) => tokenizeForMatch(name).map(stemForIndex)));
      const fits = names.length > 0 ? all.filter(({ head: words }) => words.every((word) => said.has(stemForIndex(word)))) : all;
      if (fits.length === 0 || fits.length > MAX_FITS) return match;
      // A likeness, no name: shown as high as one (0.87), below the sure score.
      const candidates = putLeavesFirst(match.candidates, fits.map(({ leaf }) => leaf), index, LOOSE_CAP);
      return { ...match, candidates, doubt: `"${acronym.written}" may be the initials of ${fits.map(({ leaf }) => leaf.name.rus).join(', ')}`, heldBy: [...(match.heldBy ?? []), acronym.written] };
    },
  };
}

import { collectDemographic, type Demographic, findDemographicMark, readAges } from '../demographic-words.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { readLabelWordRoles, selectDroppedWords, selectKindWords } from '../read-label-words.js';
import { MAX_KNOWN_LABELS } from './branch-names.js';
import { ABBREVIATION, cutLabelLevels, KAZAKH_LETTER, PARENTHESES, PATH_SEPARATOR, splitHead, STOP_WORDS } from './label-text.js';

export interface ParsedLabel {
  words: string[];
  /** The words that can name a kind (`selectKindWords`): rivalry is judged on these alone, so a brand or a size never makes a label surer. */
  kind: string[];
  /** The words of `words` the type reader drops (brands, numbers and what follows them, units, codes) and no leaf names. */
  dropped: string[];
  head: string[];
  parentWords: string[];
  demographic: Demographic;
  /** The ages the label says (`readAgeWord`). */
  ages: ReadonlySet<string>;
  /** A word of the label has a letter only Kazakh has (`арналған`, `балаларға`): the label is Kazakh. */
  kazakh: boolean;
  abbreviated: Set<string>;
  /** Words in parentheses (`Пылесосы (роботы)`): no part of the name, but what the seller says of it. */
  asides: string[];
  /** Text for the general matcher: the leaf part without code, parentheses and marks. */
  plain: string;
}

/** Reads a label once: its leaf level (`leafLevels` last levels of its path) apart from its parents, and its words by role. */
function parseLabel(text: string, parentPath: string | undefined, namedByDirectory: (stem: string) => boolean, leafLevels = 1): ParsedLabel {
  const { cleaned, segments } = cutLabelLevels(text);
  const last = segments.length > 0 ? segments.slice(-leafLevels).join(' ') : cleaned;
  const parents = [...(parentPath === undefined ? [] : parentPath.split(PATH_SEPARATOR)), ...segments.slice(0, -leafLevels)];
  const inParentheses = (last.match(PARENTHESES) ?? []).join(' ').replace(/[()[\]]/g, ' ');
  const leafText = last.replace(PARENTHESES, ' ');
  const abbreviated = new Set<string>();
  for (const found of leafText.matchAll(ABBREVIATION)) for (const word of tokenizeForMatch(found[1] ?? '')) abbreviated.add(word);

  const tokens = tokenizeForMatch(leafText);
  const parentTokens = parents.flatMap((parent) => tokenizeForMatch(parent));
  const demographic = collectDemographic([...tokens, ...parentTokens, ...tokenizeForMatch(inParentheses)]);
  const meaningful = (word: string): boolean => !STOP_WORDS.has(word) && findDemographicMark(word) === undefined;
  const words = tokens.filter(meaningful);
  const head = splitHead(tokens).filter(meaningful);
  const roles = readLabelWordRoles(leafText);
  const kind = selectKindWords(words, head.length > 0 ? head : words, roles, namedByDirectory);
  return {
    words,
    kind,
    dropped: selectDroppedWords(words, kind, roles),
    head: head.length > 0 ? head : words,
    parentWords: parentTokens.filter(meaningful),
    demographic,
    ages: readAges([...tokens, ...parentTokens, ...tokenizeForMatch(inParentheses)]),
    kazakh: tokens.some((token) => KAZAKH_LETTER.test(token)),
    abbreviated,
    asides: tokenizeForMatch(inParentheses).filter(meaningful),
    plain: words.join(' '),
  };
}

/**
 * Reads labels for one matcher (`parseLabel`). A label is read again when matched again (a TODO with the seller's other
 * categories, a bare head, a rewrite): each reading is kept (bounded), as the label's words alone decide it.
 */
export function createLabelReader(namedByDirectory: (stem: string) => boolean): (text: string, parentPath: string | undefined, leafLevels?: number) => ParsedLabel {
  const parsed = new Map<string, ParsedLabel>();
  return (text, parentPath, leafLevels = 1) => {
    const key = `${leafLevels}\u0001${parentPath === undefined ? '\u0002' : parentPath}\u0001${text}`;
    let label = parsed.get(key);
    if (label === undefined) {
      label = parseLabel(text, parentPath, namedByDirectory, leafLevels);
      if (parsed.size >= MAX_KNOWN_LABELS) parsed.clear();
      parsed.set(key, label);
    }
    return label;
  };
}

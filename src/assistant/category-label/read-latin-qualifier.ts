import type { Category } from '../../domain/index.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import type { CategoryMatcher } from '../match-category.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { isCompoundOf, isRelatedWord } from '../read-word-forms.js';
import { asLabelQuestion } from './as-label-question.js';
import { readLabelHead } from './label-text.js';
import { putLeavesFirst } from './read-initials.js';

// A Latin word this long at least names a kind in a leaf's name (`IP`, `SSD`, `USB`); one letter is a vitamin's or a size's.
const MIN_LATIN_WORD = 2;
// A noun of the label and one of the other leaf's name share this many first letters at least when they are one word.
const MIN_SHARED_BEGINNING = 5;

/** The leaves whose Russian names hold Latin words (`IP-камеры`, `SSD-накопители`), with their names' words, by Latin word. */
type LatinLeaves = ReadonlyMap<string, readonly { leaf: Category; words: readonly string[] }[]>;

/**
 * `IP-видеокамеры Dahua Imou` beside `IP-камеры`: a Latin word of the label that the sure leaf's names and path do not hold,
 * and that the name of another leaf of the same goods does (its other words the label's nouns, or the ends of them:
 * `камеры` of `видеокамеры`), says that narrower leaf's kind; read as a model or a brand it left the camcorders sure.
 * The label is then a question with that leaf first. A Latin word no such leaf holds stays the readings' to judge
 * (`Видеокарты RTX`, `Смартфоны Android`).
 */
export function readLatinQualifier(matcher: CategoryMatcher, index: DirectoryIndex): CategoryMatcher {
  let latinLeaves: LatinLeaves | undefined;
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      if (match.status === 'todo' || match.best === undefined) return match;
      const words = tokenizeForMatch(readLabelHead(text));
      const latin = words.filter((word) => word.length >= MIN_LATIN_WORD && /^[a-z]/u.test(word));
      if (latin.length === 0) return match;
      const chosen = match.best.entry;
      const chosenWords = new Set(tokenizeForMatch(`${chosen.name.rus} ${chosen.path?.rus ?? ''}`));
      latinLeaves ??= collectLatinLeaves(index);
      const nouns = words.filter((word) => !latin.includes(word));
      const saysNoun = (noun: string): boolean => nouns.some((word) => isRelatedWord(word, noun, MIN_SHARED_BEGINNING) || isCompoundOf(word, noun));
      const named = latin
        .filter((word) => !chosenWords.has(word))
        .map((word) => ({ word, leaves: (latinLeaves?.get(word) ?? []).filter(({ leaf, words: own }) => leaf.id !== chosen.id && own.every((other) => latin.includes(other) || saysNoun(other))).map(({ leaf }) => leaf) }))
        .filter(({ leaves }) => leaves.length > 0);
      if (named.length === 0) return match;
      const rivals = [...new Set(named.flatMap(({ leaves }) => leaves))];
      const question = asLabelQuestion(match, `the label says "${named.map(({ word }) => word).join(' ')}", which ${rivals.map((leaf) => leaf.name.rus).join(', ')} names and ${chosen.name.rus} does not`);
      return { ...question, candidates: putLeavesFirst(question.candidates, rivals, index, match.best.score) };
    },
  };
}

/** The leaves whose Russian names hold a Latin word, by that word, read once per directory. */
function collectLatinLeaves(index: DirectoryIndex): LatinLeaves {
  const byWord = new Map<string, { leaf: Category; words: readonly string[] }[]>();
  for (const leaf of index.directories.categories) {
    if (index.nonLeafIds.has(leaf.id)) continue;
    const words = tokenizeForMatch(leaf.name.rus);
    for (const word of new Set(words.filter((one) => one.length >= MIN_LATIN_WORD && /^[a-z]/u.test(one)))) byWord.set(word, [...(byWord.get(word) ?? []), { leaf, words }]);
  }
  return byWord;
}

import type { Category } from '../../domain/index.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { extractProductType } from '../classify/extract-product-type.js';
import { readLatinKindWords, readLeavesByLatinWord } from '../classify/latin-kind-words.js';
import { getClassifierIndex } from '../classify/load-classifier-index.js';
import type { CategoryMatcher } from '../match-category.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { isCompoundOf, isRelatedWord, MIN_SHARED_BEGINNING } from '../read-word-forms.js';
import { asLabelQuestion } from './as-label-question.js';
import { readLabelHead } from './label-text.js';
import { putLeavesFirst } from './read-initials.js';


/**
 * `IP-видеокамеры Dahua Imou` beside `IP-камеры`: a Latin word of the label that the sure leaf's names and path do not hold,
 * and that the name of another leaf of the same goods does (its other words the label's nouns, or the ends of them:
 * `камеры` of `видеокамеры`), says that narrower leaf's kind; read as a model or a brand it left the camcorders sure.
 * The label is then a question with that leaf first. A Latin word no such leaf holds stays the readings' to judge
 * (`Видеокарты RTX`, `Смартфоны Android`). The words are the classifier's (`readLatinKindWords`), so a protection rating
 * (`Видеокамеры IP66`) or a purpose's word is none.
 */
export function readLatinQualifier(matcher: CategoryMatcher, index: DirectoryIndex): CategoryMatcher {
  let categories: ReadonlyMap<number, Category> | undefined;
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      if (match.status === 'todo' || match.best === undefined) return match;
      const head = readLabelHead(text);
      const words = tokenizeForMatch(head);
      const classifier = getClassifierIndex(index.directories, index);
      const latin = readLatinKindWords(classifier, words, extractProductType(head).purpose);
      if (latin.length === 0) return match;
      const chosen = match.best.entry;
      const chosenWords = new Set(tokenizeForMatch(`${chosen.name.rus} ${chosen.path?.rus ?? ''}`));
      categories ??= new Map(index.directories.categories.map((category) => [category.id, category]));
      const leavesOf = (word: string): Category[] => (readLeavesByLatinWord(classifier).get(word) ?? []).flatMap((leaf) => categories?.get(leaf.id) ?? []);
      const nouns = words.filter((word) => !latin.includes(word));
      const saysNoun = (noun: string): boolean => nouns.some((word) => isRelatedWord(word, noun, MIN_SHARED_BEGINNING) || isCompoundOf(word, noun));
      const named = latin
        .filter((word) => !chosenWords.has(word))
        .map((word) => ({ word, leaves: leavesOf(word).filter((leaf) => leaf.id !== chosen.id && tokenizeForMatch(leaf.name.rus).every((other) => latin.includes(other) || saysNoun(other))) }))
        .filter(({ leaves }) => leaves.length > 0);
      if (named.length === 0) return match;
      const rivals = [...new Set(named.flatMap(({ leaves }) => leaves))];
      const question = asLabelQuestion(match, `the label says "${named.map(({ word }) => word).join(' ')}", which ${rivals.map((leaf) => leaf.name.rus).join(', ')} names and ${chosen.name.rus} does not`);
      return { ...question, candidates: putLeavesFirst(question.candidates, rivals, index, match.best.score) };
    },
  };
}

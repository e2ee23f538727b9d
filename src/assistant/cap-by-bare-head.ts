/**
 * `Подводки мягкие`, `Компрессор зимний`, `Регистраторы зимние`: an adjective that never changes a kind (`isNeutralModifier`:
 * a material, a size, a season, praise) says nothing of which leaf the goods are. It may stop pointing to another leaf
 * (`зимние` of `Зимние шины` in `Ботинки женские зимние`), but it can never settle what the head noun alone leaves open:
 * when two leaves share the bare head (`Подводки` are eyeliners and, by a letter, leashes; `Компрессоры` are a car's and
 * an air one), the head with such a word is the same question. Only the words the picked leaf does not say are set
 * aside: `кожаные` of `Папки кожаные` is that leaf's own name, `строительный` of `Уровень строительный` its path's.
 */
import type { Category } from '../domain/index.js';
import { buildCategoryPath, type DirectoryIndex } from '../mapping/directory-index.js';
import { asLabelQuestion } from './category-label/as-label-question.js';
import { isNeutralModifier } from './classify/neutral-modifiers.js';
import { stemForIndex } from './classify/stem-for-index.js';
import type { CategoryMatcher } from './match-category.js';
import type { ValueMatch } from './match-value.js';
import { tokenizeForMatch } from './normalize-for-match.js';
import { ADJECTIVE } from './read-label-kinds.js';
import { isAdjectiveOfOwnPath } from './read-own-path-adjective.js';
import { sharesStem } from './read-word-forms.js';

/** Wraps a category matcher: a sure pick of a label holding neutral words its leaf does not say stands only if the label without them is sure too. */
export function capByBareHead(matcher: CategoryMatcher, index: DirectoryIndex): CategoryMatcher {
  const leafWords = new Map<number, { words: string[]; stems: Set<string>; pathWords: string[] }>();
  const readLeafWords = (leaf: Category): { words: string[]; stems: Set<string>; pathWords: string[] } => {
    let words = leafWords.get(leaf.id);
    if (words === undefined) {
      const pathWords = tokenizeForMatch(buildCategoryPath(leaf, index.categoryById));
      const names = [leaf.name.rus, leaf.name.kaz ?? '', leaf.path?.kaz ?? ''].flatMap((name) => tokenizeForMatch(name));
      words = { words: [...pathWords, ...names], stems: new Set([...pathWords, ...names].map(stemForIndex)), pathWords };
      leafWords.set(leaf.id, words);
    }
    return words;
  };
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      if (match.status === 'todo' || match.best === undefined) return match;
      const leaf = readLeafWords(match.best.entry);
      const isUnsaidNeutral = (word: string): boolean => {
        const stem = stemForIndex(word);
        // `зимняя` of `Зимние шины` (`Зимняя резина`): the leaf's word in another form is still the leaf's.
        const said = leaf.stems.has(stem) || leaf.words.some((other) => sharesStem(word, other));
        // Only an adjective is a modifier: `резина` of `Зимняя резина` is the label's noun, though rubber is a material.
        return ADJECTIVE.test(word) && isNeutralModifier(stem, word, false) && !said && !isAdjectiveOfOwnPath(word, leaf.pathWords);
      };
      const pieces = text.split(/(\s+)/u);
      const unsaid = pieces.filter((piece) => {
        const words = tokenizeForMatch(piece);
        return words.length === 1 && isUnsaidNeutral(words[0] ?? '');
      });
      if (unsaid.length === 0) return match;
      const bare = pieces.filter((piece) => !unsaid.includes(piece)).join('').trim();
      if (!/\p{L}/u.test(bare)) return match;
      const bareMatch = matcher.match(bare, context);
      if (bareMatch.status !== 'todo') return match;
      return asBareHeadQuestion(match, bareMatch, bare, unsaid.map((piece) => piece.trim()));
    },
  };
}

/** The label's question: its own candidates first, then the bare head's rivals it did not list (`Подводки для глаз`). */
function asBareHeadQuestion(match: ValueMatch<Category>, bareMatch: ValueMatch<Category>, bare: string, unsaid: readonly string[]): ValueMatch<Category> {
  const known = new Set(match.candidates.map((candidate) => candidate.key));
  const candidates = [...match.candidates, ...bareMatch.candidates.filter((candidate) => !known.has(candidate.key))];
  const doubt = `"${unsaid.join(' ')}" says nothing of which leaf the goods are, and "${bare}" alone is a question${bareMatch.doubt === undefined ? '' : ` (${bareMatch.doubt})`}`;
  return { ...asLabelQuestion(match, doubt), candidates };
}

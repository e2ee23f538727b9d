import type { Category } from '../../domain/index.js';
import type { CategoryMatcher } from '../match-category.js';
import type { ValueMatch } from '../match-value.js';
import { ADJECTIVE, splitLabelParts } from '../read-label-kinds.js';
import { PREPOSITIONS, readLabelLevels } from './label-text.js';

/**
 * A label listing kinds, each of which read alone is the same sure leaf, is that leaf: `Одеяла всесезонные и зимние` is
 * `Одеяла всесезонные` and `Одеяла зимние`, both sure `Одеяла`; `Дроны и квадрокоптеры`, two words for one kind of goods,
 * the one leaf both are. A kind read alone is matched without the rows' product names (they say one kind at most: a list
 * is never made one kind's leaf by names of that kind), and the leaf must be the list's own first candidate. Kinds that
 * part (`Шины летние и зимние`: `Летние шины`, `Зимние шины`) or a kind that is no sure leaf alone (`Тюль и гардины`,
 * `Гермомешки и гермосумки`) leave the question as it was.
 */
export function readKindsAlone(matcher: CategoryMatcher): CategoryMatcher {
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      const first = match.candidates[0];
      if (match.status !== 'todo' || first === undefined) return match;
      const kinds = spellKindsAlone(text);
      if (kinds.length < 2) return match;
      const alone = { ...context, productNames: [] };
      for (const kind of kinds) {
        const kindMatch = matcher.match(kind, alone);
        if (kindMatch.status === 'todo' || kindMatch.best?.key !== first.key) return match;
      }
      return asKindsLeaf(match, first);
    },
  };
}

/**
 * The kinds a plain label lists, each written as a label of its own: a part of adjectives only takes the noun of the part
 * it qualifies (`Одеяла всесезонные и зимние` → `Одеяла всесезонные`, `Одеяла зимние`; `Летние и зимние шины` → `Летние
 * шины`, `зимние шины`). None for a path, a label naming one kind, or a list with a purpose (`Плавки и шорты для плавания`:
 * which parts the purpose is of is the list reader's question).
 */
export function spellKindsAlone(text: string): string[] {
  const levels = readLabelLevels(text);
  if (levels.length !== 1) return [];
  const parts = splitLabelParts(levels[0] ?? '').map((part) => part.trim().split(/\s+/u).filter((word) => word !== ''));
  if (parts.length < 2 || parts.some((words) => words.length === 0 || words.some((word) => PREPOSITIONS.has(word.toLowerCase())))) return [];
  const isQualifier = (words: readonly string[]): boolean => words.every((word) => ADJECTIVE.test(word.toLowerCase()));
  const nounsOf = (words: readonly string[]): string[] => words.filter((word) => !ADJECTIVE.test(word.toLowerCase()));
  const [head, ...rest] = parts;
  const last = parts[parts.length - 1] ?? [];
  // `Одеяла всесезонные и зимние`: the first part's noun, qualified by each later part of adjectives.
  if (head !== undefined && !isQualifier(head) && rest.every(isQualifier) && nounsOf(head).length > 0) {
    return [head.join(' '), ...rest.map((words) => [...nounsOf(head), ...words].join(' '))];
  }
  // `Летние и зимние шины`: each earlier part of adjectives qualifies the last part's noun.
  if (parts.slice(0, -1).every(isQualifier) && nounsOf(last).length > 0) {
    return [...parts.slice(0, -1).map((words) => [...words, ...nounsOf(last)].join(' ')), last.join(' ')];
  }
  return parts.every((words) => !isQualifier(words)) ? parts.map((words) => words.join(' ')) : [];
}

/** The list's question made the sure pick of its first candidate, its other candidates kept: never `# exact`, no one leaf's name. */
function asKindsLeaf(match: ValueMatch<Category>, first: NonNullable<ValueMatch<Category>['best']>): ValueMatch<Category> {
  const { doubt: _doubt, heldBy: _heldBy, ...rest } = match;
  return { ...rest, status: 'confident', best: { ...first, exact: false } };
}

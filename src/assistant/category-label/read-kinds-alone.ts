import type { Category } from '../../domain/index.js';
import type { CategoryMatcher } from '../match-category.js';
import type { ValueMatch } from '../match-value.js';
import { readQualifiedKinds } from '../read-label-kinds.js';
import { readLabelLevels } from './label-text.js';

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
 * The kinds a plain label lists, each written as a label of its own (`readQualifiedKinds`): `Одеяла всесезонные и зимние`
 * → `одеяла всесезонные`, `одеяла зимние`. None for a path, a label naming one kind, or a list with a purpose.
 */
export function spellKindsAlone(text: string): string[] {
  const levels = readLabelLevels(text);
  return levels.length === 1 ? readQualifiedKinds(levels[0] ?? '').map((words) => words.join(' ')) : [];
}

/** The list's question made the sure pick of its first candidate, its other candidates kept: never `# exact`, no one leaf's name. */
function asKindsLeaf(match: ValueMatch<Category>, first: NonNullable<ValueMatch<Category>['best']>): ValueMatch<Category> {
  const { doubt: _doubt, heldBy: _heldBy, ...rest } = match;
  return { ...rest, status: 'confident', best: { ...first, exact: false } };
}

import type { Category } from '../../domain/index.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { buildAddedCategoryCandidate } from '../build-match-candidates.js';
import type { CategoryMatcher } from '../match-category.js';
import type { ValueMatch } from '../match-value.js';
import { areInitialsOf, findLabelInitials, type LabelInitials, readFurtherWords } from '../read-label-initials.js';
import { asLabelQuestion } from './as-label-question.js';
import { readLabelHead } from './label-text.js';

/**
 * `Лапша б/п`: initials are weak evidence. Two letters fit many words (`д/с` is `для сада` as often as `детские столы`,
 * `р/м` `рабочие мужские` as often as `резиновые мужские`), so they never make a label sure, of any leaf: the narrower
 * leaves whose further words they begin (`Лапша быстрого приготовления`) come first among the candidates of a question,
 * the broader leaf after them. The letters are a word the leaf does not explain (`heldBy`), which the product names do
 * not lift: the seller answers, once, for every row of the label.
 */
export function readInitials(matcher: CategoryMatcher, index: DirectoryIndex): CategoryMatcher {
  let names: { leaf: Category; rus: string }[] | undefined;
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      const [initials] = findLabelInitials(readLabelHead(text));
      const matched = match.best ?? match.candidates[0];
      if (initials === undefined || matched === undefined || isConditionNote(initials)) return match;
      names ??= index.directories.categories.filter((category) => !index.nonLeafIds.has(category.id)).map((leaf) => ({ leaf, rus: leaf.name.rus }));
      const fits = names.flatMap(({ leaf, rus }) => {
        const further = leaf === matched.entry ? undefined : readFurtherWords(rus, matched.entry.name.rus);
        return further !== undefined && areInitialsOf(initials, further) ? [{ leaf, further }] : [];
      });
      const doubt = fits.length === 0 ? `"${initials.written}" are no initials of the further words of a leaf beside ${matched.entry.name.rus}` : `"${initials.written}" may be the initials of ${fits.map(({ leaf, further }) => `"${further.join(' ')}" of ${leaf.name.rus}`).join(', ')}`;
      const question = asLabelQuestion(match, fits.length > 0 ? doubt : match.doubt ?? doubt);
      const candidates = putLeavesFirst(question.candidates, fits.map(({ leaf }) => leaf), index, matched.score);
      return { ...question, candidates, heldBy: [...(match.heldBy ?? []), initials.written] };
    },
  };
}

// `б/у` (бывший в употреблении, used) says the goods' condition, as a shop's note does: used goods are the same goods.
const CONDITION_NOTES: ReadonlySet<string> = new Set(['бу']);

/** Whether initials are a note of the goods' condition (`б/у`), never words of a kind. */
function isConditionNote(initials: LabelInitials): boolean {
  return CONDITION_NOTES.has(initials.letters);
}

/** The leaves letters fit, each at the score given, before the question's other candidates: the one placing of initials and acronyms. */
export function putLeavesFirst(candidates: ValueMatch<Category>['candidates'], leaves: readonly Category[], index: DirectoryIndex, score: number): ValueMatch<Category>['candidates'] {
  const keys = new Set(leaves.map((leaf) => String(leaf.id)));
  return [...leaves.map((leaf) => buildAddedCategoryCandidate(leaf, index, score)), ...candidates.filter((candidate) => !keys.has(candidate.key))];
}

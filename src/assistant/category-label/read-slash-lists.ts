import type { DirectoryIndex } from '../../mapping/directory-index.js';
import type { CategoryMatcher } from '../match-category.js';
import { asLabelQuestion } from './as-label-question.js';
import { createListLabelReader } from './create-list-label-reader.js';

/**
 * `Сумки/рюкзаки`, `Куртки/ветровки` list kinds, as a comma would (`readSlashList`): never a path whose last level is the
 * leaf, unless a level is a section or group of the directory (`Мебель/стулья`). A list is sure only in a leaf whose name
 * holds every kind: the products' reading may not take one part for all (`Автохимия/масла` of motor oils).
 */
export function readSlashLists(matcher: CategoryMatcher, index: DirectoryIndex): CategoryMatcher {
  const listLabel = createListLabelReader(index);
  return {
    match(text, context) {
      const listed = listLabel.readSlashList(text);
      if (listed === text) return matcher.match(text, context);
      const match = { ...matcher.match(listed, context), text };
      const kinds = match.best === undefined ? 0 : listLabel.countUnheldKinds(text, match.best.entry);
      return match.status === 'confident' && kinds > 0 ? asLabelQuestion(match, `the label lists ${kinds} kinds of goods and the leaf's name is no list holding every one`) : match;
    },
  };
}

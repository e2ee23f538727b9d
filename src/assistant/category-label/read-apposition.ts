import type { ClassifierIndex, IndexedLeaf } from '../classify/classifier-types.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { isExactStemOfDirectory, isStemOfDirectory } from '../classify/unknown-participles.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { ADJECTIVE } from '../read-label-kinds.js';

// A word whose first letters a word of the directory opens with is of its root, another form of it (`заварник` of `Заварочные
// чайники`): the pair may be that leaf's goods.
const SHARED_BEGINNING = 5;

/**
 * Whether a word of a label is the second noun of a hyphenated pair whose first noun names the leaf's goods (`купе` of
 * `Шкаф-купе`, `трусики` of `Подгузники-трусики`, `скороварки` of `Мультиварки-скороварки`): a Russian apposition, whose
 * first noun is the thing and whose second says which variety of it, as `Зонт-трость` is an umbrella. It does only when no
 * word of the directory (a leaf's name or path, either language, or the synonyms) shares the second noun's root: where one
 * does, the pair may be that leaf's goods as well (`Диван-кровать` beside `Кровати`, `Сумка-холодильник` beside
 * `Холодильники`, `Зонт-трость` beside `Трости и костыли`, `Чайник-заварник` beside `Заварочные чайники`), and the label stays a question. An adjective after a hyphen
 * (`сине-белый`) is no noun of a pair.
 */
export function isAppositionOfLeafNoun(index: ClassifierIndex, word: string, head: string, leaf: IndexedLeaf): boolean {
  if (ADJECTIVE.test(word)) return false;
  const stem = stemForIndex(word);
  if (isExactStemOfDirectory(index, stem) || isStemOfDirectory(index, stem) || (stem.length > SHARED_BEGINNING && isStemOfDirectory(index, stem.slice(0, SHARED_BEGINNING)))) return false;
  const leafHeads = new Set(leaf.names.filter((name) => name.language === 'rus').flatMap((name) => name.head));
  return head
    .split(/\s+/u)
    .filter((token) => token.includes('-'))
    .some((token) => {
      const parts = tokenizeForMatch(token);
      return parts.length === 2 && parts[1] === word && leafHeads.has(stemForIndex(parts[0] ?? ''));
    });
}

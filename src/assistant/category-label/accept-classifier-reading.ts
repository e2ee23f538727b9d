import type { Category } from '../../domain/index.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { rewriteWithSynonyms } from '../category-synonyms.js';
import { classifyProduct, findUnexplainedWords } from '../classify/classify-product.js';
import { extractProductType } from '../classify/extract-product-type.js';
import { getClassifierIndex } from '../classify/load-classifier-index.js';
import { readLeavesById } from '../classify/read-leaves-by-id.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { collectDemographic, contradictsDemographic, findDemographicMark, isDemographicEmpty, readAges, saysOtherAge } from '../demographic-words.js';
import type { CategoryMatcher } from '../match-category.js';
import type { MatchThresholds } from '../match-value.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { foldKazakhLetters } from '../transliterate.js';
import { isNoOneKind } from '../read-label-kinds.js';
import type { ScoredCandidate } from '../score-candidates.js';
import { findUseWordOfLeafKind } from '../classify/find-use-word-of-leaf-kind.js';
import { NAME_WITH_DEMOGRAPHIC } from './label-scores.js';
import { KAZAKH_LETTER, PATH_SEPARATOR, readLabelLevels } from './label-text.js';
import { isClassWordOfLeafGoods } from './class-word-of-leaf.js';

/**
 * Whether each word of a label's phrase is a Kazakh name's word as Kazakh forms it (Kazakh letters folded): the word, its
 * stem (`Шапан` of `Шапандар`) or the word with a Kazakh ending after it. `Калпаки` ends as Russian plurals do, which
 * `Қалпақтар` never does: a Russian loanword (a felt hat), which need not be the Kazakh word's goods (any hat).
 */
function isKazakhForm(phrase: string, matched: string): boolean {
  const names = tokenizeForMatch(matched).map(foldKazakhLetters);
  return tokenizeForMatch(phrase).every((word) => names.some((name) => name.startsWith(foldKazakhLetters(word)) || foldKazakhLetters(word).startsWith(name)));
}

/** Whether the words the classifier leaves unexplained are some, and each one a class word of the leaf's goods. */
function isOnlyClassWords(unexplained: readonly string[], isClassWord: (word: string) => boolean): boolean {
  return unexplained.length > 0 && unexplained.every(isClassWord);
}

/**
 * The product classifier's reading of a label where the matcher asks: a question whose first
 * candidate stands clear of the second (by the confident gap) is that leaf when the classifier,
 * reading the label's leaf level as a product type (its upper levels and the seller's parent path
 * as the group path), is confident of the same leaf (`КПБ 1,5-спальный`, `Дрон с камерой`,
 * `Кошельки кожаные`). Rivals within the gap stay rivals, a doubt the veto named stays, a label
 * saying whom the goods are for needs a leaf whose path says the same (`Обувь / Женская обувь` is
 * no swimming shoes), and a purpose (`для …`) the leaf does not name keeps the matcher's question.
 */
export function acceptClassifierReading(matcher: CategoryMatcher, index: DirectoryIndex, thresholds: MatchThresholds): CategoryMatcher {
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      const [first, second] = match.candidates;
      if (match.status !== 'todo' || match.doubt !== undefined || first === undefined || first.score - (second?.score ?? 0) < thresholds.minGap) return match;
      const levels = readLabelLevels(text);
      const head = levels.pop() ?? '';
      // The classifier reads one product type, the first of a list (`Сухофрукты и орехи`).
      if (isNoOneKind(head)) return match;
      const classifier = getClassifierIndex(index.directories, index);
      const reading = classifyProduct(classifier, { name: head, groupPath: [...(context.parentPath === undefined ? [] : context.parentPath.split(PATH_SEPARATOR)), ...levels] });
      if (String(reading.leafId) !== first.key) return match;
      // The label matcher holds a Russian-spelt word near a leaf only through its Kazakh name below sure; so does this reading.
      if (!KAZAKH_LETTER.test(head) && reading.evidence.some((e) => e.leafId === reading.leafId && e.via === 'kazakh name' && !isKazakhForm(e.phrase, e.matched))) return match;
      // `Диффузоры ароматические в машину`: the classifier reads the type through the vocabulary (`ароматы для дома`) and
      // leaves `в машину` aside; where the whole label says a use beside the vocabulary's, it is not the leaf's name.
      if (reading.evidence.some((e) => e.leafId === reading.leafId && e.via === 'synonym') && rewriteWithSynonyms(head)?.otherUse === true) return match;
      const said = collectDemographic(tokenizeForMatch(text));
      const leaf = readLeavesById(classifier).get(first.entry.id);
      if (leaf === undefined || (!isDemographicEmpty(said) && (isDemographicEmpty(leaf.demographic) || contradictsDemographic(said, leaf.demographic)))) return match;
      const type = extractProductType(head);
      // `Угловые диваны`, `Складные стулья`: the classifier's one doubt is a word of a class that only qualifies the leaf's
      // goods (where they are mounted, how they are built), which the label matcher holds down only for standing first.
      const onlyClassWords = !reading.confident && isOnlyClassWords(findUnexplainedWords(classifier, leaf, type), (word) => isClassWordOfLeafGoods(classifier, word, leaf, type, index.directories));
      if (!reading.confident && !onlyClassWords) return match;
      if (saysOtherAge(readAges(tokenizeForMatch(text)), readAges(tokenizeForMatch(`${first.entry.name.rus} ${first.entry.name.kaz ?? ''}`)))) return match;
      // A purpose the leaf does not name is the matcher's to judge (`Сыворотка для волос` is no face serum, though hair care
      // is of the leaf's own section): the classifier lets such a purpose qualify.
      const leafStems = new Set([...leaf.ancestorStems, ...leaf.names.flatMap((name) => [...name.head, ...name.purpose])]);
      if (type.purpose.some((word) => findDemographicMark(word) === undefined && !leafStems.has(stemForIndex(word)))) return match;
      // `Шампуни для сухих волос`, which the classifier reads as `Сухие шампуни`: the label says `сухих` of the hair.
      if (findUseWordOfLeafKind(leaf, type) !== undefined) return match;
      const confidence = onlyClassWords ? thresholds.minScore : Math.min(NAME_WITH_DEMOGRAPHIC, reading.confidence);
      const best: ScoredCandidate<Category> = { ...first, score: Math.max(first.score, confidence), exact: false };
      return { text: match.text, status: 'confident', best, candidates: [best, ...match.candidates.slice(1)] };
    },
  };
}

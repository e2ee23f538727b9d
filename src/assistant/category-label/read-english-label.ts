/**
 * The label matcher's reading of an English label (`Phone Cases`) in the directory's words: a wrapper of the matcher that
 * rewrites the label as the classifier reads an English product name and keeps that reading only where the matcher, the
 * leaf's own name and the classifier agree on one leaf (`readEnglishLabel`).
 */
import type { Category } from '../../domain/index.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { rewriteWithSynonyms } from '../category-synonyms.js';
import type { IndexedLeaf } from '../classify/classifier-types.js';
import { classifyProduct } from '../classify/classify-product.js';
import { extractProductType } from '../classify/extract-product-type.js';
import { getClassifierIndex } from '../classify/load-classifier-index.js';
import { readLeavesById } from '../classify/read-leaves-by-id.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { ENGLISH_PRODUCT_WORDS, readEnglishProductWord, readEnglishWords, readSingulars } from '../classify/english-product-words.js';
import { readTopSection } from '../classify/file-sections.js';
import { rewriteTypeInDirectoryWords } from '../classify/translate-english-type.js';
import { findDemographicMark } from '../demographic-words.js';
import type { CategoryMatcher } from '../match-category.js';
import type { ValueMatch } from '../match-value.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { isNoOneKind } from '../read-label-kinds.js';
import { PATH_SEPARATOR, readLabelLevels, STOP_WORDS } from './label-text.js';
import { mergeSynonymCandidates, stepDown } from './with-synonyms.js';

// A label written in English: Latin letters and no Cyrillic one (`Phone Cases`, `Desk Lamps`).
const LATIN = /[a-z]/iu;
const CYRILLIC = /\p{Script=Cyrillic}/u;

/**
 * `Phone Cases`, `Desk Lamps`, `Ring Lights`: a label written in English that the matcher left a question is read as the
 * classifier reads an English product name (`extractProductType`: the English head, plurals, compounds; then
 * `rewriteTypeInDirectoryWords`: the shared vocabulary or the English product table, in the directory's words) and that
 * reading is matched as a label, through every reading inside this one (the veto, the branch and shared-name guards). It
 * stands only where the three agree on one leaf: the rewrite is matched confidently, every word of the rewrite is a word
 * of that leaf's own name (`камера видеонаблюдения` is no `Видеокамеры`: the path never explains it), and the classifier,
 * reading the English label as a product name, is confident of the same leaf. Otherwise the rewrite's candidates join the
 * question. A word naming two kinds (`Iron`, `Tablets`), a part word (`Curtain Rods`) or a word the table does not know
 * gives no rewrite, and the label stays a question; where the reading may spread one leaf over goods a label holds apart
 * (`ENGLISH_READING_DOUBTS`), too.
 */
export function readEnglishLabel(matcher: CategoryMatcher, index: DirectoryIndex): CategoryMatcher {
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      if (match.status !== 'todo' || match.doubt !== undefined || !LATIN.test(text) || CYRILLIC.test(text)) return match;
      const levels = readLabelLevels(text);
      const head = levels.pop() ?? '';
      if (isNoOneKind(head)) return match;
      const type = extractProductType(head);
      const rewritten = rewriteTypeInDirectoryWords(type.text, type.words, rewriteWithSynonyms);
      if (rewritten === undefined || !rewritten.exact || LATIN.test(rewritten.text)) return match;
      if (type.words.some((word) => isPluralReadAsOtherGoods(word, rewritten.text))) return match;
      const inRussian = matcher.match(rewritten.text, context);
      const picked = inRussian.status === 'todo' ? undefined : inRussian.best;
      if (picked === undefined) return mergeSynonymCandidates(match, inRussian);
      const classifier = getClassifierIndex(index.directories, index);
      const leaf = readLeavesById(classifier).get(picked.entry.id);
      const groupPath = [...(context.parentPath === undefined ? [] : context.parentPath.split(PATH_SEPARATOR)), ...levels];
      const reading = classifyProduct(classifier, { name: head, groupPath });
      if (leaf === undefined || !reading.confident || reading.leafId !== leaf.id) return mergeSynonymCandidates(match, inRussian);
      // A doubt is the question's: the rows' leaf answers it only where many rows agree (`confirm-category-by-products.ts`).
      const unnamed = findUnnamedWords(leaf, rewritten.text);
      const about: EnglishReading = { leaf, rewrite: rewritten.text, words: type.words, leaves: classifier.leaves, matchRussian: (russian) => matcher.match(russian, context) };
      const doubt = unnamed.length > 0 ? `the leaf's name does not say "${unnamed.join(' ')}" of the English label read as "${rewritten.text}"` : ENGLISH_READING_DOUBTS.map((doubts) => doubts(about)).find((found) => found !== undefined);
      if (doubt !== undefined) return { ...mergeSynonymCandidates(match, inRussian), doubt };
      const [best, ...others] = inRussian.candidates.map(stepDown);
      return best === undefined ? match : { text, status: 'confident', best, candidates: [best, ...others] };
    },
  };
}

/**
 * Whether the rewrite reads a plural the English table reads as other goods than its singular (`lights` string lights beside
 * `light` a lamp, `glasses` spectacles beside `glass`): in a product name the plural is the seller's word for those goods,
 * but a label writes every kind in the plural (`Lights` of a car's, a bicycle's or a ceiling's), so it says neither. A
 * compound of the table (`Ring Lights`: ring lamps) is read whole and is not this plural's reading.
 */
function isPluralReadAsOtherGoods(word: string, rewrite: string): boolean {
  const own = ENGLISH_PRODUCT_WORDS.get(word);
  if (own === undefined || own.russian === '' || !word.endsWith('s') || !rewrite.includes(own.russian)) return false;
  return readSingulars(word).some((singular) => {
    const entry = ENGLISH_PRODUCT_WORDS.get(singular);
    return entry !== undefined && entry.russian !== own.russian;
  });
}

/**
 * The words of the rewrite (but whom it is for, which the matcher has judged) that no own name of the leaf has, nor a part of
 * a hyphenated one (`камера экшн` of `Экшн-камеры`): a word only its path says is not the leaf's goods (`видеонаблюдения`).
 */
function findUnnamedWords(leaf: IndexedLeaf, rewrite: string): string[] {
  const words = tokenizeForMatch(rewrite).filter((word) => !STOP_WORDS.has(word) && findDemographicMark(word) === undefined);
  const missing = leaf.names.map((name) => {
    const stems = new Set([...name.head, ...name.purpose, ...tokenizeForMatch(name.text).map(stemForIndex)].flatMap((stem) => [stem, ...stem.split('-')]));
    return words.filter((word) => !stems.has(stemForIndex(word)));
  });
  return missing.reduce((fewest, each) => (each.length < fewest.length ? each : fewest), words);
}

// A head word read alone names a leaf when the label matcher scores it so (a name in another form of the word, 0.95).
const HEAD_ALONE_SCORE = 0.9;

/** What a doubt about an English label's reading is given: the leaf all three readings agree on, and the reading. */
interface EnglishReading {
  leaf: IndexedLeaf;
  /** The reading in the directory's words (`держатель для телефон`). */
  rewrite: string;
  /** The English type's words (`phone`, `holders`). */
  words: readonly string[];
  leaves: readonly IndexedLeaf[];
  matchRussian: (text: string) => ValueMatch<Category>;
}

/**
 * Where a reading of English word order may give one leaf to goods a label spreads over two: a label is every row's, and the
 * English words are read by a table, not said by the seller in the directory's words. Each doubt, named, keeps the question.
 */
const ENGLISH_READING_DOUBTS: readonly ((reading: EnglishReading) => string | undefined)[] = [
  // `Phone Holders` → `держатель для телефон`: English puts the purpose before the head as a kind; where the directory names
  // the same head with no purpose elsewhere (`Автомобильные держатели`, `Крючки и держатели`), the goods may be filed there.
  function isPurposeOfBareHeadElsewhere({ leaf, rewrite, leaves }) {
    const [goods, ...rest] = tokenizeForMatch(rewrite);
    if (goods === undefined || !rest.includes('для')) return undefined;
    const stem = stemForIndex(goods);
    const bare = leaves.find((other) => other.id !== leaf.id && readTopSection(other.path) !== readTopSection(leaf.path) && other.names.some((name) => name.language === 'rus' && name.purpose.length === 0 && name.head.includes(stem)));
    return bare === undefined ? undefined : `"${goods}" with no purpose is also "${bare.path}": the English label may hold those goods too`;
  },
  // `LED Strip Lights` → `светодиодная лента` by the compound, while `lights` alone names another leaf of `Дом и сад`: goods of
  // one section a shop may file under one label. A compound read across sections (`Ring Lights`, electronics, beside the
  // ceiling lights of `Дом и сад`) stands. Crude: it also holds `Curling Irons` (`irons` alone are `Утюги`), a question.
  function isHeadReadOtherwiseInSection({ leaf, words, matchRussian }) {
    const readings = readEnglishWords(words);
    const head = readings.findLastIndex((reading) => reading.entry?.role === 'goods' && reading.partOfCompound !== true);
    const compound = readings[head];
    const own = readEnglishProductWord(words[head] ?? '');
    if (compound?.compound !== true || own === undefined || own.loose === true || own.russian === compound.entry?.russian) return undefined;
    // The leaf the head alone names first, sure or among rivals.
    const [first] = matchRussian(own.russian).candidates;
    const other = first !== undefined && first.score >= HEAD_ALONE_SCORE ? first.entry : undefined;
    const near = other !== undefined && other.id !== leaf.id && readTopSection(other.path?.rus ?? '') === readTopSection(leaf.path);
    return near ? `"${words[head] ?? ''}" alone is "${other.path?.rus ?? ''}", of the same section: the English label may hold those goods too` : undefined;
  },
];

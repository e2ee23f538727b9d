/**
 * Fuzzy scoring of seller text against directory entries, in [0, 1]. One combined score, the
 * highest of:
 *
 * - a word-set score: every word of each side is paired with its most similar word of the other
 *   side (equal 1; same stem 0.95, `Смартфоны`/`Смартфондар`; an abbreviation that starts the
 *   other word 0.8–0.95, `ЧЕРН.`/`Чёрный`; a Damerau-Levenshtein typo, `Samsnug`/`Samsung`,
 *   1 − distance/length), so word order does not matter; unit words weigh a quarter;
 * - a character score of the whole texts without spaces (trigram Dice and Damerau-Levenshtein),
 *   for words run together or split;
 * - the same, after transliterating both sides to Latin, when their scripts differ
 *   (`Самсунг`/`Samsung`, `smartfony`/`Смартфоны`), times 0.95;
 * - for categories, the seller's path against the directory path (`Телефоны / Смартфоны`).
 *
 * Candidates are prepared once per directory, their words interned in one vocabulary; scoring a
 * text compares each of its words once with each vocabulary word it meets, then one pass over the
 * candidates adds up table look-ups.
 */
import { hasCyrillic, hasLatin, tokenizeForMatch, UNIT_TOKENS } from './normalize-for-match.js';
import { isUndeclinedBeginning, stemWord } from './stem-word.js';
import { buildLatinSkeleton, foldKazakhLetters, transliterateToLatin } from './transliterate.js';

/** A name a candidate is known by. */
export interface CandidateName {
  text: string;
  /** Multiplies the score of this name (1 for directory names; less for derived names such as the English words of a code). */
  factor?: number;
}

/** Something seller text can be matched to. */
export interface MatchCandidate<T> {
  /** Identity (id or code as text): two candidates with the same key are the same entry. */
  key: string;
  /** What a TODO comment shows, e.g. `Электроника / Смартфоны и гаджеты / Смартфоны [10101]`. */
  label: string;
  /** Names of the entry itself (Russian, Kazakh, code). */
  names: CandidateName[];
  /** Categories: readable paths from the root (` / ` between levels). */
  paths?: string[];
  entry: T;
}

/** A candidate with its score. */
export interface ScoredCandidate<T> {
  key: string;
  label: string;
  score: number;
  /** True when the normalised text equals one of the candidate's own names or paths. */
  exact: boolean;
  entry: T;
}

/** Options of a matcher. */
export interface CandidateMatcherOptions {
  /**
   * Words dropped from the seller text before scoring when other words remain: an attribute's own
   * name in its values (`42 размер`), company-form suffixes in brands (`Samsung Electronics`).
   */
  ignoreWords?: readonly string[];
  /**
   * Score a text only against candidates sharing letter triples with it (see `indexCandidateGrams`):
   * for long lists of names (categories), where the score of a candidate sharing none is never
   * useful. Brands are matched by sound and across scripts, and are scored against every candidate.
   */
  selectByLetters?: boolean;
  /**
   * Which word of a closed class a word is (or misspells), as one key per word of the class; undefined for any other word.
   * Two words read as different words of the class are two words, never a spelling of one another, however near their
   * letters: the category label matcher passes the class of where goods stand (`настенные` is no typo of `настольные`).
   */
  readClassWord?: (word: string) => string | undefined;
}

/** Scores seller text against a fixed candidate list. */
export interface CandidateMatcher<T> {
  /** Every candidate scoring at least `minScore` (default 0.3), best first, one per key. */
  score(text: string, minScore?: number): ScoredCandidate<T>[];
  /**
   * One seller word against one directory word, as `score` compares them, through the same vocabulary and table of word
   * pairs: a caller weighing words itself (the category label matcher) shares the scores `score` keeps, and theirs.
   */
  scoreWord(sellerWord: string, directoryWord: string): number;
}

/** A word of the vocabulary, with what comparing it needs. */
interface WordInfo {
  text: string;
  stem: string;
  /** Kazakh letters written as their Russian look-alikes (`атамұра` → `атамура`). */
  folded: string;
  length: number;
  numeric: boolean;
  /** The word transliterated to Latin and reduced to its sound skeleton, made on first use. */
  latin?: string;
  /** The rest of the word, and of its stem, after each negating prefix it starts with (`проводные` of `беспроводные`). */
  negations: readonly { text: string; stem: string | undefined }[];
  /** The word of the matcher's closed class this word is (`CandidateMatcherOptions.readClassWord`), if any. */
  classWord: string | undefined;
}

/** Every word seen, by id, and every letter triple of a joined text (`buildTrigrams`), by number. */
interface Vocabulary {
  ids: Map<string, number>;
  words: WordInfo[];
  trigrams: Map<string, number>;
  readClassWord?: ((word: string) => string | undefined) | undefined;
}

interface PreparedText {
  /** Vocabulary ids of the words. */
  ids: number[];
  weights: number[];
  joined: string;
  joinedLength: number;
  /** Trigrams of `joined` as numbers, sorted, a triple met twice listed twice: built on first use. */
  grams?: Int32Array;
  /** The text transliterated to Latin and reduced to its sound skeleton. */
  latin: PreparedText | undefined;
  cyrillic: boolean;
  latinScript: boolean;
}

interface PreparedName {
  text: PreparedText;
  factor: number;
  normalized: string;
}

interface PreparedCandidate<T> {
  candidate: MatchCandidate<T>;
  names: PreparedName[];
  paths: PreparedText[];
  normalizedPaths: string[];
}

/** Score of a seller word (first id) against a directory word (second id); cached for one scored text. */
type WordTable = (queryWord: number, candidateWord: number) => number;

const PATH_SEPARATOR = /\s[/>›»\\|]\s|[/>›»\\|]/;
const STOP_WORDS = new Set(['и', 'для', 'в', 'на', 'с', 'мен', 'пен', 'бен', 'және', 'and', 'for', 'the', 'of', 'арналған']);
const TRANSLITERATION_FACTOR = 0.95;
const JOINED_EQUAL_SCORE = 0.97;
const MAX_CHAR_LENGTH = 40;
// An edit costs three quarters of a letter: one typo in a seven-letter brand still scores 0.89.
const EDIT_WEIGHT = 0.75;
// Below this trigram overlap the character score is left out (it could not reach a useful value).
const MIN_DICE = 0.3;

/** Prepares the candidates once; the matcher scores any number of texts against them. */
export function createCandidateMatcher<T>(candidates: readonly MatchCandidate<T>[], options: CandidateMatcherOptions = {}): CandidateMatcher<T> {
  const vocabulary: Vocabulary = { ids: new Map(), words: [], trigrams: new Map(), readClassWord: options.readClassWord };
  const ignore = new Set((options.ignoreWords ?? []).flatMap((word) => tokenizeForMatch(word)).flatMap((token) => [token, stemWord(token)]));
  // Names of parent levels (`Смартфоны и гаджеты`): a text naming one is not a leaf, whatever leaf shares its words.
  const parentNames = new Set<string>();
  // Levels repeat across the leaves of a branch: each is tokenized once.
  const seenLevels = new Set<string>();
  const prepared: PreparedCandidate<T>[] = candidates.map((candidate) => {
    const paths = (candidate.paths ?? []).filter((path) => path.trim() !== '');
    for (const path of paths) {
      for (const segment of splitPath(path).slice(0, -1)) {
        if (seenLevels.has(segment)) continue;
        seenLevels.add(segment);
        parentNames.add(tokenizeForMatch(segment).join(' '));
      }
    }
    return {
      candidate,
      names: candidate.names
        .filter((name) => name.text.trim() !== '')
        .map((name) => {
          const tokens = tokenizeForMatch(name.text);
          return { text: prepareText(vocabulary, tokens), factor: name.factor ?? 1, normalized: tokens.join(' ') };
        }),
      paths: paths.map((path) => prepareText(vocabulary, [...new Set(tokenizeForMatch(path))])),
      normalizedPaths: paths.map(normalizePathForMatch),
    };
  });
  const candidateWords = vocabulary.words.length;
  // Seller words recur from text to text (`для`, `беспроводные`, `гб`): their scores are kept for the matcher's life.
  const words = createWordTable(vocabulary, candidateWords);
  const select = options.selectByLetters === true ? indexCandidateGrams(vocabulary, prepared) : () => prepared;

  return {
    scoreWord: (sellerWord, directoryWord) => words(intern(vocabulary, sellerWord), intern(vocabulary, directoryWord)),
    score(text, minScore = 0.3) {
      const allTokens = tokenizeForMatch(text);
      const kept = allTokens.filter((token) => !ignore.has(token) && !ignore.has(stemWord(token)));
      const query = prepareText(vocabulary, kept.length > 0 ? kept : allTokens);
      const normalized = allTokens.join(' ');
      const normalizedPath = normalizePathForMatch(text);
      const segments = splitPath(text);
      const last = segments.length > 1 ? prepareText(vocabulary, tokenizeForMatch(segments[segments.length - 1] ?? '')) : undefined;
      const namesParent = parentNames.has(normalized);

      const best = new Map<string, ScoredCandidate<T>>();
      for (const item of select(query, last)) {
        let score = 0;
        let exact = false;
        for (const name of item.names) {
          if (name.normalized === normalized && name.factor === 1) exact = true;
          score = Math.max(score, scoreTexts(query, name.text, words, vocabulary) * name.factor);
        }
        if (item.normalizedPaths.includes(normalizedPath)) exact = true;
        if (!namesParent && item.paths.length > 0) {
          // A path match must name the leaf itself: group words alone fit all the group's leaves equally.
          const leafNamed = item.names.some((name) => name.factor === 1 && coverCandidate(query, name.text, words) >= 0.9);
          let leaf = 0;
          if (last !== undefined) for (const name of item.names) leaf = Math.max(leaf, scoreTexts(last, name.text, words, vocabulary) * name.factor);
          // A path counts only for a text naming the leaf or written as a path: most texts are neither, and skip it.
          if (leafNamed || last !== undefined) {
            for (const path of item.paths) {
              const pathCoverage = coverQuery(query, path, words);
              if (leafNamed) score = Math.max(score, Math.min(0.95, 0.8 * pathCoverage + 0.2 * coverCandidate(query, path, words)));
              if (last !== undefined) score = Math.max(score, 0.75 * leaf + 0.25 * pathCoverage);
            }
          }
        }
        if (exact) score = 1;
        if (score < minScore) continue;
        const previous = best.get(item.candidate.key);
        if (previous === undefined || previous.score < score) {
          best.set(item.candidate.key, { key: item.candidate.key, label: item.candidate.label, score: round(score), exact, entry: item.candidate.entry });
        }
      }
      return [...best.values()].sort((a, b) => b.score - a.score || a.label.localeCompare(b.label));
    },
  };
}

// A letter triple shared by more than this share of the candidates says too little to select by (`ые `, `ки `).
const COMMON_GRAM_SHARE = 1 / 6;
const MIN_COMMON_GRAM_COUNT = 48;
const MIN_SHARED_GRAMS = 2;
const WORD_GRAM_SHARE = 0.4;

/**
 * The candidates worth scoring for a text: those sharing enough letter triples with one word of it
 * (the word and its Latin skeleton together), triples most candidates share left out. A candidate
 * sharing none cannot reach a useful score (every word score but an exact one needs shared letters in
 * order), so the cost of a text grows with the candidates that resemble it, not with the directory.
 * Counting per word, not over the whole text, keeps out candidates that meet each word of a product
 * name by one stray triple: on the 713-label bench it scores 39,000 candidates instead of 323,000 with
 * the same decisions. A text of only common triples is compared with every candidate.
 */
function indexCandidateGrams<T>(vocabulary: Vocabulary, prepared: readonly PreparedCandidate<T>[]): (query: PreparedText, last: PreparedText | undefined) => Iterable<PreparedCandidate<T>> {
  // Triples are numbered as met, and lists are kept by number: the index is built over every word of every leaf's
  // names and path, where strings as keys and a set per leaf were most of the matcher's set-up.
  const gramIds = new Map<string, number>();
  const byGram: number[][] = [];
  const wordGrams = new Map<number, number[]>();
  const gramsOf = (id: number): number[] => {
    let grams = wordGrams.get(id);
    if (grams === undefined) {
      const word = vocabulary.words[id];
      // Kazakh letters folded too: `құлаққап` meets `кулаккап` through its folded form; and `о` as `а`, the way an
      // unstressed `о` is written by ear (`малатки` meets `молотки`; the label matcher reads that spelling as a typo).
      const texts = word === undefined ? [] : [...new Set([...listWordGrams(word.text), ...listWordGrams(word.folded), ...listWordGrams(word.folded.replaceAll('о', 'а'))])];
      grams = texts.map((gram) => {
        let gramId = gramIds.get(gram);
        if (gramId === undefined) gramIds.set(gram, (gramId = gramIds.size));
        return gramId;
      });
      wordGrams.set(id, grams);
    }
    return grams;
  };
  // The candidate (its position + 1) that last listed each triple: a triple is listed once per candidate.
  const listedBy: number[] = [];
  const listGrams = (text: PreparedText, at: number): void => {
    for (const ids of text.latin === undefined ? [text.ids] : [text.ids, text.latin.ids]) {
      for (const id of ids) {
        for (const gram of gramsOf(id)) {
          if (listedBy[gram] === at + 1) continue;
          listedBy[gram] = at + 1;
          (byGram[gram] ??= []).push(at);
        }
      }
    }
  };
  prepared.forEach((item, at) => {
    for (const name of item.names) listGrams(name.text, at);
    for (const path of item.paths) listGrams(path, at);
  });
  const common = Math.max(MIN_COMMON_GRAM_COUNT, prepared.length * COMMON_GRAM_SHARE);
  return (query, last) => {
    // Each word of the text (with its Latin skeleton) chooses the candidates sharing enough of its telling triples:
    // two, and two fifths of them for longer words (a word two typos away keeps that many), so one common ending
    // and one first letter (`Коньки` for `колонки`) choose nothing.
    const units: number[][] = [];
    const addUnits = (text: PreparedText): void => {
      const latin = text.latin?.ids ?? [];
      const paired = latin.length === text.ids.length;
      text.ids.forEach((id, i) => units.push(paired ? [...new Set([...gramsOf(id), ...gramsOf(latin[i] ?? id)])] : gramsOf(id)));
      if (!paired) for (const id of latin) units.push(gramsOf(id));
    };
    addUnits(query);
    if (last !== undefined) addUnits(last);
    const fits = new Uint8Array(prepared.length);
    const hits = new Uint8Array(prepared.length);
    let telling = 0;
    for (const grams of units) {
      const lists: number[][] = [];
      for (const gram of grams) {
        const list = byGram[gram];
        if (list !== undefined && list.length <= common) lists.push(list);
      }
      if (lists.length === 0) continue;
      telling += lists.length;
      const needed = Math.min(lists.length, Math.max(MIN_SHARED_GRAMS, Math.ceil(WORD_GRAM_SHARE * lists.length)));
      hits.fill(0);
      for (const list of lists) {
        for (const at of list) {
          const count = (hits[at] ?? 0) + 1;
          hits[at] = count;
          if (count >= needed) fits[at] = 1;
        }
      }
    }
    if (telling === 0) return prepared;
    const chosen: PreparedCandidate<T>[] = [];
    fits.forEach((fit, at) => {
      if (fit === 1) chosen.push(prepared[at] as PreparedCandidate<T>);
    });
    return chosen;
  };
}

/** The letter triples of a word with a space before and after (` см`, `сма`, …, `ны `); a short word is one. */
function listWordGrams(word: string): string[] {
  // UTF-16 units: the letters of names are all in the basic plane.
  const padded = ` ${word} `;
  if (padded.length <= 3) return [padded];
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}

/** Similarity of seller text to one directory name in [0, 1], as the matcher computes it. */
export function scoreTextSimilarity(sellerText: string, name: string): number {
  const vocabulary: Vocabulary = { ids: new Map(), words: [], trigrams: new Map() };
  const a = prepareText(vocabulary, tokenizeForMatch(sellerText));
  const b = prepareText(vocabulary, tokenizeForMatch(name));
  return round(scoreTexts(a, b, createWordTable(vocabulary, 0), vocabulary));
}

const EDIT_ROWS: [Uint16Array, Uint16Array, Uint16Array] = [new Uint16Array(64), new Uint16Array(64), new Uint16Array(64)];

/** Damerau-Levenshtein distance (optimal string alignment: adjacent transpositions count 1), in UTF-16 units. */
export function measureEditDistance(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  // Three rows of scratch, grown when a longer word comes (this runs for many word pairs); each is written before it is read.
  if (EDIT_ROWS[0].length < m + 1) for (let k = 0; k < 3; k++) EDIT_ROWS[k] = new Uint16Array(2 * (m + 1));
  let prev2 = EDIT_ROWS[0];
  let prev = EDIT_ROWS[1];
  let row = EDIT_ROWS[2];
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    row[0] = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) value = Math.min(value, (prev2[j - 2] ?? 0) + 1);
      row[j] = value;
    }
    const recycled = prev2;
    prev2 = prev;
    prev = row;
    row = recycled;
  }
  return prev[m] ?? 0;
}

// Letter counts for the bag distance, indexed by UTF-16 code (Latin and Cyrillic are below 0x500).
const BAG = new Int16Array(0x500);

/** A lower bound of the edit distance from letter counts alone; cheap, so most pairs never reach the full distance. */
export function measureBagDistance(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) {
    const code = a.charCodeAt(i);
    if (code < BAG.length) BAG[code] = (BAG[code] ?? 0) + 1;
  }
  for (let i = 0; i < b.length; i++) {
    const code = b.charCodeAt(i);
    if (code < BAG.length) BAG[code] = (BAG[code] ?? 0) - 1;
  }
  let surplus = 0;
  let deficit = 0;
  // Read and cleared in one pass over both words (a loop, not a closure: this runs for most word pairs).
  for (let i = 0; i < a.length + b.length; i++) {
    const code = i < a.length ? a.charCodeAt(i) : b.charCodeAt(i - a.length);
    if (code >= BAG.length) continue;
    const left = BAG[code] ?? 0;
    if (left > 0) surplus += left;
    else if (left < 0) deficit -= left;
    BAG[code] = 0;
  }
  return Math.max(surplus, deficit);
}

function intern(vocabulary: Vocabulary, word: string): number {
  let id = vocabulary.ids.get(word);
  if (id === undefined) {
    id = vocabulary.words.length;
    vocabulary.ids.set(word, id);
    const stem = stemWord(word);
    vocabulary.words.push({ text: word, stem, folded: foldKazakhLetters(word), length: Array.from(word).length, numeric: /\d/.test(word), negations: listNegations(word, stem), classWord: vocabulary.readClassWord?.(word) });
  }
  return id;
}

/** A word's Latin sound skeleton, made once per vocabulary word (directory paths repeat their words across leaves). */
function readLatinSkeleton(vocabulary: Vocabulary, token: string): string {
  const word = vocabulary.words[intern(vocabulary, token)] as WordInfo;
  return (word.latin ??= buildLatinSkeleton(transliterateToLatin(token)));
}

function prepareText(vocabulary: Vocabulary, allTokens: string[], transliterate = true): PreparedText {
  const meaningful = allTokens.filter((token) => !STOP_WORDS.has(token));
  const tokens = meaningful.length > 0 ? meaningful : allTokens;
  const joined = tokens.join('');
  return {
    ids: tokens.map((token) => intern(vocabulary, token)),
    weights: tokens.map((token, i) => (UNIT_TOKENS.has(token) && i > 0 && /\d/.test(tokens[i - 1] ?? '') ? 0.25 : 1)),
    joined,
    joinedLength: Array.from(joined).length,
    latin: transliterate ? prepareText(vocabulary, tokens.map((token) => readLatinSkeleton(vocabulary, token)), false) : undefined,
    cyrillic: tokens.some(hasCyrillic),
    latinScript: tokens.some(hasLatin),
  };
}

/**
 * One table per matcher: rows per seller word, over the candidates' vocabulary (words added later
 * are not cached). A row holds only the words met: the candidates selected for a text share few words,
 * and a row as long as the vocabulary for every text was most of the garbage collector's work. The
 * table is emptied when it holds `MAX_TABLE_SCORES`, so memory stays bounded on a long file.
 */
function createWordTable(vocabulary: Vocabulary, size: number): WordTable {
  let rows = new Map<number, Map<number, number>>();
  let held = 0;
  return (queryWord, candidateWord) => {
    // A score kept is read before anything else (this runs for every word pair of every name scored, most of them kept).
    let row = candidateWord < size ? rows.get(queryWord) : undefined;
    const known = row?.get(candidateWord);
    if (known !== undefined) return known;
    const a = vocabulary.words[queryWord];
    const b = vocabulary.words[candidateWord];
    if (a === undefined || b === undefined) return 0;
    if (candidateWord >= size) return scoreWords(a, b);
    if (row === undefined) {
      if (held >= MAX_TABLE_SCORES) {
        rows = new Map();
        held = 0;
      }
      row = new Map();
      rows.set(queryWord, row);
    }
    const score = scoreWords(a, b);
    row.set(candidateWord, score);
    held += 1;
    return score;
  };
}

const MAX_TABLE_SCORES = 2_000_000;

function scoreTexts(query: PreparedText, name: PreparedText, words: WordTable, vocabulary: Vocabulary): number {
  let score = scoreSameScript(query, name, words, vocabulary);
  if (score < 1 && (query.cyrillic !== name.cyrillic || query.latinScript !== name.latinScript) && query.latin !== undefined && name.latin !== undefined) {
    score = Math.max(score, scoreSameScript(query.latin, name.latin, words, vocabulary) * TRANSLITERATION_FACTOR);
  }
  return score;
}

function scoreSameScript(query: PreparedText, name: PreparedText, words: WordTable, vocabulary: Vocabulary): number {
  if (query.ids.length === 0 || name.ids.length === 0) return 0;
  const wordScore = scoreWordSets(query, name, words);
  if (wordScore === 1) return 1;
  if (query.joined === name.joined) return Math.max(wordScore, JOINED_EQUAL_SCORE);
  return Math.max(wordScore, scoreCharacters(query, name, wordScore, vocabulary));
}

const COLUMN_SCRATCH = new Float64Array(64);

/** Symmetric weighted word pairing: each word of each side with its best partner on the other side. */
function scoreWordSets(query: PreparedText, name: PreparedText, words: WordTable): number {
  // Names are short: one scratch row serves every call (this runs for every name of every candidate scored).
  const columnBest = name.ids.length <= COLUMN_SCRATCH.length ? COLUMN_SCRATCH.fill(0, 0, name.ids.length) : new Float64Array(name.ids.length);
  let sum = 0;
  let weight = 0;
  for (let i = 0; i < query.ids.length; i++) {
    const queryWord = query.ids[i] ?? 0;
    let rowBest = 0;
    for (let j = 0; j < name.ids.length; j++) {
      const score = words(queryWord, name.ids[j] ?? 0);
      if (score > rowBest) rowBest = score;
      if (score > (columnBest[j] ?? 0)) columnBest[j] = score;
    }
    const w = query.weights[i] ?? 1;
    sum += w * rowBest;
    weight += w;
  }
  for (let j = 0; j < name.ids.length; j++) {
    const w = name.weights[j] ?? 1;
    sum += w * (columnBest[j] ?? 0);
    weight += w;
  }
  return weight === 0 ? 0 : sum / weight;
}

/** Weighted share of the seller's words found in a directory text. */
function coverQuery(query: PreparedText, other: PreparedText, words: WordTable): number {
  let sum = 0;
  let weight = 0;
  for (let i = 0; i < query.ids.length; i++) {
    const queryWord = query.ids[i] ?? 0;
    let best = 0;
    for (const otherWord of other.ids) best = Math.max(best, words(queryWord, otherWord));
    const w = query.weights[i] ?? 1;
    sum += w * best;
    weight += w;
  }
  return weight === 0 ? 0 : sum / weight;
}

/** Weighted share of a directory text's words found among the seller's words (the word scorer keeps its (seller, directory) order). */
function coverCandidate(query: PreparedText, other: PreparedText, words: WordTable): number {
  let sum = 0;
  let weight = 0;
  for (let i = 0; i < other.ids.length; i++) {
    const otherWord = other.ids[i] ?? 0;
    let best = 0;
    for (const queryWord of query.ids) best = Math.max(best, words(queryWord, otherWord));
    const w = other.weights[i] ?? 1;
    sum += w * best;
    weight += w;
  }
  return weight === 0 ? 0 : sum / weight;
}

/** Seller word `a` against directory word `b`: abbreviation is one-way (the seller shortens). */
function scoreWords(a: WordInfo, b: WordInfo): number {
  if (a.text === b.text) return 1;
  // Numbers must be equal: `128` is never a typo of `256`.
  if (a.numeric || b.numeric) return 0;
  // `проводные` is not a typo of `беспроводные`: a negating prefix turns a word into its opposite.
  if (isNegationOf(a, b) || isNegationOf(b, a)) return 0;
  // Two words of a closed class are two words (`настенные`/`настольные`), however near their letters.
  if (a.classWord !== undefined && b.classWord !== undefined && a.classWord !== b.classWord) return 0;
  // One stem is one word's forms, unless a word that never declines is cut from a longer one (`кино`, `киноа`): a stranger's word.
  const undeclined = a.stem === b.stem && (isUndeclinedBeginning(a.text, b.text) || isUndeclinedBeginning(b.text, a.text));
  if ((a.stem === b.stem && a.stem.length >= 3 && !undeclined) || a.folded === b.folded) return 0.95;
  let best = 0;
  if (a.length >= 3 && a.length < b.length && b.text.startsWith(a.text)) best = 0.8 + (0.15 * a.length) / b.length;
  const maxLength = Math.max(a.length, b.length);
  const allowed = maxLength <= 5 ? 1 : maxLength <= 8 ? 2 : 3;
  if (Math.min(a.length, b.length) >= 4 && Math.abs(a.length - b.length) <= allowed) {
    const distance = measureBagDistance(a.folded, b.folded) > allowed ? allowed + 1 : measureEditDistance(a.folded, b.folded);
    if (distance <= allowed) best = Math.max(best, 1 - (EDIT_WEIGHT * distance) / maxLength);
    const stemLength = Math.max(a.stem.length, b.stem.length);
    if (stemLength >= 4 && !undeclined && (a.stem !== a.text || b.stem !== b.text) && measureBagDistance(a.stem, b.stem) <= allowed) {
      const stemDistance = measureEditDistance(a.stem, b.stem);
      if (stemDistance <= allowed) best = Math.max(best, 0.95 * (1 - (EDIT_WEIGHT * stemDistance) / stemLength));
    }
  }
  return best;
}

const NEGATING_PREFIXES = ['без', 'бес', 'не', 'non', 'un'];

function isNegationOf(a: WordInfo, b: WordInfo): boolean {
  // The rests are cut once per word (`intern`): this runs for most word pairs.
  for (const rest of a.negations) {
    if (rest.text === b.text || (b.stem.length >= 4 && rest.stem === b.stem)) return true;
  }
  return false;
}

/** The rests of a word after the negating prefixes it starts with (a stem keeps the prefix too, or has no rest). */
function listNegations(word: string, stem: string): WordInfo['negations'] {
  const rests: { text: string; stem: string | undefined }[] = [];
  for (const prefix of NEGATING_PREFIXES) {
    if (word.startsWith(prefix)) rests.push({ text: word.slice(prefix.length), stem: stem.startsWith(prefix) ? stem.slice(prefix.length) : undefined });
  }
  return rests;
}

/** The character score of two texts, or 0 when it could not exceed `floor` (the word score beside it). */
function scoreCharacters(a: PreparedText, b: PreparedText, floor: number, vocabulary: Vocabulary): number {
  const aLength = a.joinedLength;
  const bLength = b.joinedLength;
  if (aLength > MAX_CHAR_LENGTH || bLength > MAX_CHAR_LENGTH || aLength < 4 || bLength < 4) return 0;
  // Texts of very different length, or with few trigrams in common, cannot score high: skip the quadratic work.
  if (Math.min(aLength, bLength) / Math.max(aLength, bLength) < 0.5) return 0;
  const dice = scoreTrigramDice((a.grams ??= buildTrigrams(a.joined, vocabulary)), (b.grams ??= buildTrigrams(b.joined, vocabulary)));
  if (dice < MIN_DICE) return 0;
  // The edit distance is at least the difference in length: when even that best case stays at the floor, it is not measured.
  const bestEdit = 1 - Math.abs(a.joined.length - b.joined.length) / Math.max(aLength, bLength);
  if ((dice + bestEdit) / 2 <= floor) return 0;
  const edit = 1 - measureEditDistance(a.joined, b.joined) / Math.max(aLength, bLength);
  return (dice + edit) / 2;
}

/** Dice of two trigram lists (`buildTrigrams`): twice the triples shared, counted as often as both hold them, over both counts. */
function scoreTrigramDice(gramsA: Int32Array, gramsB: Int32Array): number {
  const total = gramsA.length + gramsB.length;
  let shared = 0;
  // Both lists are sorted: one merge counts the shared triples (this runs for most candidates a text is scored against).
  for (let i = 0, j = 0; i < gramsA.length && j < gramsB.length; ) {
    const a = gramsA[i] as number;
    const b = gramsB[j] as number;
    if (a === b) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (a < b) i += 1;
    else j += 1;
  }
  return total === 0 ? 0 : (2 * shared) / total;
}

// A code unit of a surrogate pair: a text holding one is split into code points (the letters of names never are).
const SURROGATE = /[\uD800-\uDFFF]/;

/** The letter triples of a text (two spaces before, one after), numbered in the vocabulary and sorted. */
function buildTrigrams(text: string, vocabulary: Vocabulary): Int32Array {
  const padded = `  ${text} `;
  const chars = SURROGATE.test(padded) ? Array.from(padded) : undefined;
  const count = (chars?.length ?? padded.length) - 2;
  const grams = new Int32Array(Math.max(0, count));
  for (let i = 0; i < count; i++) {
    const gram = chars === undefined ? padded.slice(i, i + 3) : chars.slice(i, i + 3).join('');
    let id = vocabulary.trigrams.get(gram);
    if (id === undefined) vocabulary.trigrams.set(gram, (id = vocabulary.trigrams.size));
    grams[i] = id;
  }
  return grams.sort();
}

function splitPath(text: string): string[] {
  return text.split(PATH_SEPARATOR).filter((segment) => segment.trim() !== '');
}

function normalizePathForMatch(text: string): string {
  return splitPath(text)
    .map((segment) => tokenizeForMatch(segment).join(' '))
    .filter((segment) => segment !== '')
    .join('/');
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}

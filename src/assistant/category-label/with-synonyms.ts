import type { Category } from '../../domain/index.js';
import { rewriteWithSynonyms } from '../category-synonyms.js';
import type { CategoryMatcher } from '../match-category.js';
import type { MatchThresholds, ValueMatch } from '../match-value.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { ScoredCandidate } from '../score-candidates.js';
import { NAME_WITH_DEMOGRAPHIC, PART_FACTOR } from './label-scores.js';
import { readLabelHead } from './label-text.js';

/**
 * `Laptops`, `Дроны`: a label left a TODO is matched again in the directory's words. When the
 * label's own words come near no leaf, each rewritten word means the same (or names a kind of it)
 * and the rewrite is one leaf's name, that leaf stands (confident, never `exact`); otherwise its
 * candidates join the TODO. (`Лампочки LED E27` → `лампы led e 27` was once taken for `Лампы и
 * обогрев для рептилий`.) A label its own words name one leaf by, whose rewrite names another, is a question
 * (`askWhereRewriteNamesAnother`).
 */
export function withSynonyms(matchWhole: CategoryMatcher, thresholds: MatchThresholds): CategoryMatcher {
  return {
    match(text, context = {}) {
      const match = matchWhole.match(text, context);
      const rewritten = rewriteWithSynonyms(text);
      if (match.status !== 'todo') return rewritten?.exact === true ? askWhereRewriteNamesAnother(match, matchWhole.match(rewritten.text, context)) : match;
      if (rewritten === undefined) return match;
      const viaSynonyms = matchWhole.match(rewritten.text, context);
      if (rewritten.exact && (match.candidates[0]?.score ?? 0) < thresholds.minScore && (isNameMatch(viaSynonyms) || isNameBesideNumbers(rewritten.text, viaSynonyms, (core) => matchWhole.match(core, context)))) {
        const [best, ...others] = viaSynonyms.candidates.map(stepDown);
        if (best !== undefined) return { text, status: 'confident', best, candidates: [best, ...others] };
      }
      return mergeSynonymCandidates(match, viaSynonyms);
    },
  };
}

/** The doubt of a label one leaf names in its words and another through the vocabulary. */
export const SYNONYM_LEAF_DOUBT = 'the label names this leaf, and in other words of the same goods another leaf';

/**
 * `Трусы муж.`: a label one leaf names (`Трусы мужские`) whose rewrite in the vocabulary's words names another leaf as well
 * (`трусы` are a kind of `нижнее бельё`: `Мужская одежда / Нижнее бельё`) is goods the directory files in two places, and
 * which of them the seller means, the file must say: a question listing both. Only where each is a leaf's own name (with
 * whom it is for): a rewrite that is only near a leaf (`Шапка вязаная` → `головные уборы вязаная`, a broader leaf holding
 * fewer of the words) leaves the leaf the label names.
 */
function askWhereRewriteNamesAnother(match: ValueMatch<Category>, viaSynonyms: ValueMatch<Category>): ValueMatch<Category> {
  if (!isNameMatch(match) || !isNameMatch(viaSynonyms) || viaSynonyms.best === undefined || viaSynonyms.best.key === match.best?.key) return match;
  if (isLeafNameVerbatim(match)) return match;
  return { ...mergeSynonymCandidates({ ...match, status: 'todo' }, viaSynonyms), doubt: SYNONYM_LEAF_DOUBT };
}

/**
 * `Бра`, `Консилеры`, `Трусы мужские`: a label whose head (its last path level, without a 1C code) is a leaf's whole name, word for word, is that leaf, though the vocabulary
 * reads its goods as a kind of a broader leaf (`Светильники`, `Тональные средства`): the seller wrote the directory's own
 * name. Only a label that reached the name in other words (`Трусы муж.`) leaves which it is to the file (review30).
 */
function isLeafNameVerbatim(match: ValueMatch<Category>): boolean {
  const name = match.best?.entry.name.rus;
  if (name === undefined) return false;
  const label = tokenizeForMatch(readLabelHead(match.text)).join(' ');
  return label === tokenizeForMatch(name).join(' ');
}

// A size or model number (`24`, `R16`, `E27`, `4K`): a word with a digit, or one or two Latin letters beside one.
const NUMBER_WORD = /\d/;
const LETTERS_BEFORE_NUMBER = /^[a-z]{1,2}$/;

/**
 * `Monitors 24` → `мониторы 24`, `Summer tyres R16` → `летние шины r 16`: numbers and sizes
 * qualify a leaf, they never choose it. The rewrite stands when it is confident with them and,
 * without them, one leaf's name, the same leaf. A word that is no number (`LED` of `Лампочки LED
 * E27`) keeps the rewrite a longer text than any name.
 */
function isNameBesideNumbers(rewritten: string, viaSynonyms: ValueMatch<Category>, matchCore: (core: string) => ValueMatch<Category>): boolean {
  if (viaSynonyms.status === 'todo' || rewritten.includes('/')) return false;
  const words = tokenizeForMatch(rewritten);
  const beside = (word: string, i: number): boolean => LETTERS_BEFORE_NUMBER.test(word) && (NUMBER_WORD.test(words[i + 1] ?? '') || NUMBER_WORD.test(words[i - 1] ?? ''));
  const core = words.filter((word, i) => !NUMBER_WORD.test(word) && !beside(word, i));
  if (core.length === words.length || core.length === 0) return false;
  const coreMatch = matchCore(core.join(' '));
  return isNameMatch(coreMatch) && coreMatch.best?.key === viaSynonyms.best?.key;
}

/**
 * A match to one leaf's own name: exact, or that name (or a part of an `и` name) with gender or
 * age words its path agrees with (`Women's dresses` → `женские платья` → `Женская одежда /
 * Платья`; `Mens hoodies` → `Мужская одежда / Худи и свитшоты`). Only a name-equal leaf scores 0.97
 * or more: a leaf holding the words among more scores 0.93, a name inside a longer label 0.95 at
 * most (`Лампочки LED E27` is not a lamp leaf's name), the general matcher 0.9.
 */
function isNameMatch(match: ValueMatch<Category>): boolean {
  return match.status === 'exact' || (match.status === 'confident' && (match.best?.score ?? 0) >= PART_FACTOR * NAME_WITH_DEMOGRAPHIC);
}

// A candidate found through a synonym ranks a step below the same score found by the label itself.
const SYNONYM_STEP = 0.97;

/** A candidate found through a synonym: a step below, and never an exact name (`score 0.97`, not `# exact`). */
export function stepDown(candidate: ScoredCandidate<Category>): ScoredCandidate<Category> {
  return { ...candidate, score: Math.round(candidate.score * SYNONYM_STEP * 1000) / 1000, exact: false };
}

/** A question's candidates with those found through a rewrite (`stepDown`), each leaf once at its better score. */
export function mergeSynonymCandidates(match: ValueMatch<Category>, viaSynonyms: ValueMatch<Category>): ValueMatch<Category> {
  const merged = new Map(match.candidates.map((candidate) => [candidate.key, candidate]));
  for (const candidate of viaSynonyms.candidates.map(stepDown)) {
    const known = merged.get(candidate.key);
    if (known === undefined || known.score < candidate.score) merged.set(candidate.key, candidate);
  }
  const limit = Math.max(match.candidates.length, viaSynonyms.candidates.length);
  const candidates = [...merged.values()].sort((a, b) => b.score - a.score).slice(0, limit);
  // A doubt the rewrite raised stays (`Кепки` → `головные уборы`, a part of a branch's name): the classifier may not settle it.
  // Only while the leaf it was raised about stands first: a doubt is about its match's first candidate, and shown beside
  // another leaf it would say the wrong thing of it (`Панамы`, inside the branch, is not "outside that branch").
  const doubt = readDoubtOfFirst(match, candidates[0]) ?? readDoubtOfFirst(viaSynonyms, candidates[0]);
  return { text: match.text, status: 'todo', candidates, ...(doubt === undefined ? {} : { doubt }) };
}

/** A match's doubt when its first candidate is the merged list's first (the leaf the doubt was raised about). */
function readDoubtOfFirst(match: ValueMatch<Category>, first: ScoredCandidate<Category> | undefined): string | undefined {
  return first !== undefined && match.candidates[0]?.key === first.key ? match.doubt : undefined;
}

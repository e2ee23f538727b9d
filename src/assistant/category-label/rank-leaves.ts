import { contradictsDemographic, type Demographic, isDemographicEmpty, saysOtherAge } from '../demographic-words.js';
import { LOOSE_CAP } from './label-scores.js';
import type { ParsedLabel } from './parse-label.js';
import type { PreparedLeaf } from './prepare-leaf.js';
import { coverWords } from './score-label-word.js';
import type { RawScore } from './score-shortlist.js';

export interface Scored {
  leaf: PreparedLeaf;
  score: number;
  rank: number;
  exact: boolean;
  /** The label's words are the leaf's name, whatever else the file says. */
  nameExact: boolean;
  /** Scored as a leaf holding all the label's words among more: a rival of an exact name; the match only when alone. */
  contained: boolean;
  /** Contained as the end of a compound word (`Велотренажёры` for `Тренажеры`): another thing, a rival only. */
  compound: boolean;
  /** The leaf's own name says whom it is for and the seller does not: a rival, never the match. */
  narrower: boolean;
  /** Every word of the label is a word of the name (or of a part of it) in some form (`Маска`/`Маски`), none read through a typo. */
  formExact: boolean;
  /** The leaf's name is the label's kind words, the label adding only a brand, size or neutral word (`Мониторы 27 дюймов`): as plain a name as the bare head. */
  kindNamed: boolean;
  /** The label's words are the name's only if one of them is misspelt (`Маска` read as `Масла`). */
  typo: boolean;
  /** Scored by the general matcher alone (typos, transliteration), above what the label's own words give it (`Прожекторы` for `Проектор`). */
  fuzzy: boolean;
  /** The leaf's whole name is inside the label and some label words are left unexplained (`Чайники` for `Чайник электрический`). */
  partial: boolean;
  /** Every word of the label is a form of the name's, two of them joined in a compound word of it (`Электрочайники`). */
  joined: boolean;
  /** The label says the goods are children's and the leaf's path does not: a guess (a child's potty is no flower pot), never the match. */
  kidsUnsaid: boolean;
  /** The gender or age words or the seller's path say otherwise than the leaf (a bare label beside a leaf whose path says whom is not that). */
  contradicted: boolean;
  /** How well the leaf's path holds the seller's parent path (1 when there is none). */
  pathSupport: number;
}

/** What the file says around a label, beyond its words, that ranks its leaves. */
export interface RankingContext {
  /** Whom the product names say the goods are for, when the label does not say it. */
  productDemographic: Demographic;
  /** Whom the label or, failing that, its product names say the goods are for. */
  sellerDemographic: Demographic;
  /** The words of the first product names, stop words left out. */
  productWords: readonly string[];
  /** Groups of the leaves the seller's other categories were confidently matched to. */
  siblingGroups: ReadonlySet<string>;
}

/**
 * Ranks a label's shortlisted leaves, best first, with what the file says: whom the goods are for (the label's words,
 * else the product names'), the ages, the seller's parent path, the product names' words and the seller's other categories.
 */
export function rankLeaves(label: ParsedLabel, raw: readonly RawScore[], ranking: RankingContext, labelSimilarity: (a: string, b: string) => number, wordScore: (a: string, b: string) => number): Scored[] {
  const { productDemographic, sellerDemographic, productWords, siblingGroups } = ranking;
  const coverLeafByProducts = createProductCover(productWords, wordScore);
  // Whether a leaf saying the same people as the label fits it at all: only then is a leaf saying nobody a guess.
  const demographicAlternative = !isDemographicEmpty(label.demographic) && raw.some((item) => item.score >= 0.5 && !isDemographicEmpty(item.leaf.demographic) && !contradictsDemographic(label.demographic, item.leaf.demographic));
  const scored: Scored[] = [];
  for (const { leaf, named, general, score: rawScore } of raw) {
    let score = rawScore;
    let doubted = false;
    let bare = false;
    if (contradictsDemographic(label.demographic, leaf.demographic)) {
      score *= 0.6;
      doubted = true;
    } else if (!isDemographicEmpty(label.demographic) && isDemographicEmpty(leaf.demographic)) {
      // `Часы детские наручные`: a leaf that does not say whom it is for is a guess when another says the same as the label.
      if (demographicAlternative) score *= 0.85;
      doubted = true;
    } else if (contradictsDemographic(productDemographic, leaf.demographic)) {
      score *= 0.85;
      doubted = true;
    } else if (isDemographicEmpty(label.demographic) && !isDemographicEmpty(leaf.demographic) && isDemographicEmpty(productDemographic)) {
      // A bare `Юбки` may still be the women's leaf, but it is not the exact name of it.
      doubted = true;
      bare = true;
    }
    // `Книги для подростков` against `Книги для малышей`: one class of words (children), but infants and teenagers are
    // not one kind of goods. The age of a leaf's own name is a word of its name, which the label must say to match it.
    const otherAge = saysOtherAge(label.ages, leaf.nameAges);
    if (otherAge) {
      score = Math.min(score, LOOSE_CAP);
      doubted = true;
      bare = false;
    }
    let pathSupport = 1;
    if (label.parentWords.length > 0) {
      const support = coverWords(label.parentWords, leaf.pathWords, labelSimilarity);
      pathSupport = support;
      if (support < 0.9) {
        score *= 0.92 + 0.08 * support;
        doubted = true;
        bare = false;
      }
    }
    // `Косметика` is not `Детская косметика`, though the names are equal once `Детская` is set apart: a narrower leaf is a rival only.
    const narrower = !isDemographicEmpty(leaf.nameDemographic) && isDemographicEmpty(sellerDemographic);
    const productSupport = productWords.length === 0 ? 0 : coverLeafByProducts(leaf.variants[0]?.words ?? []);
    const rank = score + 0.03 * productSupport + (siblingGroups.has(leaf.groupKey) ? 0.03 : 0) - (narrower ? 0.02 : 0);
    // `Кроссовки мужские` is the men's leaf, but not its exact name: the label says more than the name.
    const saysMore = !isDemographicEmpty(label.demographic) && isDemographicEmpty(leaf.nameDemographic);
    scored.push({ leaf, score, rank, nameExact: named.exact && !saysMore && !otherAge, exact: named.exact && !doubted && !saysMore && label.parentWords.length === 0, contained: named.contained && named.score >= general, compound: named.compound && named.score >= general, narrower, formExact: named.formExact && named.score >= general, typo: named.typo && named.score >= general, fuzzy: general > named.score, partial: named.partial && named.score >= general, kindNamed: named.kindNamed && named.score >= general, joined: named.joined && named.score >= general, kidsUnsaid: label.demographic.kids === true && leaf.demographic.kids !== true, contradicted: doubted && !bare, pathSupport });
  }
  scored.sort((a, b) => b.rank - a.rank || b.score - a.score || a.leaf.labelOrder - b.leaf.labelOrder);
  return scored;
}

/** How well the product names hold a leaf's words: each directory word looked up once per label, not once per leaf. */
function createProductCover(productWords: readonly string[], wordScore: (a: string, b: string) => number): (words: readonly string[]) => number {
  const productBest = new Map<string, number>();
  return (words) => {
    if (words.length === 0) return 1;
    let sum = 0;
    for (const word of words) {
      let best = productBest.get(word);
      if (best === undefined) {
        best = 0;
        for (const productWord of productWords) best = Math.max(best, wordScore(productWord, word));
        productBest.set(word, best);
      }
      sum += best;
    }
    return sum / words.length;
  };
}

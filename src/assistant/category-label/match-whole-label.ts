import type { Category } from '../../domain/index.js';
import type { Classification } from '../classify/classifier-types.js';
import { readTopSection } from '../classify/file-sections.js';
import { isDemographicEmpty } from '../demographic-words.js';
import type { CategoryContext, CategoryMatcher } from '../match-category.js';
import type { MatchThresholds, ValueMatch } from '../match-value.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { BRANCH_DOUBT } from './branch-names.js';
import { decide } from './decide-label-match.js';
import { createOtherGoodsReader } from './goods-named-groups.js';
import { splitPathLevels, STOP_WORDS } from './label-text.js';
import type { NarrowingContext, ProductReading } from './narrower-leaves.js';
import { createLabelReader, type ParsedLabel } from './parse-label.js';
import type { LabelDirectory } from './prepare-label-directory.js';
import type { PreparedLeaf } from './prepare-leaf.js';
import { rankLeaves } from './rank-leaves.js';
import { readProductDemographic } from './read-product-demographic.js';
import { readUnsaidKinds } from './read-unsaid-kind-names.js';
import { createShortlistScorer } from './score-shortlist.js';

// At most this many product names of a label are read by the classifier when a rule asks.
const MAX_CLASSIFIED_NAMES = 20;

/**
 * The label matcher the readings wrap (`createCategoryMatcher`): a label read once (`parseLabel`), its shortlist scored by
 * its words, ranked with what the file says around it, and `decide`d. `classifyName` is the product classifier's reading
 * of one product name, asked only when a plain leaf has a narrower rival of another root or a children's rival.
 */
export function createWholeLabelMatcher(directory: LabelDirectory, thresholds: MatchThresholds, classifyName: (name: string) => Classification): CategoryMatcher {
  const { branchNames, similarity, wordScore } = directory;
  const scoreShortlist = createShortlistScorer(directory);
  const readSiblings = createSiblingReader(directory.byKey);
  const readLabel = createLabelReader(directory.namedByDirectory);
  const isUnderOtherGoods = createOtherGoodsReader(directory.leaves);

  const matchLabel = (text: string, label: ParsedLabel, context: CategoryContext): ValueMatch<Category> => {
    if (label.words.length === 0 && label.parentWords.length === 0) return { text, status: 'todo', candidates: [] };
    const productDemographic = isDemographicEmpty(label.demographic) ? readProductDemographic(context.productNames ?? []) : {};
    const productWords = [...new Set((context.productNames ?? []).slice(0, 20).flatMap((name) => tokenizeForMatch(name)))].filter((word) => !STOP_WORDS.has(word));
    const { groups: siblingGroups, roots: siblingRoots } = readSiblings(context.siblingIds);

    const sellerDemographic = isDemographicEmpty(label.demographic) ? productDemographic : label.demographic;
    const labelSimilarity = (a: string, b: string): number => similarity(label, a, b);
    const raw = scoreShortlist(label, labelSimilarity);
    const scored = rankLeaves(label, raw, { productDemographic, sellerDemographic, productWords, siblingGroups }, labelSimilarity, wordScore);
    const sayings = [...(context.productNames ?? []).slice(0, 20).map((name) => tokenizeForMatch(name)), ...(label.asides.length > 0 ? [label.asides] : [])];
    let productReadings: ProductReading[] | undefined;
    const readProductReadings = (): readonly ProductReading[] =>
      (productReadings ??= (context.productNames ?? []).slice(0, MAX_CLASSIFIED_NAMES).map((name) => {
        const reading = classifyName(name);
        return { leaf: reading.leafId === undefined ? undefined : directory.byKey.get(String(reading.leafId)), sure: reading.confident, unsaidKinds: readUnsaidKinds(reading) };
      }));
    const narrowing: NarrowingContext = { words: [...productWords, ...label.asides], sayings, demographic: sellerDemographic, siblingGroups, siblingRoots, productReadings: readProductReadings, isUnderOtherGoods };
    return decide(text, label, scored, branchNames, thresholds, labelSimilarity, narrowing, directory.placementSections);
  };

  const matchWhole: CategoryMatcher = {
    match(text, context = {}) {
      const match = matchLabel(text, readLabel(text, context.parentPath), context);
      // `Телефоны / Смартфоны / Android`: when the last level names nothing, it qualifies the level above it. A last level
      // naming a branch (`Обувь / Женская обувь`) names something: the branch, whose leaves it holds down.
      if ((match.candidates[0]?.score ?? 0) >= thresholds.minScore || match.doubt === BRANCH_DOUBT || splitPathLevels(text).length < 2) return match;
      const widened = matchLabel(text, readLabel(text, context.parentPath, 2), context);
      return (widened.candidates[0]?.score ?? 0) > (match.candidates[0]?.score ?? 0) ? widened : match;
    },
  };
  return matchWhole;
}

/** The groups of the leaves the seller's other categories were confidently matched to, and their roots. */
interface SiblingLeaves {
  ids: readonly number[] | undefined;
  groups: ReadonlySet<string>;
  roots: ReadonlySet<string>;
}

/** Reads the seller's other categories as the groups and roots of their leaves. */
function createSiblingReader(byKey: ReadonlyMap<string, PreparedLeaf>): (ids: readonly number[] | undefined) => SiblingLeaves {
  // The seller's other categories are one array for every TODO of a file and every match of its chain (a bare head, a
  // rewrite): their groups and roots are read once per array, not once per match.
  let siblings: SiblingLeaves = { ids: undefined, groups: new Set(), roots: new Set() };
  const readSiblings = (ids: readonly number[] | undefined): SiblingLeaves => {
    if (ids !== siblings.ids) {
      const groups = new Set((ids ?? []).map((id) => byKey.get(String(id))?.groupKey).filter((key) => key !== undefined));
      siblings = { ids, groups, roots: new Set([...groups].map(readTopSection)) };
    }
    return siblings;
  };
  return readSiblings;
}

/**
 * Groups the product types the review asks about by the leaf the classifier proposes for them
 * (pure): one question then lists the unsure types proposed one leaf that the classifier is surer
 * of, and the seller's one answer ("yes", or another leaf for them all, leaving out the types it
 * does not fit) settles them all, each type still answered under its own key, so that learning
 * stays by product type. Each `no` that leaves a type out is a cell the seller fills: the types the
 * classifier is less sure of, the ones a `no` is most often needed for, are asked alone — but for
 * one of the same first head word and purpose as a surer type of the group (`мышь игровая` beside
 * `мышь беспроводная`) — as is a type no leaf is proposed for. The leaves of one top-level section are
 * then gathered into questions of a few types, each type with its own leaf (`gatherSectionLeaves`), so
 * that a sure type alone at its leaf is no question of one row or two; a leaf alone in its section with
 * one type is asked alone. The small questions of several sections (two to five types) are then packed together, at most
 * six types a question (`packSmallQuestions`), so that a section of two types is no question of its own. A type whose own evidence doubts its proposal (`find-proposal-doubt.ts`) stays in its question but
 * is no line the question's `yes` takes: it stands first, marked, answered on its own row.
 */
import { readTopSection } from '../classify/file-sections.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import type { ProductTypeGroup } from './collect-product-types.js';
import { findProposalDoubt, readClassifierDoubt } from './find-proposal-doubt.js';
import { readProductTypeParts } from './read-product-type-key.js';

/**
 * The confidence at or above which a type may be asked in its leaf's group. On the generated price
 * list (seed 33), of the types of the groups a seller answers first, 101 of 117 at or above it were
 * proposed their right leaf, only 19 of 50 under it; of 0.7, 0.8, 0.85 and 0.9 it settled the most
 * rows for 50 filled cells on both seeds measured (docs/history/mapping-assistant-rounds.md, the eleventh round).
 */
export const SURE_IN_GROUP = 0.8;

/**
 * The confidence at or above which a less sure type may join a surer type's group by its first head word and purpose.
 * Below it the first word is often all the two share: `диск литой r` (alloy wheels, 0.32 → `Тормозные диски`) beside `диск
 * тормозной передний`, `щетка сметка` (0.32 → `Щётки стеклоочистителя`) beside wiper blades, where the seller's one "yes"
 * would accept them unless they spot the line. On the generated price list (seed 33) the rule with it settles 4 more rows
 * than no joining at all (seed 7: the same); 0.5 settled as many, 0.4 seven more, too near those two types to trust.
 */
export const JOIN_FLOOR = 0.6;

/**
 * The most types one question lists when it gathers the leaves of a section: what a seller reads at a glance, each line a
 * type with its leaf and examples. A leaf's own types are never split: a leaf of more types is a question of its own.
 */
export const MOST_TYPES_IN_QUESTION = 12;

/**
 * The most types a question lists when it packs the small questions of several sections (`packSmallQuestions`): half of
 * `MOST_TYPES_IN_QUESTION`, for its lines are unlike goods, read one by one, and each doubted line is a cell of its own. On the
 * dev lists at 12 the 50 questions settled 0.3–1.4 points more, but 50 filled cells up to 2.1 points fewer (the packed
 * questions of many doubted lines no longer fitted the last cells); at 6 neither budget lost more than a few rows.
 */
export const MOST_TYPES_ACROSS_SECTIONS = 6;

/** Unsure types asked as one question: of one proposed leaf, or of several leaves of one top-level section (or of a few small sections), each type its own. */
export interface LeafGroup {
  /** The leaf proposed for every type of the group; undefined when its types are proposed different leaves (of one section, or of several small ones packed). */
  leafId: number | undefined;
  /**
   * Its types (two at least): those answered on their own rows first, then a leaf's types together, the leaf of the most rows
   * first, and within a leaf the most rows first.
   */
  types: ProductTypeGroup[];
  /** Its types the group's `yes` does not take, each with why its own evidence doubts its proposal (`findProposalDoubt`). */
  ownAnswers?: ReadonlyMap<ProductTypeGroup, string>;
  /**
   * The first head word and purpose its types share, as written (`насос`), when it is a question by head word
   * (`group-types-by-head-word.ts`): it proposes no leaf, and the seller names one for them all.
   */
  headWord?: string;
  /**
   * Whether its types are asked together because an adjective of each proposes one leaf while its noun names none
   * (`вилка десертная`, `вино десертное` → `Десерты`): then `headWord` is that leaf's name, which they need not begin with.
   */
  byAdjective?: true;
}

/** The types split into leaf groups (two types or more) and the types asked alone. */
export interface TypesByLeaf {
  leafGroups: LeafGroup[];
  singles: ProductTypeGroup[];
}

/**
 * Groups the types of `types` the classifier is surer of (`SURE_IN_GROUP`) by proposed leaf; the
 * order of `types` is kept among the singles.
 */
export function groupTypesByLeaf(types: readonly ProductTypeGroup[]): TypesByLeaf {
  const byLeaf = new Map<number, ProductTypeGroup[]>();
  const add = (leafId: number, type: ProductTypeGroup): void => {
    const list = byLeaf.get(leafId);
    if (list === undefined) byLeaf.set(leafId, [type]);
    else list.push(type);
  };
  for (const type of types) {
    const leafId = readProposedLeaf(type);
    if (leafId !== undefined && isSureInGroup(type)) add(leafId, type);
  }
  // A less sure type whose first head word and purpose a surer type of the leaf's group has (`мышь игровая` beside `мышь
  // беспроводная`) is asked with them: one more line of the same goods, where a `no` is seldom needed. Not one the classifier
  // barely proposes the leaf for (`JOIN_FLOOR`): the first word is all it shares (`диск литой` beside `диск тормозной`).
  const sureHeads = new Map([...byLeaf].map(([leafId, list]) => [leafId, new Set(list.map(readHeadStem))]));
  for (const type of types) {
    const leafId = readProposedLeaf(type);
    const head = readHeadStem(type);
    if (leafId === undefined || head === '' || isSureInGroup(type) || type.classification.confidence < JOIN_FLOOR || sureHeads.get(leafId)?.has(head) !== true) continue;
    add(leafId, type);
  }
  const byRows = (a: ProductTypeGroup, b: ProductTypeGroup): number => b.rows - a.rows || a.type.localeCompare(b.type);
  const gathered = gatherSectionLeaves([...byLeaf].map(([leafId, list]) => ({ leafId, types: [...list].sort(byRows) }))).filter((group) => group.types.length >= 2);
  // A type whose own evidence doubts its proposal is never a line the group's one `yes` takes: it is answered on its own row,
  // at the top of its question, so that a seller who reads only the first lines sees it.
  const doubts = findDoubtedTypes(types);
  // A group of which every type is answered on its own row stays one question: its lines are goods of one section the seller
  // reads together, and its row offers no `yes` (a `yes` written there takes nothing and is warned about on each empty row).
  const leafGroups = gathered.map((group) => markOwnAnswers(group, doubts));
  const grouped = new Set(leafGroups.flatMap((group) => group.types));
  return { leafGroups, singles: types.filter((type) => !grouped.has(type)) };
}

/**
 * The leaves' types gathered by the top-level section of the leaf: the leaves of a section, the most rows first, fill
 * questions of at most `MOST_TYPES_IN_QUESTION` types, each type with its own leaf, so that one "yes" settles the sure
 * types of several leaves, `no` leaving out the ones it does not fit. A leaf the seller would answer otherwise for a whole
 * family of types (`тетрадь` proposed under children's goods) still stands together inside its question. A leaf whose path
 * is unknown stays a question of its own. The small questions of several sections are then packed (`packSmallQuestions`).
 */
function gatherSectionLeaves(leaves: readonly LeafGroup[]): LeafGroup[] {
  const bySection = new Map<string, LeafGroup[]>();
  const alone: LeafGroup[] = [];
  for (const leaf of leaves) {
    const path = leaf.types[0]?.classification.path;
    if (path === undefined) alone.push(leaf);
    else bySection.set(readTopSection(path), [...(bySection.get(readTopSection(path)) ?? []), leaf]);
  }
  const gathered: LeafGroup[] = [...alone];
  const small: LeafGroup[] = [];
  for (const section of bySection.values()) {
    let current: LeafGroup[] = [];
    const close = (): void => {
      const question = { leafId: current.length === 1 ? current[0]?.leafId : undefined, types: current.flatMap((leaf) => leaf.types) };
      if (current.length > 0) (isSmallQuestion(question) ? small : gathered).push(question);
      current = [];
    };
    for (const leaf of [...section].sort(compareByRows)) {
      if (current.reduce((total, item) => total + item.types.length, 0) + leaf.types.length > MOST_TYPES_IN_QUESTION) close();
      current.push(leaf);
    }
    close();
  }
  return [...gathered, ...packSmallQuestions(small)];
}

/**
 * Whether a section's question is small enough to share a question with other sections' (`packSmallQuestions`): two types
 * at least (a type alone in its section stays a question of its own, as a line no group's `yes` took before), fewer than
 * `MOST_TYPES_ACROSS_SECTIONS`.
 */
function isSmallQuestion(question: LeafGroup): boolean {
  return question.types.length >= 2 && question.types.length < MOST_TYPES_ACROSS_SECTIONS;
}

/**
 * The small questions of several sections packed into questions of at most `MOST_TYPES_ACROSS_SECTIONS` types (first fit,
 * the question of the most rows first), each section's types together, each type with its own leaf: what a `yes` takes is
 * the same lines, a `no` the same cell, but the section of two or three types is no question of its own past the seller's
 * fiftieth. A question packed alone keeps its leaf.
 */
function packSmallQuestions(small: readonly LeafGroup[]): LeafGroup[] {
  const sizeOf = (bin: readonly LeafGroup[]): number => bin.reduce((total, question) => total + question.types.length, 0);
  const bins: LeafGroup[][] = [];
  for (const question of [...small].sort(compareByRows)) {
    const bin = bins.find((open) => sizeOf(open) + question.types.length <= MOST_TYPES_ACROSS_SECTIONS);
    if (bin === undefined) bins.push([question]);
    else bin.push(question);
  }
  return bins.map((bin) => (bin.length === 1 ? (bin[0] as LeafGroup) : { leafId: undefined, types: bin.flatMap((question) => question.types) }));
}

/** Groups of the most rows first; of as many, by their first type's name. */
function compareByRows(a: LeafGroup, b: LeafGroup): number {
  const rowsOf = (group: LeafGroup): number => group.types.reduce((total, type) => total + type.rows, 0);
  return rowsOf(b) - rowsOf(a) || (a.types[0]?.type ?? '').localeCompare(b.types[0]?.type ?? '');
}

/**
 * The types whose evidence doubts their proposal (`findProposalDoubt`), and with each the types proposed the same leaf by
 * the same first head word (`тетрадь на кольцах` beside `тетрадь`, `дәптер в клетку` beside `дәптер`): the doubt is of the
 * word's goods at that leaf, which the other type's evidence may just not reach (its own doubt a weak match).
 */
function findDoubtedTypes(types: readonly ProductTypeGroup[]): Map<ProductTypeGroup, string> {
  const doubts = new Map<ProductTypeGroup, string>();
  for (const type of types) {
    const doubt = findProposalDoubt(type);
    if (doubt !== undefined) doubts.set(type, doubt);
  }
  const keyOf = (type: ProductTypeGroup): string => `${readProposedLeaf(type) ?? ''} ${readFirstHeadStem(type)}`;
  // A purpose the leaf does not explain spreads too: the head word's leaf is of another trade in this file (`праймер для
  // ресниц` beside `праймер кислотный`, both at make-up primers); kept to the purpose's own type, the careless seller's wrong
  // rows on probe 20's nail lists stayed 1.9 % and 2.1 % (0.4 % and 0.0 % with it).
  // A doubt of a word the type says beside its head (`труба канализационная` beside `Канализация`) is its own: spread, it made
  // every pipe of probe 22's plumbing list a line of its own, 10 cells more than the 50-cell budget's last question could take.
  const spreads = (type: ProductTypeGroup): boolean => readFirstHeadStem(type) !== '' && readClassifierDoubt(type.classification.doubt ?? '')?.ownWord !== true;
  const byKey = new Map([...doubts].filter(([type]) => spreads(type)).map(([type]) => [keyOf(type), type.type]));
  for (const type of types) {
    const other = readProposedLeaf(type) === undefined || readFirstHeadStem(type) === '' || doubts.has(type) ? undefined : byKey.get(keyOf(type));
    if (other !== undefined) doubts.set(type, `the leaf is doubted for "${other}", of the same head word`);
  }
  return doubts;
}

/** The group with its doubted types (`doubts`) marked to be answered on their own rows, and put first. */
function markOwnAnswers(group: LeafGroup, doubts: ReadonlyMap<ProductTypeGroup, string>): LeafGroup {
  const own = new Map(group.types.filter((type) => doubts.has(type)).map((type) => [type, doubts.get(type) ?? '']));
  if (own.size === 0) return group;
  return { ...group, types: [...group.types.filter((type) => own.has(type)), ...group.types.filter((type) => !own.has(type))], ownAnswers: own };
}

/** The stem of a type's first head word (`тетрад` of `тетрадь на кольцах`), `''` when it has none. */
function readFirstHeadStem(type: ProductTypeGroup): string {
  const [first] = readProductTypeParts(type.type).head;
  return first === undefined ? '' : stemForIndex(first);
}

/** The leaf the review proposes for a type: the seller's own (marketplace products) before the classifier's. */
export function readProposedLeaf(type: ProductTypeGroup): number | undefined {
  return type.known?.leafId ?? type.classification.leafId;
}

/**
 * The stems of a type's first head word and of its purpose (`мышь` of `мышь беспроводная`; `шампунь для автомобиля` is not
 * `шампунь`), `''` when it has no head. Its first word, not its first noun (`футболка` of `мужская футболка`): by the noun, more
 * types the seller must leave out came in than rows were settled (seed 7, 50 filled cells).
 */
function readHeadStem(type: ProductTypeGroup): string {
  const { head: [first], tail } = readProductTypeParts(type.type);
  return first === undefined ? '' : [first, ...tail].map(stemForIndex).join(' ');
}

/** Whether a type may be asked in its leaf's group: the classifier's leaf at `SURE_IN_GROUP` or above (a type the seller's own products settle is never asked). */
function isSureInGroup(type: ProductTypeGroup): boolean {
  return type.classification.confidence >= SURE_IN_GROUP;
}

/**
 * The seller's group says the goods are another trade's (issue 33, classify32's phone-parts list): `Прищепка (85 мм*55 мм)` under
 * `… / Инструменты` is a repair clamp, yet the one word `прищепка` was a sure clothes peg (`Бытовая химия и гигиена /
 * Хозяйственный инвентарь / Прищепки`). The group read alone names no leaf surely (`describeGroupElsewhere` reads that case),
 * but its words are words of other top-level sections (tools: `Строительство и ремонт`) and of none of the pick's: the name's
 * reading and the seller's disagree on the trade, and the name's is no sure pick.
 */
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';
import { readBranch, readTopSection } from './file-sections.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { stemForIndex } from './stem-for-index.js';
import { NOMINATIVE_ADJECTIVE_ENDING } from './nominative-adjective.js';

/** A place of the directory a leaf lies in: its top-level section, or its branch (`readBranch`). */
type PlaceOf = (path: string) => string;

/** `build` run once per index; its result kept beside the index for every later call. */
function readOncePerIndex<T>(build: (index: ClassifierIndex) => T): (index: ClassifierIndex) => T {
  const built = new WeakMap<ClassifierIndex, T>();
  return (index) => {
    let value = built.get(index);
    if (value === undefined) built.set(index, (value = build(index)));
    return value;
  };
}

/** Adds `value` to the set of `key`. */
function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  map.set(key, (map.get(key) ?? new Set<string>()).add(value));
}

/** Each stem of the leaves' names (heads and purposes) and paths → the places (sections, branches) whose leaves hold it. */
function collectPlacesOfStem(index: ClassifierIndex, placeOf: PlaceOf): Map<string, Set<string>> {
  const places = new Map<string, Set<string>>();
  for (const leaf of index.leaves) {
    const place = placeOf(leaf.path);
    for (const stem of [...leaf.ancestorStems, ...leaf.names.flatMap((name) => [...name.head, ...name.purpose])]) addTo(places, stem, place);
  }
  return places;
}

/** Each place → the stems of its leaves (`collectPlacesOfStem` turned round). */
function collectStemsOfPlace(placesOfStem: ReadonlyMap<string, ReadonlySet<string>>): Map<string, Set<string>> {
  const stems = new Map<string, Set<string>>();
  for (const [stem, places] of placesOfStem) for (const place of places) addTo(stems, place, stem);
  return stems;
}

const readSectionsOfStem = readOncePerIndex((index) => collectPlacesOfStem(index, readTopSection));
const readBranchesOfStem = readOncePerIndex((index) => collectPlacesOfStem(index, readBranch));
const readStemsOfSection = readOncePerIndex((index) => collectStemsOfPlace(readSectionsOfStem(index)));
const readStemsOfBranch = readOncePerIndex((index) => collectStemsOfPlace(readBranchesOfStem(index)));

// A stem of this many sections or more is a word of every trade (`аксессуар`, `защит`): it tells no trade.
const MANY_SECTIONS = 4;
// A stem this long that opens or ends a stem of the leaf's section is that word's (`грунт` of `грунтовк`, `инструмент` of `электроинструмент`).
const MIN_PART = 5;

/** Whether a stem is, opens or ends a stem of the given ones. */
function isPartOf(stem: string, stems: ReadonlySet<string>): boolean {
  if (stems.has(stem)) return true;
  if (stem.length < MIN_PART) return false;
  for (const known of stems) if (known.startsWith(stem) || known.endsWith(stem)) return true;
  return false;
}

/**
 * The section other than the leaf's that the stems (the seller's last group read as a type; a purpose after a quoted name,
 * `purpose-after-quote.ts`) name (by `naming`, every word of the leaves and paths by default), where none of them is a word of the leaf's own section; undefined where one is, or where they
 * name no section at all (a brand, a word of the seller's own) or only as a word of every trade does.
 */
export function findWordsOfOtherSection(index: ClassifierIndex, leaf: IndexedLeaf, groupStems: readonly string[], naming?: ReadonlyMap<string, ReadonlySet<string>>): string | undefined {
  const own = readStemsOfSection(index).get(readTopSection(leaf.path)) ?? new Set<string>();
  return findOtherPlace(index, groupStems, own, naming ?? readSectionsOfStem(index));
}

/**
 * The first place (a section, a branch) a stem names by `named` where no stem is a word of the leaf's own place (`own`); a stem
 * of as many sections as a word of every trade (`аксессуар`) names none.
 */
function findOtherPlace(index: ClassifierIndex, stems: readonly string[], own: ReadonlySet<string>, named: ReadonlyMap<string, ReadonlySet<string>>): string | undefined {
  const sections = readSectionsOfStem(index);
  let other: string | undefined;
  for (const stem of stems) {
    if (isPartOf(stem, own)) return undefined;
    const places = named.get(stem);
    if (places !== undefined && (sections.get(stem)?.size ?? 0) < MANY_SECTIONS) other ??= [...places][0];
  }
  return other;
}

// Shorter words of a section's title are its joints (`и`), no goods.
const MIN_TITLE_WORD = 3;

/**
 * Each stem of a noun heading a leaf's name, or of a section's or its branches' titles (`Сантехника`; `Аксессуары`, a section of
 * the original directory: a paint shop's coveralls under it are no children's overalls) → the sections of those leaves, read once
 * per index: the goods a seller's group can name. Not an adjective of a head (`чёрный` of `Чай чёрный` would read the supplier
 * group `Чернов` as tea), nor a purpose (`Ракетки для большого тенниса` would read `Большой ассортимент` as sport).
 */
const readHeadNounSections = readOncePerIndex((index) => {
  const named = new Map<string, Set<string>>();
  for (const leaf of index.leaves) {
    const section = readTopSection(leaf.path);
    const titles = leaf.path.split(' / ').slice(0, 2).join(' ');
    for (const word of tokenizeForMatch(titles)) if (word.length >= MIN_TITLE_WORD && !NOMINATIVE_ADJECTIVE_ENDING.test(word)) addTo(named, stemForIndex(word), section);
    for (const name of leaf.names) {
      for (const word of tokenizeForMatch(name.text)) {
        if (NOMINATIVE_ADJECTIVE_ENDING.test(word)) continue;
        const stem = stemForIndex(word);
        if (name.head.includes(stem)) addTo(named, stem, section);
      }
    }
  }
  return named;
});

// A shop's gift shelf (`Подарки`, `Подарочные наборы`, `Сувениры`) holds goods of every trade, whatever section the directory files gifts under.
const GIFT_STEMS = new Set(['подарк', 'подарочн', 'сувенир']);

/**
 * The section other than the leaf's whose goods the seller's group names (`Прищепка` under `… / Инструменты`): its stems head
 * leaves' names there as nouns, and none is a word of the leaf's section (`findWordsOfOtherSection`).
 */
export function findGroupOfOtherSection(index: ClassifierIndex, leaf: IndexedLeaf, groupStems: readonly string[]): string | undefined {
  return findWordsOfOtherSection(index, leaf, groupStems.filter((stem) => !GIFT_STEMS.has(stem)), readHeadNounSections(index));
}

/** A seller's group above the one read as the type, as stems: the goods it names, and what for (the words after `для`). */
export interface UpperGroup {
  goods: readonly string[];
  purpose: readonly string[];
}

const FOR = new Set(['для', 'д']);

/** A seller's upper group as stems: the words before its first `для` (`д/`) are its goods, those after its purpose. */
export function readUpperGroup(group: string): UpperGroup {
  const words = tokenizeForMatch(group);
  const at = words.findIndex((word) => FOR.has(word));
  const stems = words.filter((word) => !FOR.has(word)).map(stemForIndex);
  return at < 0 ? { goods: stems, purpose: [] } : { goods: stems.slice(0, at), purpose: stems.slice(at) };
}

/**
 * Each stem heading a leaf's name with no purpose → the branches of those leaves, read once per index: the goods a word names
 * alone, not its sections' titles, nor the kind a purpose makes of it (`Мойки воздуха` names no sink).
 */
const readHeadBranches = readOncePerIndex((index) => {
  const branches = new Map<string, Set<string>>();
  for (const leaf of index.leaves) {
    const branch = readBranch(leaf.path);
    for (const name of leaf.names) if (name.purpose.length === 0) for (const stem of name.head) addTo(branches, stem, branch);
  }
  return branches;
});

/**
 * A branch other than the leaf's that a seller's upper group names (santech: `Фитинги` of `Фитинги / Удлинитель` against
 * `Электрика / Удлинители`): the goods it names head leaves of another branch, and none of its words is the leaf's branch's.
 * Where its goods are the leaf's branch's (`Мебель` of `Мебель для ванной комнаты / Тумба` beside TV stands), its purpose may
 * still name another branch, by a leaf's head or a branch's title (`ванн`), and none of the leaf's. Undefined where no group does.
 */
export function findUpperGroupOfOtherBranch(index: ClassifierIndex, leaf: IndexedLeaf, groups: readonly UpperGroup[]): string | undefined {
  const own = readStemsOfBranch(index).get(readBranch(leaf.path)) ?? new Set<string>();
  for (const group of groups) {
    const byGoods = findOtherPlace(index, group.goods, own, readHeadBranches(index));
    const other = byGoods ?? (group.goods.some((stem) => isPartOf(stem, own)) ? findOtherPlace(index, group.purpose, own, readBranchesOfStem(index)) : undefined);
    if (other !== undefined) return other;
  }
  return undefined;
}

/** Each branch → the purpose stems of its leaves' names (`ванн` of `Мебель для ванной`), read once per index. */
const readBranchPurposes = readOncePerIndex((index) => {
  const purposes = new Map<string, Set<string>>();
  for (const leaf of index.leaves) {
    const branch = readBranch(leaf.path);
    for (const name of leaf.names) for (const stem of name.purpose) addTo(purposes, branch, stem);
  }
  return purposes;
});

/**
 * A purpose of a seller's upper group that another leaf of the pick's branch is for, where the pick is for a purpose of its own
 * (santech: `Мебель для ванной комнаты / Тумба` against `Тумбы под ТВ`, beside `Мебель для ванной`): the stem, or undefined.
 * The caller asks only where neither the name nor the seller says the leaf's own purpose.
 */
export function findUpperGroupPurposeOfSibling(index: ClassifierIndex, leaf: IndexedLeaf, leafPurpose: readonly string[], groups: readonly UpperGroup[]): string | undefined {
  const purposes = readBranchPurposes(index).get(readBranch(leaf.path));
  if (purposes === undefined) return undefined;
  for (const group of groups) for (const stem of group.purpose) if (!leafPurpose.includes(stem) && purposes.has(stem)) return stem;
  return undefined;
}

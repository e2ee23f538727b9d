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

const placesOfStem = new Map<PlaceOf, WeakMap<ClassifierIndex, Map<string, Set<string>>>>();

/** Each stem of the leaves' names (heads and purposes) and paths → the places (sections, branches) whose leaves hold it, read once per index. */
function readPlacesOfStem(index: ClassifierIndex, placeOf: PlaceOf): Map<string, Set<string>> {
  let byIndex = placesOfStem.get(placeOf);
  if (byIndex === undefined) placesOfStem.set(placeOf, (byIndex = new WeakMap()));
  let places = byIndex.get(index);
  if (places === undefined) {
    places = new Map();
    for (const leaf of index.leaves) {
      const place = placeOf(leaf.path);
      const stems = [...leaf.ancestorStems, ...leaf.names.flatMap((name) => [...name.head, ...name.purpose])];
      for (const stem of stems) places.set(stem, (places.get(stem) ?? new Set<string>()).add(place));
    }
    byIndex.set(index, places);
  }
  return places;
}

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

const stemsOfPlace = new Map<PlaceOf, WeakMap<ClassifierIndex, Map<string, Set<string>>>>();

/** The stems of one place's leaves (a section's, a branch's), read once per index. */
function readStemsOfPlace(index: ClassifierIndex, placeOf: PlaceOf, place: string): ReadonlySet<string> {
  let byIndex = stemsOfPlace.get(placeOf);
  if (byIndex === undefined) stemsOfPlace.set(placeOf, (byIndex = new WeakMap()));
  let stems = byIndex.get(index);
  if (stems === undefined) {
    stems = new Map();
    for (const [stem, places] of readPlacesOfStem(index, placeOf)) for (const each of places) stems.set(each, (stems.get(each) ?? new Set<string>()).add(stem));
    byIndex.set(index, stems);
  }
  return stems.get(place) ?? new Set();
}

/**
 * The section other than the leaf's that the stems (the seller's last group read as a type; a purpose after a quoted name,
 * `purpose-after-quote.ts`) name (by `naming`, every word of the leaves and paths by default), where none of them is a word of the leaf's own section; undefined where one is, or where they
 * name no section at all (a brand, a word of the seller's own) or only as a word of every trade does.
 */
export function findWordsOfOtherSection(index: ClassifierIndex, leaf: IndexedLeaf, groupStems: readonly string[], naming?: ReadonlyMap<string, ReadonlySet<string>>): string | undefined {
  const sections = readPlacesOfStem(index, readTopSection);
  const own = readStemsOfPlace(index, readTopSection, readTopSection(leaf.path));
  let other: string | undefined;
  for (const stem of groupStems) {
    if (isPartOf(stem, own)) return undefined;
    const named = (naming ?? sections).get(stem);
    if (named !== undefined && (sections.get(stem)?.size ?? 0) < MANY_SECTIONS) other ??= [...named][0];
  }
  return other;
}

// Shorter words of a section's title are its joints (`и`), no goods.
const MIN_TITLE_WORD = 3;
const headNounSectionsOfStem = new WeakMap<ClassifierIndex, Map<string, Set<string>>>();

/**
 * Each stem of a noun heading a leaf's name, or of a section's or its branches' titles (`Сантехника`; `Аксессуары`, a section of
 * the original directory: a paint shop's coveralls under it are no children's overalls) → the sections of those leaves, read once
 * per index: the goods a seller's group can name. Not an adjective of a head (`чёрный` of `Чай чёрный` would read the supplier
 * group `Чернов` as tea), nor a purpose (`Ракетки для большого тенниса` would read `Большой ассортимент` as sport).
 */
function readHeadNounSections(index: ClassifierIndex): Map<string, Set<string>> {
  let sections = headNounSectionsOfStem.get(index);
  if (sections === undefined) {
    const named = (sections = new Map<string, Set<string>>());
    const add = (stem: string, section: string): void => void named.set(stem, (named.get(stem) ?? new Set<string>()).add(section));
    for (const leaf of index.leaves) {
      const section = readTopSection(leaf.path);
      const titles = leaf.path.split(' / ').slice(0, 2).join(' ');
      for (const word of tokenizeForMatch(titles)) if (word.length >= MIN_TITLE_WORD && !NOMINATIVE_ADJECTIVE_ENDING.test(word)) add(stemForIndex(word), section);
      for (const name of leaf.names) {
        for (const word of tokenizeForMatch(name.text)) {
          if (NOMINATIVE_ADJECTIVE_ENDING.test(word)) continue;
          const stem = stemForIndex(word);
          if (name.head.includes(stem)) add(stem, section);
        }
      }
    }
    headNounSectionsOfStem.set(index, sections);
  }
  return sections;
}

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

const headBranchesOfStem = new WeakMap<ClassifierIndex, Map<string, Set<string>>>();

/**
 * Each stem heading a leaf's name with no purpose → the branches of those leaves, read once per index: the goods a word names
 * alone, not its sections' titles, nor the kind a purpose makes of it (`Мойки воздуха` names no sink).
 */
function readHeadBranches(index: ClassifierIndex): Map<string, Set<string>> {
  let branches = headBranchesOfStem.get(index);
  if (branches === undefined) {
    branches = new Map();
    for (const leaf of index.leaves) {
      const branch = readBranch(leaf.path);
      for (const name of leaf.names) if (name.purpose.length === 0) for (const stem of name.head) branches.set(stem, (branches.get(stem) ?? new Set<string>()).add(branch));
    }
    headBranchesOfStem.set(index, branches);
  }
  return branches;
}

/**
 * The first branch a stem names that is not the leaf's (by `named`), where no stem is the leaf's branch's; a stem of as many
 * sections as a word of every trade (`аксессуар`) names none.
 */
function findOtherBranch(index: ClassifierIndex, stems: readonly string[], own: ReadonlySet<string>, named: ReadonlyMap<string, ReadonlySet<string>>): string | undefined {
  const sections = readPlacesOfStem(index, readTopSection);
  let other: string | undefined;
  for (const stem of stems) {
    if (isPartOf(stem, own)) return undefined;
    const branches = named.get(stem);
    if (branches !== undefined && (sections.get(stem)?.size ?? 0) < MANY_SECTIONS) other ??= [...branches][0];
  }
  return other;
}

/**
 * A branch other than the leaf's that a seller's upper group names (santech: `Фитинги` of `Фитинги / Удлинитель` against
 * `Электрика / Удлинители`): the goods it names head leaves of another branch, and none of its words is the leaf's branch's.
 * Where its goods are the leaf's branch's (`Мебель` of `Мебель для ванной комнаты / Тумба` beside TV stands), its purpose may
 * still name another branch, by a leaf's head or a branch's title (`ванн`), and none of the leaf's. Undefined where no group does.
 */
export function findUpperGroupOfOtherBranch(index: ClassifierIndex, leaf: IndexedLeaf, groups: readonly UpperGroup[]): string | undefined {
  const own = readStemsOfPlace(index, readBranch, readBranch(leaf.path));
  for (const group of groups) {
    const byGoods = findOtherBranch(index, group.goods, own, readHeadBranches(index));
    const other = byGoods ?? (group.goods.some((stem) => isPartOf(stem, own)) ? findOtherBranch(index, group.purpose, own, readPlacesOfStem(index, readBranch)) : undefined);
    if (other !== undefined) return other;
  }
  return undefined;
}

const purposesOfBranch = new WeakMap<ClassifierIndex, Map<string, Set<string>>>();

/** Each branch → the purpose stems of its leaves' names (`ванн` of `Мебель для ванной`), read once per index. */
function readBranchPurposes(index: ClassifierIndex): Map<string, Set<string>> {
  let purposes = purposesOfBranch.get(index);
  if (purposes === undefined) {
    purposes = new Map();
    for (const leaf of index.leaves) {
      const branch = readBranch(leaf.path);
      for (const name of leaf.names) for (const stem of name.purpose) purposes.set(branch, (purposes.get(branch) ?? new Set<string>()).add(stem));
    }
    purposesOfBranch.set(index, purposes);
  }
  return purposes;
}

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

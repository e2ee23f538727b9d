/**
 * The words a top-level section names its goods by (`автомобильный` of `Автотовары`: `Автомобильные держатели`, `Автомобильные
 * пылесосы`, `Предохранители автомобильные` …), read from the directory's leaf names: a word most leaves saying it are of one
 * section, and several are. A type word the best leaf does not explain that is such a word of another section says the goods
 * may be that section's where that section has goods of the type's noun too (`Лампа светодиодная автомобильная` against
 * `Дом и сад / Освещение / Светодиодные лампы`, beside `Автотовары / … / Автолампы`): the proposal is then no line a group's
 * one `yes` takes, however sure the leaf is of the rest of the name.
 */
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';
import { readTopSection } from './file-sections.js';
import { stemForIndex } from './stem-for-index.js';

// Words a leaf name says that name no goods and no trade (`жаңа`, new, of `жаңа туған`, newborn): a section whose leaves happen
// to say one is not the goods of every name that says it (`Варежки жаңа`, `Топ спортивный жаңа`), so such a word is never a
// section's word. Written as names write them, stemmed as leaf names are.
const NOTE_STEMS: ReadonlySet<string> = new Set(['жаңа'].map((word) => stemForIndex(word)));


/**
 * The fewest leaves of a section whose names say a word for it to be the section's word: one or two may be a leaf that
 * happens to say it (`Уличные светильники`), three name a kind of goods the section sorts by it.
 */
const FEWEST_SECTION_LEAVES = 3;

/** The least share of the leaves saying a word that one section must hold: a word of many sections is no section's. */
const SECTION_WORD_SHARE = 0.8;

/**
 * The shortest stem read as a section's word, or as the end of a compound: a shorter one (`тел`, `ет`) is as often the stem,
 * or the ending, of an unrelated word (`жилет`).
 */
const SHORTEST_SECTION_STEM = 4;

/** An unexplained word and the other section it names goods of. */
export interface SectionWord {
  word: string;
  section: string;
}

const sectionsByStem = new WeakMap<ClassifierIndex, Map<string, string>>();

/** The stems of a leaf's own names (heads and purposes, both languages). */
function readNameStems(leaf: IndexedLeaf): Set<string> {
  return new Set(leaf.names.flatMap((name) => [...name.head, ...name.purpose]));
}

/** Every section word of the directory (stem → its top-level section), read once per index. */
function readSectionWords(index: ClassifierIndex): Map<string, string> {
  const known = sectionsByStem.get(index);
  if (known !== undefined) return known;
  const counts = new Map<string, Map<string, number>>();
  for (const leaf of index.leaves) {
    const section = readTopSection(leaf.path);
    for (const stem of readNameStems(leaf)) {
      const bySection = counts.get(stem) ?? new Map<string, number>();
      bySection.set(section, (bySection.get(section) ?? 0) + 1);
      counts.set(stem, bySection);
    }
  }
  const words = new Map<string, string>();
  for (const [stem, bySection] of counts) {
    const total = [...bySection.values()].reduce((sum, count) => sum + count, 0);
    const [section, most] = [...bySection].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    if (Array.from(stem).length >= SHORTEST_SECTION_STEM && most >= FEWEST_SECTION_LEAVES && most >= SECTION_WORD_SHARE * total && !NOTE_STEMS.has(stem)) words.set(stem, section);
  }
  sectionsByStem.set(index, words);
  return words;
}

const leavesBySection = new WeakMap<ClassifierIndex, Map<string, IndexedLeaf[]>>();

/** The leaves of one top-level section, read once per index. */
function readSectionLeaves(index: ClassifierIndex, section: string): readonly IndexedLeaf[] {
  let bySection = leavesBySection.get(index);
  if (bySection === undefined) {
    bySection = new Map();
    for (const leaf of index.leaves) bySection.set(readTopSection(leaf.path), [...(bySection.get(readTopSection(leaf.path)) ?? []), leaf]);
    leavesBySection.set(index, bySection);
  }
  return bySection.get(section) ?? [];
}

/** Whether a leaf of the section is named by one of the nouns, whole or as the end of a compound (`Автолампы` of `ламп`). */
function sectionHasGoods(index: ClassifierIndex, section: string, nouns: readonly string[]): boolean {
  const named = (head: string): boolean => nouns.some((noun) => head === noun || (noun.length >= SHORTEST_SECTION_STEM && head.length > noun.length && head.endsWith(noun)));
  return readSectionLeaves(index, section).some((leaf) => leaf.names.some((name) => name.head.some(named)));
}

/**
 * The first of `unexplained` (type words as written, which the best leaf does not explain) that names the goods of another
 * top-level section than the best leaf's, with that section, where the section has goods of the type's own nouns (`nouns`,
 * stems the best leaf's name holds): a twin of the proposal there (`Автолампы`). A section word of a section without such goods
 * (`казахский` of books, for `Казахский браслет`) says a style or a use, no other place of the goods.
 */
export function findSectionWord(index: ClassifierIndex, unexplained: readonly string[], best: IndexedLeaf, nouns: readonly string[], opensSection?: (word: string) => string | undefined): SectionWord | undefined {
  const words = readSectionWords(index);
  const own = readTopSection(best.path);
  for (const word of unexplained) {
    // A word of the rest of the name may also name a section by opening its name (`авто` of `для авто`: `Автотовары`).
    const section = words.get(stemForIndex(word)) ?? opensSection?.(word);
    if (section !== undefined && section !== own && sectionHasGoods(index, section, nouns)) return { word, section };
  }
  return undefined;
}

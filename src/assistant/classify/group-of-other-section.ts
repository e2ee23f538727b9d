/**
 * The seller's group says the goods are another trade's (issue 33, classify32's phone-parts list): `Прищепка (85 мм*55 мм)` under
 * `… / Инструменты` is a repair clamp, yet the one word `прищепка` was a sure clothes peg (`Бытовая химия и гигиена /
 * Хозяйственный инвентарь / Прищепки`). The group read alone names no leaf surely (`describeGroupElsewhere` reads that case),
 * but its words are words of other top-level sections (tools: `Строительство и ремонт`) and of none of the pick's: the name's
 * reading and the seller's disagree on the trade, and the name's is no sure pick.
 */
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';
import { readTopSection } from './file-sections.js';

const sectionsOfStem = new WeakMap<ClassifierIndex, Map<string, Set<string>>>();

/** Each stem of the leaves' names (heads and purposes) and paths → the top-level sections whose leaves hold it, read once per index. */
function readSectionsOfStem(index: ClassifierIndex): Map<string, Set<string>> {
  let sections = sectionsOfStem.get(index);
  if (sections === undefined) {
    sections = new Map();
    for (const leaf of index.leaves) {
      const section = readTopSection(leaf.path);
      const stems = [...leaf.ancestorStems, ...leaf.names.flatMap((name) => [...name.head, ...name.purpose])];
      for (const stem of stems) sections.set(stem, (sections.get(stem) ?? new Set<string>()).add(section));
    }
    sectionsOfStem.set(index, sections);
  }
  return sections;
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

const stemsOfSection = new WeakMap<ClassifierIndex, Map<string, Set<string>>>();

/** The stems of one top-level section's leaves, read once per index. */
function readStemsOfSection(index: ClassifierIndex, section: string): ReadonlySet<string> {
  let stems = stemsOfSection.get(index);
  if (stems === undefined) {
    stems = new Map();
    for (const [stem, sections] of readSectionsOfStem(index)) for (const each of sections) stems.set(each, (stems.get(each) ?? new Set<string>()).add(stem));
    stemsOfSection.set(index, stems);
  }
  return stems.get(section) ?? new Set();
}

/**
 * The section other than the leaf's that the stems (the seller's last group read as a type; a purpose after a quoted name,
 * `purpose-after-quote.ts`) name, where none of them is a word of the leaf's own section; undefined where one is, or where they
 * name no section at all (a brand, a word of the seller's own) or only as a word of every trade does.
 */
export function findWordsOfOtherSection(index: ClassifierIndex, leaf: IndexedLeaf, groupStems: readonly string[]): string | undefined {
  const sections = readSectionsOfStem(index);
  const own = readStemsOfSection(index, readTopSection(leaf.path));
  let other: string | undefined;
  for (const stem of groupStems) {
    if (isPartOf(stem, own)) return undefined;
    const named = sections.get(stem);
    if (named !== undefined && named.size < MANY_SECTIONS) other ??= [...named][0];
  }
  return other;
}

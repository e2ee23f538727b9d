/**
 * The file's own sections (`classify.sections`, issue 33): a seller's file is usually of one trade or
 * a few, and in such a file a name's head noun that is a leaf's name far away is often another sense
 * (`Свечи` in an auto-parts list are spark plugs, not the decor candles of the original directory;
 * `Скобы для степлера` in a stationery list are office staples, not construction ones). With the
 * sections set, a pick outside them is never sure: the name is a question saying so. The sections are
 * read from where the classifier's sure rows of the file lie (`readFileSections`), by `mapping review`,
 * whose `--apply` writes them into the mapping; a file of many trades gets none. The rule reads only a
 * finished pick's leaf path, so the review applies it to the picks it made without the sections
 * (`ask-groups-outside-file-sections.ts`) instead of classifying the names again.
 */
import { tokenizeForMatch } from '../normalize-for-match.js';
import { isDerivedStem } from '../read-word-forms.js';
import { isCatchAllText } from './catch-all-words.js';
import type { Classification } from './classifier-types.js';
import { stemForIndex } from './stem-for-index.js';

/** The sections a file's goods belong to: directory paths of top-level sections or groups, as the directory writes them. */
export interface FileSections {
  paths: readonly string[];
}

/** What the sure rows of a file say of its sections. */
export interface FileSectionsReading {
  /** The sections, the most sure rows first. */
  sections: { path: string; sureRows: number }[];
  /** The other sections sure rows lie in, the most first: the seller may add one (sheet `Sections`). */
  outside: { path: string; sureRows: number }[];
  /** Rows the classifier placed without asking. */
  sureRows: number;
  /** Rows read. */
  rows: number;
}

// Measured on price lists of one or two trades (auto parts, building, kids + stationery: 96.8–99.8 % of sure rows in ≤ 2
// sections) against mixed lists (our generated 2,000-row list: 67–73 % in its top 3; a pharmacy + cosmetics list: 91 %,
// its fourth and fifth sections right picks): at most 3 sections holding 95 % of the sure rows, read from 30 at least.
/** The most sections a file is read as being of. */
const MOST_FILE_SECTIONS = 3;
/** The share of the sure rows those sections must hold. */
const FILE_SECTIONS_SHARE = 0.95;
/** The fewest sure rows to judge by. */
export const FEWEST_SURE_ROWS = 30;

const PATH_SEPARATOR = ' / ';

/** The top-level section of a leaf path (`Автотовары` of `Автотовары / Двигатель / Свечи зажигания`). */
export function readTopSection(path: string): string {
  // Read for every ranked leaf of every name: the first level is cut off, the path never split.
  const end = path.indexOf(PATH_SEPARATOR);
  return end < 0 ? path : path.slice(0, end);
}

/** The path of a leaf's parent, its branch (`Одежда / Женская одежда` of `Одежда / Женская одежда / Платья`); empty for a top-level path. */
export function readParentPath(path: string): string {
  return path.slice(0, Math.max(0, path.lastIndexOf(PATH_SEPARATOR)));
}

/**
 * The branch of a leaf path as the directory means it: its parent's levels without an overflow group's note (`Дом и сад /
 * Освещение` of both `Дом и сад / Освещение / Светильники` and `Дом и сад / Освещение: дополнительно / Бра`).
 */
export function readBranch(path: string): string {
  return readParentPath(path).split(PATH_SEPARATOR).map(cutOverflowNote).join(PATH_SEPARATOR);
}

/** A level without the note after `:` that names an overflow group (`Кемпинг: дополнительно`, more camping goods). */
function cutOverflowNote(level: string): string {
  return level.split(':')[0] ?? '';
}

/** Whether a leaf path lies inside one of the sections. */
export function isInFileSections(sections: FileSections, path: string): boolean {
  return sections.paths.some((section) => path === section || path.startsWith(`${section}${PATH_SEPARATOR}`));
}

/** The sections in plain words, for a doubt or a comment: `Автотовары; Канцелярские товары`. */
function describeFileSections(sections: FileSections): string {
  return sections.paths.join('; ');
}

/**
 * The hook of the classifier and the label matcher: a sure pick outside the file's sections becomes a
 * question with the doubt naming them. So does an unsure one whose only doubt is words the leaf does not explain (`heldBy`):
 * outside the file's trade, such a word is more often what makes the goods the trade's own (`Стул складной` of a fishing
 * shop is camping furniture, not `Мебель / Стулья`; `Кружка туристическая`, `Сапоги ЭВА`), so the doubt names the sections and
 * no group's one `yes` takes the pick; its words stay held (sheet Words is read from the names without the sections, and a
 * word confirmed there makes the pick sure, which the sections then ask). A pick inside them, and every other unsure one, is
 * left as it is.
 */
export function askOutsideFileSections(result: Classification, sections: FileSections | undefined): Classification {
  if (sections === undefined || !(result.confident || result.heldBy !== undefined) || !isOutsideFileSections(sections, result.path)) return result;
  // Measured and not kept: taking instead the one candidate inside the sections. It placed office staples right in a
  // stationery list, but car phone holders in the phone holders and construction heat guns in the hair dryers of a gadget
  // shop's list (12 rows, sure and wrong): a goods' other sense inside the file's sections is no better evidence.
  if (!result.confident) return { ...result, doubt: describeOutsideDoubt(sections) };
  const { heldBy: _heldBy, ...rest } = result;
  return { ...rest, confident: false, doubt: describeOutsideDoubt(sections) };
}

/** Whether a sure pick in the leaf path is asked by the sections (`askOutsideFileSections`): a pick of no leaf never is. */
export function isOutsideFileSections(sections: FileSections, path: string | undefined): boolean {
  return path !== undefined && !isInFileSections(sections, path);
}

/** The doubt of a pick outside the sections. */
export function describeOutsideDoubt(sections: FileSections): string {
  return `outside the file's sections (${describeFileSections(sections)})`;
}

/**
 * Reads a file's sections from the top-level sections of its sure rows: the fewest (at most
 * `MOST_FILE_SECTIONS`) holding `FILE_SECTIONS_SHARE` of them, when there are enough to judge;
 * undefined for a file of many trades or too few sure rows. A section of `oneLeaf` (`readOneLeafSections`) is no trade of
 * the file, whatever its rows: it is never one of the sections, and its rows do not count in the share.
 */
export function readFileSections(sureBySection: ReadonlyMap<string, number>, rows: number, oneLeaf: ReadonlySet<string> = new Set()): FileSectionsReading | undefined {
  const sureRows = [...sureBySection.values()].reduce((sum, count) => sum + count, 0);
  const judged = [...sureBySection].reduce((sum, [path, count]) => sum + (oneLeaf.has(path) ? 0 : count), 0);
  if (judged < FEWEST_SURE_ROWS) return undefined;
  const sorted = [...sureBySection.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const sections: { path: string; sureRows: number }[] = [];
  let held = 0;
  for (const [path, count] of sorted) {
    if (held >= FILE_SECTIONS_SHARE * judged) break;
    if (oneLeaf.has(path)) continue;
    sections.push({ path, sureRows: count });
    held += count;
  }
  if (sections.length > MOST_FILE_SECTIONS) return undefined;
  const chosen = new Set(sections.map((section) => section.path));
  return { sections, outside: sorted.filter(([path]) => !chosen.has(path)).map(([path, count]) => ({ path, sureRows: count })), sureRows, rows };
}

/**
 * The top-level sections the sure rows reach through one leaf only (`Строительство и ремонт` through `Рулетки` alone in a pet
 * shop's list of retractable leashes, `Рулетка 5м`): one word's other sense, the twin of the file's own goods, not a trade
 * the file is of. A section the file sells from has goods of two leaves at least.
 */
export function readOneLeafSections(sureByLeafPath: ReadonlyMap<string, number>): Set<string> {
  const leaves = new Map<string, number>();
  for (const path of sureByLeafPath.keys()) leaves.set(readTopSection(path), (leaves.get(readTopSection(path)) ?? 0) + 1);
  return new Set([...leaves].filter(([, count]) => count === 1).map(([section]) => section));
}

/**
 * The fewest leaves a section's sure rows reach for it to be a trade of the file by their number alone (measured on probe 19's
 * Korean/Japanese importer, whose foods reach seven leaves, and probe 21's bike shop, whose car homonyms reach five).
 */
const FEWEST_TRADE_LEAVES = 6;
// A shorter stem (`для`, `и`) is a word of every path, no kinship.
const SHORTEST_KIN_STEM = 4;

/**
 * The top-level sections that are no trade of the file (`readFileSections`' `oneLeaf`): those reached through one leaf
 * (`readOneLeafSections`), and, among the sections of a file read as of a few, one other than the main (the most sure rows)
 * whose sure rows reach fewer than `FEWEST_TRADE_LEAVES` leaves, scattered over it (`isScattered`), none of whose levels below
 * the section shares a word (`isDerivedStem`: `Автомобильные зарядные устройства` and `Беспроводные зарядки`) with the levels
 * of the other sections' sure leaves: words' other senses, not goods the file sells.
 * A bicycle shop's `Крылья`, `АКБ` and `Тормозные колодки` sure in `Автотовары / Кузов и оптика / Капоты и крылья`, `… /
 * Аксессуары для авто / Аккумуляторы`, `… / Тормозная система / Тормозные колодки` are words' other senses, unrelated to its
 * `Велосипеды и самокаты`, `Ролики и скейтборды`; its tricycles in `Детские товары / Прогулки и поездки / Велосипеды
 * трёхколёсные` are kin to them, a gadget shop's car vacuum cleaners to its `Пылесосы`, and a beauty shop's pads and tampons,
 * both in `Бытовая химия и гигиена / Личная гигиена`, are one kind of goods it sells. A file of many trades stays one (no
 * sections are made by dropping some).
 */
export function readNoTradeSections(sureByLeafPath: ReadonlyMap<string, number>): Set<string> {
  const oneLeaf = readOneLeafSections(sureByLeafPath);
  const reading = readFileSections(countByTopSection(sureByLeafPath), 0, oneLeaf);
  if (reading === undefined || reading.sections.length < 2) return oneLeaf;
  const leaves = new Map<string, string[]>();
  for (const path of sureByLeafPath.keys()) leaves.set(readTopSection(path), [...(leaves.get(readTopSection(path)) ?? []), path]);
  const wordsOf = new Map(reading.sections.map(({ path }) => [path, new Set((leaves.get(path) ?? []).flatMap(readLevelStems))] as const));
  const noTrade = new Set(oneLeaf);
  // The main section (the most sure rows) is the file's trade whatever its leaves.
  for (const { path: section } of reading.sections.slice(1)) {
    const paths = leaves.get(section) ?? [];
    if (paths.length >= FEWEST_TRADE_LEAVES || !isScattered(paths)) continue;
    const own = wordsOf.get(section) ?? new Set<string>();
    const kin = [...wordsOf].some(([other, words]) => other !== section && [...own].some((stem) => [...words].some((word) => isDerivedStem(stem, word))));
    if (!kin) noTrade.add(section);
  }
  return noTrade;
}

/**
 * Whether the leaf paths are scattered over their section: on average fewer than two leaves to a group (the parent level), as
 * words' other senses fall (`Капоты и крылья`, `Задние фонари`; `Аккумуляторы`; `Тормозные колодки`), where the goods of a
 * trade the file sells gather in a few groups.
 */
function isScattered(paths: readonly string[]): boolean {
  const groups = new Set(paths.map((path) => path.split(PATH_SEPARATOR).slice(0, -1).join(PATH_SEPARATOR)));
  return groups.size * 2 > paths.length;
}

/**
 * The stems of a leaf path's levels below its top-level section that name goods: a level's words after `:` (`Кемпинг:
 * дополнительно`, the overflow group of camping goods) and words of no kind (`товары`, `прочее`) are no kinship.
 */
function readLevelStems(path: string): string[] {
  const levels = path.split(PATH_SEPARATOR).slice(1).map(cutOverflowNote);
  return tokenizeForMatch(levels.join(' '))
    .filter((word) => !isCatchAllText(word))
    .map(stemForIndex)
    .filter((stem) => stem.length >= SHORTEST_KIN_STEM);
}

/** The sure rows by top-level section (`readFileSections` reads them so), from the sure rows by leaf path. */
export function countByTopSection(sureByLeafPath: ReadonlyMap<string, number>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [path, count] of sureByLeafPath) counts.set(readTopSection(path), (counts.get(readTopSection(path)) ?? 0) + count);
  return counts;
}

/**
 * What the sure rows of a file say of sections a mapping sets already: the rows each holds, and the other top-level
 * sections the rest lie in (offered on sheet `Sections`, as for sections read from the file).
 */
export function describeSetFileSections(sections: FileSections, sureByLeafPath: ReadonlyMap<string, number>, rows: number): FileSectionsReading {
  const outsidePaths = new Map([...sureByLeafPath].filter(([path]) => !isInFileSections(sections, path)));
  const held = (section: string): number => [...sureByLeafPath].reduce((total, [path, count]) => total + (isInFileSections({ paths: [section] }, path) ? count : 0), 0);
  return {
    sections: sections.paths.map((path) => ({ path, sureRows: held(path) })),
    outside: [...countByTopSection(outsidePaths)].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([path, count]) => ({ path, sureRows: count })),
    sureRows: [...sureByLeafPath.values()].reduce((total, count) => total + count, 0),
    rows,
  };
}

/**
 * Trial of candidate "ask instead" rules over the classifier's sure picks (issue 33, wrongs29): every row of the price lists
 * named (`read-price-list-tsv.ts`, with their groups) is classified alone, as before any answer; per candidate rule of the table,
 * how many sure picks it would turn into questions, wrong ones (taken out of the wrong accepted rows) against right ones (a
 * question more for the seller, or a row lost within the 50 answers), summed over all the lists, with examples. A rule is worth
 * writing into the classifier only where it takes out more wrong rows than right ones over the dev lists as a whole (and then
 * it is measured through the review loop, `print-review-loop.ts`). Runs the classifier alone: about two minutes for the 22 dev
 * lists, where the review loop takes half an hour. Reads the truth; decides nothing.
 * `npx tsx test/assistant/eval/trial-sure-pick-rules.ts FILE.tsv… [--examples N]`
 */
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import type { Classification, ClassifierIndex } from '../../../src/assistant/classify/classifier-types.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { isShopNotePhrase } from '../../../src/assistant/classify/shop-notes.js';
import { readParentPath, readTopSection } from '../../../src/assistant/classify/file-sections.js';
import { stemForIndex } from '../../../src/assistant/classify/stem-for-index.js';
import { tokenizeForMatch } from '../../../src/assistant/normalize-for-match.js';
import { readGroupLevels } from '../../../src/assistant/review/find-group-answer.js';
import { buildSandboxDirectories } from '../measure-matching.js';
import { readPriceListTsv } from './read-price-list-tsv.js';

/** One sure pick of a list row, with its truth, and the top-level sections of its list's sure picks per maker word. */
interface SureRow {
  list: string;
  name: string;
  truth: number | null;
  result: Classification & { leafId: number; path: string };
  makerSections: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/** A candidate rule: why it would ask about the row (for the examples), or undefined where it leaves the pick sure. */
interface CandidateRule {
  name: string;
  asks: (row: SureRow) => string | undefined;
}

// Words that open a purpose, a place or what the goods come with: the noun phrase of a name ends before them.
const FUNCTION_WORDS: ReadonlySet<string> = new Set(['для', 'с', 'со', 'в', 'во', 'на', 'под', 'от', 'из', 'и', 'без', 'по', 'к', 'до']);
const CYRILLIC_WORD = /^\p{Script=Cyrillic}{4,}$/u;
const LATIN_WORD = /^[A-Za-z]{3,}$/u;
// A maker's name as a name writes it: a capitalised Latin word of four letters or more (`Hikvision`, `MILAVITSA`, `Faber-Castell`).
const MAKER_WORD = /(?<![\p{L}\d])[A-Z][A-Za-z&'-]{3,}(?![\p{L}\d])/gu;
// The file's sure picks of a maker that say its trade: this many at least, more than half of them in one top-level section.
const MIN_MAKER_PICKS = 3;

const args = process.argv.slice(2);
const examplesAt = args.indexOf('--examples');
const examples = examplesAt < 0 ? 20 : Number(args[examplesAt + 1] ?? 20);
const lists = examplesAt < 0 ? args : [...args.slice(0, examplesAt), ...args.slice(examplesAt + 2)];
const index = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const brandNames = new Set(index.brandNames);
const leavesByOwnStem = readLeavesByOwnStem(index);

/** Per stem of a word of a leaf's own (last-level, Russian) name, the leaves whose name says it. */
function readLeavesByOwnStem(source: ClassifierIndex): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const leaf of source.leaves) {
    const words = tokenizeForMatch(leaf.path.split(' / ').at(-1) ?? '').filter((word) => word.length >= 3 && !FUNCTION_WORDS.has(word));
    for (const stem of new Set(words.map(stemForIndex))) found.set(stem, [...(found.get(stem) ?? []), leaf.path]);
  }
  return found;
}

/** The Cyrillic words of the name outside its product type (brands of the directory left out); `nounOnly`: before the first function word. */
function readWordsOutsideType(row: SureRow, nounOnly: boolean): string[] {
  const typed = new Set(tokenizeForMatch(row.result.productType).map(stemForIndex));
  const words = tokenizeForMatch(row.name);
  const end = nounOnly ? words.findIndex((word) => FUNCTION_WORDS.has(word)) : -1;
  return (end > 0 ? words.slice(0, end) : words).filter((word) => CYRILLIC_WORD.test(word) && !FUNCTION_WORDS.has(word) && !brandNames.has(word) && !typed.has(stemForIndex(word)));
}

/** A word outside the type that leaves' own names say, none of them in the pick's branch (`section`: its top-level section), nor the pick's path. */
function findWordOfOtherGoods(row: SureRow, nounOnly: boolean, level: 'branch' | 'section'): string | undefined {
  const own = new Set(tokenizeForMatch(row.result.path).map(stemForIndex));
  const sameAs = (path: string): boolean => (level === 'branch' ? readParentPath(path) === readParentPath(row.result.path) : readTopSection(path) === readTopSection(row.result.path));
  for (const word of readWordsOutsideType(row, nounOnly)) {
    const paths = leavesByOwnStem.get(stemForIndex(word));
    if (paths === undefined || own.has(stemForIndex(word)) || paths.some(sameAs)) continue;
    return `${word} → ${paths[0] ?? ''}`;
  }
  return undefined;
}

/** Another leaf whose one-word name (no purpose) is the word alone, the pick's path not saying it. */
function findOneWordLeaf(row: SureRow, word: string): string | undefined {
  const stem = stemForIndex(word);
  if (tokenizeForMatch(row.result.path).some((other) => stemForIndex(other) === stem)) return undefined;
  const at = (index.byHeadStem[stem] ?? []).find((position) => {
    const leaf = index.leaves[position];
    return leaf !== undefined && leaf.id !== row.result.leafId && leaf.names.some((name) => name.head.length === 1 && name.head[0] === stem && name.purpose.length === 0);
  });
  return at === undefined ? undefined : `${word} → ${index.leaves[at]?.path ?? ''}`;
}

/** The maker words of a name: capitalised Latin words, shop notes (`NEW`, `SALE`, `shop-notes.ts`) left out. */
function readMakerWords(name: string): string[] {
  const words = [...new Set((name.match(MAKER_WORD) ?? []).map((word) => word.toLowerCase()))];
  return words.filter((word) => !isShopNotePhrase([word]));
}

/**
 * A maker word of the name whose other sure picks in the file (three at least, more than half of them) lie in one top-level
 * section, and none but this pick in the pick's: the maker's trade says the goods are other than the pick
 * (`Видеорегистратор XVR Hikvision` beside the file's Hikvision cameras, read as a car's dashcam).
 */
function findMakerOfOtherTrade(row: SureRow): string | undefined {
  const section = readTopSection(row.result.path);
  return readMakerWords(row.name).find((word) => {
    const sections = row.makerSections.get(word);
    if (sections === undefined || (sections.get(section) ?? 0) > 1) return false;
    const [top, picks] = [...sections].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const all = [...sections.values()].reduce((total, count) => total + count, 0);
    return top !== section && picks >= MIN_MAKER_PICKS && picks * 2 > all;
  });
}

/** Per maker word of a list's sure picks, how many lie in each top-level section. */
function countMakerSections(picks: readonly { name: string; path: string }[]): Map<string, Map<string, number>> {
  const found = new Map<string, Map<string, number>>();
  for (const { name, path } of picks) {
    for (const word of readMakerWords(name)) {
      const sections = found.get(word) ?? new Map<string, number>();
      sections.set(readTopSection(path), (sections.get(readTopSection(path)) ?? 0) + 1);
      found.set(word, sections);
    }
  }
  return found;
}

/** The word as written right after the product type (`before`: or right before its head), when it is a Latin word no brand of the directory. */
function findLatinBesideType(row: SureRow, before: boolean): string | undefined {
  const typed = tokenizeForMatch(row.result.productType);
  const written = row.name.split(/[\s,()]+/u).filter((word) => word !== '');
  const at = written.findIndex((word) => tokenizeForMatch(word)[0] === typed[0]);
  if (at < 0 || typed.length === 0) return undefined;
  const beside = before ? [written[at + typed.length], written[at - 1]] : [written[at + typed.length]];
  return beside.find((word): word is string => word !== undefined && LATIN_WORD.test(word) && !brandNames.has(word.toLowerCase()));
}

/**
 * The candidates measured (wrongs29, the 22 dev lists, main 1aeeaa66: 6,270 sure picks, 219 of them wrong), each with what it
 * turned into questions (wrong / right): of the per-name ones none takes out more wrong picks than right ones; the file's makers
 * only just do.
 */
const CANDIDATE_RULES: readonly CandidateRule[] = [
  // 27 / 454: colours (`черный` → `Чай чёрный`), materials, parts (`корпус`, `ручка`) name leaves of other sections.
  { name: 'a word of the noun phrase names only goods of other sections', asks: (row) => findWordOfOtherGoods(row, true, 'section') },
  // 28 / 551.
  { name: 'a word of the noun phrase names only goods of other branches', asks: (row) => findWordOfOtherGoods(row, true, 'branch') },
  // 3 / 14 (`Дастархан Корпе`; against `Кран шаровой, ручка-рычаг`, colours read as `Зелень`).
  { name: "the word after the type is another leaf's one-word name", asks: (row) => {
    const typed = tokenizeForMatch(row.result.productType);
    const words = tokenizeForMatch(row.name);
    const next = words[words.lastIndexOf(typed.at(-1) ?? '') + 1];
    return typed.length === 0 || next === undefined || !CYRILLIC_WORD.test(next) || brandNames.has(next) ? undefined : findOneWordLeaf(row, next);
  } },
  // 59 / 290: `Қаламсап`, `іш киімі`, `әмияны` wrong; `Сусабын`, `Тырнақ лагы`, `Душқа арналған гель` right.
  { name: "the pick rests on the leaf's Kazakh name", asks: (row) => (row.result.evidence[0]?.via === 'kazakh name' ? row.result.evidence[0].matched : undefined) },
  // 25 / 22, the nearest to paying: spread over 11 lists (CCTV recorders of `Hikvision`, `EZVIZ`, `Tantos` read as dashcams,
  // car mats of `LADA`, `Chevrolet` read as rugs, `Nobby` toys read as car goods) against makers of two trades (`Xiaomi`,
  // `Samsung` TVs beside appliances; `Dahua` whose recorders outnumber its switch). Needs the file: the review could read it,
  // `lookup: category` only through the mapping (as `classify.sections`).
  { name: "a maker word whose other sure picks in the file are of another section", asks: (row) => findMakerOfOtherTrade(row) },
  // 58 / 1,119: most such words are the file's brands, which the directory does not list (`Deli`, `Kalde`, `Bugatti`).
  { name: 'a Latin word right after the type, no brand of the directory', asks: (row) => findLatinBesideType(row, false) },
];

const rows: SureRow[] = [];
for (const list of lists) {
  const listRows: Omit<SureRow, 'makerSections'>[] = [];
  for (const row of readPriceListTsv(list, { groups: true }).rows) {
    const name = row.cells.Наименование.trim();
    const result = classifyProduct(index, row.group === undefined || row.group === '' ? { name } : { name, groupPath: readGroupLevels([row.group]) });
    if (!result.confident || result.leafId === undefined || result.path === undefined) continue;
    listRows.push({ list: list.split('/').slice(-2).join('/'), name, truth: row.leafId, result: { ...result, leafId: result.leafId, path: result.path } });
  }
  const makerSections = countMakerSections(listRows.map((row) => ({ name: row.name, path: row.result.path })));
  for (const row of listRows) rows.push({ ...row, makerSections });
}
console.log(`sure picks ${rows.length}, wrong ${rows.filter((row) => row.result.leafId !== row.truth).length} (${lists.length} lists)`);
for (const rule of CANDIDATE_RULES) {
  const asked = rows.map((row) => ({ row, why: rule.asks(row) })).filter((item): item is { row: SureRow; why: string } => item.why !== undefined);
  const wrong = asked.filter(({ row }) => row.result.leafId !== row.truth);
  const right = asked.filter(({ row }) => row.result.leafId === row.truth);
  console.log(`\n${rule.name}: wrong picks asked ${wrong.length}, right picks asked ${right.length}`);
  for (const { row, why } of wrong.slice(0, examples)) console.log(`  wrong ${row.list} ${row.name} → ${row.result.leafId} (right ${row.truth ?? 'none'}): ${why}`);
  for (const { row, why } of right.slice(0, examples)) console.log(`  right ${row.list} ${row.name} → ${row.result.leafId}: ${why}`);
}

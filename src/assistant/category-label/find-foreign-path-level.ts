import type { ClassifierIndex, IndexedLeaf } from '../classify/classifier-types.js';
import { readTopSection } from '../classify/file-sections.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { findDemographicMark } from '../demographic-words.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { isGroupWord } from '../read-group-words.js';
import { readNamedStems } from './find-other-section-purposes.js';
import { PATH_SEPARATOR, readLabelLevels, STOP_WORDS } from './label-text.js';
import { isRoomWord } from './room-words.js';

/** An upper level of a label's path that the directory names elsewhere than on the picked leaf's path, and where. */
export interface ForeignPathLevel {
  level: string;
  where: string;
}

const branchWords = new WeakMap<ClassifierIndex, Map<string, Map<string, string>>>();
const wholeNames = new WeakMap<ClassifierIndex, Map<string, string[]>>();

/**
 * The first upper level of a label's path (its own levels above the last, and the file's parent path) that the directory
 * itself names off the picked leaf's path: every word of it a word the directory names goods or a one-word branch with, only
 * in other top-level sections than the leaf's (`Игрушки/Утюг паровой`: a toy shop's iron is a toy), or the level the whole
 * name of another leaf (`Бижутерия/Серьги золотые`: bijouterie, where `золотые` is a colour). The seller sorted the goods
 * under another kind than the leaf's, and the label's last level alone does not say which holds. A level the directory does
 * not name (`Новинки`, `Акция`, a brand), one sharing a word with the leaf's names or path (`Товары для дома/Кухня/Сковороды`
 * under `Дом и сад`, `Детское питание/Каши` at `Детские каши`), a room (`Кухня`), a word for goods in general or whom goods are for
 * alone never counts.
 */
export function findForeignPathLevel(classifier: ClassifierIndex, leaf: IndexedLeaf, text: string, parentPath: string | undefined): ForeignPathLevel | undefined {
  const levels = [...(parentPath === undefined ? [] : parentPath.split(PATH_SEPARATOR)), ...readLabelLevels(text).slice(0, -1)];
  if (levels.length === 0) return undefined;
  const named = readNamedStems(classifier);
  const names = readWholeNames(classifier);
  const branches = readBranchWords(classifier);
  const leafStems = new Set([...leaf.ancestorStems, ...leaf.names.flatMap((name) => [...name.head, ...name.purpose])]);
  const section = readTopSection(leaf.path);
  for (const level of levels) {
    const words = tokenizeForMatch(level).filter((word) => !STOP_WORDS.has(word) && !isRoomWord(word) && !isGroupWord(word));
    // A word the leaf says, whom goods are for too (`Детское питание/Каши` at `Детские каши`), ties the level to the leaf.
    if (words.some((word) => leafStems.has(stemForIndex(word)))) continue;
    const stems = words.filter((word) => findDemographicMark(word) === undefined).map(stemForIndex);
    if (stems.length === 0) continue;
    const other = names.get(keyOfStems(stems))?.find((path) => path !== leaf.path);
    if (other !== undefined) return { level: level.trim(), where: other };
    // A word of a longer branch name counts too (`Строительство` of `Строительство и ремонт`), where it names no goods of the leaf's section.
    const places = stems.map((stem) => [named.get(stem), branches.get(stem)].filter((place) => place !== undefined));
    if (places.every((place) => place.length > 0 && place.every((one) => !one.has(section)))) return { level: level.trim(), where: nearestPlace(places) };
  }
  return undefined;
}

/** The paths of the leaves by the stems of each whole name of theirs (sorted, joined), built once per index. */
function readWholeNames(classifier: ClassifierIndex): Map<string, string[]> {
  let byName = wholeNames.get(classifier);
  if (byName !== undefined) return byName;
  byName = new Map();
  for (const leaf of classifier.leaves) {
    for (const name of leaf.names) {
      if (!name.full) continue;
      const key = keyOfStems([...name.head, ...name.purpose]);
      byName.set(key, [...(byName.get(key) ?? []), leaf.path]);
    }
  }
  wholeNames.set(classifier, byName);
  return byName;
}

function keyOfStems(stems: readonly string[]): string {
  return [...new Set(stems)].sort().join(' ');
}

/**
 * Where the level's words are named: in a section naming every one of them if there is one (`Бытовая химия` at `Бытовая химия
 * и гигиена`, not `Бытовая техника`), the shortest path there (`Детские товары / Игрушки` before `… / Ёлочные игрушки`).
 */
function nearestPlace(places: readonly (readonly ReadonlyMap<string, string>[])[]): string {
  const sectionsOf = (place: readonly ReadonlyMap<string, string>[]): Set<string> => new Set(place.flatMap((one) => [...one.keys()]));
  const common = places.map(sectionsOf).reduce((all, one) => new Set([...all].filter((section) => one.has(section))));
  const first = places[0] ?? [];
  const paths = first.flatMap((one) => [...one].filter(([section]) => common.size === 0 || common.has(section)).map(([, path]) => path));
  return paths.reduce((best, path) => (best === '' || path.length < best.length ? path : best), '');
}

/** Every stem of a word of a branch's name (both languages) → per top-level section, the first branch naming it there; built once per index. */
function readBranchWords(classifier: ClassifierIndex): Map<string, Map<string, string>> {
  let byStem = branchWords.get(classifier);
  if (byStem !== undefined) return byStem;
  byStem = new Map();
  for (const leaf of classifier.leaves) {
    const section = readTopSection(leaf.path);
    for (const path of [leaf.path, leaf.pathKaz]) {
      const levels = path.split(' / ');
      for (let depth = 1; depth < levels.length; depth++) {
        for (const word of tokenizeForMatch(levels[depth - 1] ?? '').filter((one) => !STOP_WORDS.has(one))) {
          const stem = stemForIndex(word);
          const places = byStem.get(stem) ?? new Map<string, string>();
          if (!places.has(section)) places.set(section, levels.slice(0, depth).join(' / '));
          byStem.set(stem, places);
        }
      }
    }
  }
  branchWords.set(classifier, byStem);
  return byStem;
}

import type { ClassifierIndex, IndexedLeaf } from '../classify/classifier-types.js';
import { readPathSection } from '../classify/classify-product.js';
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
  const leafStems = new Set([...leaf.ancestorStems, ...leaf.names.flatMap((name) => [...name.head, ...name.purpose])]);
  const section = readPathSection(leaf.path);
  for (const level of levels) {
    const words = tokenizeForMatch(level).filter((word) => !STOP_WORDS.has(word) && !isRoomWord(word) && !isGroupWord(word));
    // A word the leaf says, whom goods are for too (`Детское питание/Каши` at `Детские каши`), ties the level to the leaf.
    if (words.some((word) => leafStems.has(stemForIndex(word)))) continue;
    const stems = words.filter((word) => findDemographicMark(word) === undefined).map(stemForIndex);
    if (stems.length === 0) continue;
    const other = names.get(keyOfStems(stems))?.find((path) => path !== leaf.path);
    if (other !== undefined) return { level: level.trim(), where: other };
    const places = stems.map((stem) => named.get(stem));
    if (places.every((place) => place !== undefined && !place.has(section))) return { level: level.trim(), where: nearestPlace(places[0]) };
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

/** The shortest of the paths naming a stem (`Детские товары / Игрушки` before `… / Ёлочные игрушки`): the branch the word names first. */
function nearestPlace(places: ReadonlyMap<string, string> | undefined): string {
  return [...(places?.values() ?? [])].reduce((best, path) => (best === '' || path.length < best.length ? path : best), '');
}

import type { ClassifierIndex, IndexedLeaf } from '../classify/classifier-types.js';
import { readTopSection } from '../classify/file-sections.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { findDemographicMark } from '../demographic-words.js';
import { collectNamedStems } from './collect-directory-stems.js';

const namedStems = new WeakMap<ClassifierIndex, Map<string, Map<string, string>>>();

/**
 * The purpose words of a label that name goods or a section of another top-level section than the leaf's, each with where
 * (`"собак" (Зоотовары / …)`): `Шампунь для кошек` is no hair shampoo, `Комбинезоны для собак` no children's overalls. A
 * purpose the directory does not name only qualifies (`Микрофоны для стриминга`), and one named in the leaf's own section is
 * a use of its goods (`Переноска для кошек`, `Фен для волос`). Whom the goods are for is the demographic rules' to judge.
 */
export function findOtherSectionPurposes(classifier: ClassifierIndex, leaf: IndexedLeaf, purpose: readonly string[]): string[] {
  const named = readNamedStems(classifier);
  const leafStems = new Set([...leaf.ancestorStems, ...leaf.names.flatMap((name) => [...name.head, ...name.purpose])]);
  const section = readTopSection(leaf.path);
  return purpose.flatMap((word) => {
    const stem = stemForIndex(word);
    const places = leafStems.has(stem) || findDemographicMark(word) !== undefined ? undefined : named.get(stem);
    const where = places?.has(section) === false ? places.values().next().value : undefined;
    return where === undefined ? [] : [`"${word}" (${where})`];
  });
}

/** The sections and paths naming each stem (`collectNamedStems`), built once per index for every reader of it. */
export function readNamedStems(classifier: ClassifierIndex): ReadonlyMap<string, ReadonlyMap<string, string>> {
  let named = namedStems.get(classifier);
  if (named === undefined) namedStems.set(classifier, (named = collectNamedStems(classifier.leaves)));
  return named;
}

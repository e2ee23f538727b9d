import type { ClassifierIndex } from '../classify/classifier-types.js';
import { readTopSection } from '../classify/file-sections.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { ADJECTIVE } from '../read-label-kinds.js';

/**
 * When or for what moment goods are used: for dinner, for a walk, every day (`обеденный`, `прогулочный`, `повседневный`),
 * a general class of Russian adjectives. Such a word says which of the goods a shop means,
 * never another thing: `Тарелки обеденные` are plates, `Коляски прогулочные` prams. Left out on purpose: `дорожный`
 * (`Дорожные знаки` are signs, `Дорожные сумки` a kind of their own), `игровой` (`Игровые кресла`, `Игровые консоли`: the
 * directory's own kinds), `туристический` and `походный` (kinds of the directory's camping section), `вечерний` (`Вечерние
 * платья`, often a leaf), `домашний` (`Домашние тапочки`), `праздничный` (party plates, cups and napkins are paper goods a
 * directory files apart, `Товары для праздника`, never its kitchen plates or cleaning cloths).
 */
const OCCASION = /^(?:обеденн|прогулочн|повседневн)/u;

/** Whether a word (normalised) says when or for what moment the goods are used (`обеденные`, `прогулочная`). */
export function isOccasionWord(word: string): boolean {
  return ADJECTIVE.test(word) && OCCASION.test(word);
}

// `декоративный`: for show. Only of goods of a section that files decor (`isDecorSection`): `Кольца декоративные` may be
// costume jewellery or curtain rings, `Подушки декоративные` are pillows.
const DECORATIVE = /^декоративн/u;

/** Whether a word (normalised) says the goods are for show (`декоративные`). */
export function isDecorativeWord(word: string): boolean {
  return ADJECTIVE.test(word) && DECORATIVE.test(word);
}

// Tableware (`Посуда`): a decorative plate or dish hangs on a wall, decor, never the table's goods (`Тарелки декоративные`).
const NOT_FOR_SHOW_BRANCH = /^посуд/u;

/**
 * Whether `декоративный` says which of a leaf's goods: the leaf's section files decor (`isDecorSection`), and its own branch
 * is none whose goods for show are another thing (tableware).
 */
export function isShownGoodsLeaf(index: ClassifierIndex, leafPath: string): boolean {
  const branches = leafPath.split(' / ').slice(1, -1);
  return isDecorSection(index, leafPath) && !branches.some((branch) => tokenizeForMatch(branch).some((word) => NOT_FOR_SHOW_BRANCH.test(word)));
}

const decorSections = new WeakMap<ClassifierIndex, ReadonlySet<string>>();

/** Whether the top-level section of a leaf's path has a branch of decor (`Дом и сад / Интерьер и декор`), read once per directory. */
export function isDecorSection(index: ClassifierIndex, leafPath: string): boolean {
  let sections = decorSections.get(index);
  if (sections === undefined) {
    const found = new Set<string>();
    for (const leaf of index.leaves) {
      const branches = leaf.path.split(' / ').slice(1, -1);
      if (branches.some((branch) => tokenizeForMatch(branch).some((word) => word.startsWith('декор')))) found.add(readTopSection(leaf.path));
    }
    sections = found;
    decorSections.set(index, sections);
  }
  return sections.has(readTopSection(leafPath));
}

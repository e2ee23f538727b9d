/**
 * The marketplace-sized part of the sandbox's category tree: groups and leaves appended to the
 * original tree (`reference/category-tree.json`) so that the goods of ordinary shops — grocery, pet
 * food, hardware, household chemistry, car parts, stationery — have somewhere to go.
 *
 * Ids stay position-derived, so everything here is appended after what existed: leaves of an
 * existing group go after its old leaves, new groups after a root's old groups, new roots after
 * the old roots. Many leaves cross a product with an audience (`Корм сухой для кошек|Мысықтарға
 * арналған құрғақ жем`: the Russian name is the product plus the audience, the Kazakh one the
 * audience plus `арналған` plus the product), which is how marketplaces name such leaves too.
 * Nothing depends on a seed: the tree is the same for every sandbox. The extensions and the
 * retired near-twins are data: `reference/category-extensions.json`.
 */
import { readReferenceFile } from './read-reference-file.js';
import type { CategoryGroupDef, CategoryRootDef } from './reference-data.js';

/** Groups to append under a root (matched by its Russian name); a new root carries its Kazakh name. */
interface RootExtension {
  rus: string;
  /** Only for a new root. */
  kaz?: string;
  groups: CategoryGroupDef[];
}

/** The extensions and the retired near-twins as `reference/category-extensions.json` holds them. */
interface CategoryExtensionsFile {
  extensions: RootExtension[];
  retiredNearTwins: string[];
}

const FILE = readReferenceFile<CategoryExtensionsFile>('category-extensions.json');

/** What is appended, in order. Roots and groups matched by Russian name; unknown names make new ones. */
export const CATEGORY_EXTENSIONS: RootExtension[] = FILE.extensions;

/**
 * A retired slot: the leaf at this position is not served, and its id stays unused so that every
 * later leaf of the group keeps its id.
 */
export const RETIRED_LEAF = '';

/**
 * Added leaves that repeat a leaf of the original tree under another branch — the same concept
 * (`Мешки для мусора` beside `Мусорные пакеты`, `Игровые мыши` beside `Компьютерные мыши`), or the
 * same one narrowed only by whom it is for (`Переноски для кошек` beside `Переноски`, `Кроссовки для
 * девочек` beside the kids' `Кроссовки`),
 * or a thing that cannot exist (`Юбки для мальчиков`). A seller's label naming such a concept has two
 * right-looking leaves in two branches, so a matcher either guesses between them or sends the seller
 * away from the leaf their mappings and the evaluation sets use; the original leaf is the one kept.
 * `Root / Group / Leaf` in Russian, as generated; every path must exist (checked when extending).
 */
export const RETIRED_NEAR_TWINS: readonly string[] = FILE.retiredNearTwins;

/**
 * The original tree with the extensions appended (a new array; the original is not changed), the
 * near-twins of original leaves left as retired slots (`RETIRED_LEAF`).
 */
export function extendCategoryTree(tree: readonly CategoryRootDef[], extensions: readonly RootExtension[], retired: readonly string[] = RETIRED_NEAR_TWINS): CategoryRootDef[] {
  const roots = tree.map((root) => ({ ...root, groups: root.groups.map((g) => ({ ...g, leaves: [...g.leaves] })) }));
  for (const extension of extensions) {
    let root = roots.find((r) => r.rus === extension.rus);
    if (!root) {
      if (!extension.kaz) throw new Error(`category extension: new root "${extension.rus}" needs a Kazakh name`);
      root = { rus: extension.rus, kaz: extension.kaz, groups: [] };
      roots.push(root);
    }
    for (const added of extension.groups) {
      const existing = root.groups.find((g) => g.rus === added.rus);
      if (existing) existing.leaves.push(...added.leaves);
      else root.groups.push({ ...added, leaves: [...added.leaves] });
    }
  }
  retireLeaves(roots, tree, retired);
  return roots;
}

function retireLeaves(roots: CategoryRootDef[], tree: readonly CategoryRootDef[], retired: readonly string[]): void {
  const original = new Set(tree.flatMap((root) => root.groups.flatMap((group) => group.leaves.map((leaf) => `${root.rus} / ${group.rus} / ${leaf.split('|')[0] ?? ''}`))));
  for (const path of retired) {
    const [rootName, groupName, leafName] = path.split(' / ');
    const group = roots.find((r) => r.rus === rootName)?.groups.find((g) => g.rus === groupName);
    const position = group?.leaves.findIndex((leaf) => leaf.split('|')[0] === leafName) ?? -1;
    if (!group || position < 0 || original.has(path)) throw new Error(`category extension: no added leaf "${path}" to retire`);
    group.leaves[position] = RETIRED_LEAF;
  }
}

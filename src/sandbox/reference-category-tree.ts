/**
 * The category tree of the sandbox's reference data: three levels (root / group / leaf), names in
 * Russian and Kazakh. Each group carries an attribute profile (which attributes its leaves use);
 * a leaf may override it. Ids are derived from positions (`root`, `root*100+group`,
 * `root*10000+group*100+leaf`), so new entries must only ever be appended to a list, never inserted,
 * or the ids that samples and mappings rely on would move. The tree itself is data:
 * `reference/category-tree.json`.
 */
import { readReferenceFile } from './read-reference-file.js';

/**
 * The name of an attribute profile: a key of `profiles` in `reference/attributes.json` (the names
 * are data; a test holds every profile the tree names to that file).
 */
export type CategoryProfile = string;

/** A group (second level) and its leaves, each `"русский|қазақша"` or `"русский|қазақша|profile"`. */
export interface CategoryGroupDef {
  rus: string;
  kaz: string;
  profile: CategoryProfile;
  leaves: string[];
}

/** A root (first level) category. */
export interface CategoryRootDef {
  rus: string;
  kaz: string;
  groups: CategoryGroupDef[];
}

/** The tree, in id order (`reference/category-tree.json`). Append only. */
export const CATEGORY_TREE: CategoryRootDef[] = readReferenceFile<CategoryRootDef[]>('category-tree.json');

/**
 * The one reading of `classify.sections` targets (issue 33): a top-level section or a group of the category directory by
 * its exact name or path (compared as `exclude.leaves` compares them), or a group by its id (the parent id of its leaves).
 * The pipeline's mapping check, `lookup: category`, `mapping review` and its `--apply` (sheet `Sections`) all read them here.
 */
import type { DirectoryIndex } from './directory-index.js';
import { normalizeName, normalizePath } from './normalize-name.js';

/** Why a target names no section: none has it, or more than one has the name. */
export interface SectionProblem {
  code: 'unknown_category' | 'ambiguous_category';
  /** Plain words, after `names "…"`. */
  message: string;
}

/** Reads one target: the section's path as the directory writes it, or why it names none. */
export type SectionResolver = (target: number | string) => string | SectionProblem;

/**
 * Builds the resolver once per directory: every section and group of a leaf's path, by path, name and group id. The
 * tables are built at the first target read, so a mapping without `classify.sections` (most) pays nothing for them
 * at each run's check.
 */
export function createSectionResolver(index: DirectoryIndex): SectionResolver {
  let tables: SectionTables | undefined;
  return (target) => {
    const { byKey, byName, ambiguous, byGroupId } = (tables ??= buildSectionTables(index));
    if (typeof target === 'number') return byGroupId.get(target) ?? { code: 'unknown_category', message: 'which is no section or group of the directory (a section is named by its name or path; only a group has an id)' };
    const path = byKey.get(normalizePath(target));
    if (path !== undefined) return path;
    if (ambiguous.has(normalizeName(target))) return { code: 'ambiguous_category', message: 'a name of more than one section or group: write its path' };
    return byName.get(normalizeName(target)) ?? { code: 'unknown_category', message: 'which is no section or group of the directory' };
  };
}

interface SectionTables {
  byKey: Map<string, string>;
  byName: Map<string, string>;
  ambiguous: Set<string>;
  byGroupId: Map<number, string>;
}

/** The sections and groups of every leaf's path (its first two levels), by normalised path, normalised name and group id. */
function buildSectionTables(index: DirectoryIndex): SectionTables {
  const tables: SectionTables = { byKey: new Map(), byName: new Map(), ambiguous: new Set(), byGroupId: new Map() };
  // Thousands of leaves share a few hundred sections: each distinct path and name is normalised once.
  const pathKeys = new Map<string, string>();
  const nameKeys = new Map<string, string>();
  for (const category of index.directories.categories) {
    const levels = (category.path?.rus ?? '').split(' / ');
    if (index.nonLeafIds.has(category.id) || levels.length < 2) continue;
    for (let depth = 1; depth < Math.min(3, levels.length); depth += 1) {
      const path = levels.slice(0, depth).join(' / ');
      const pathKey = keyOnce(pathKeys, path, normalizePath);
      tables.byKey.set(pathKey, path);
      const level = levels[depth - 1] ?? '';
      const name = keyOnce(nameKeys, level, normalizeName);
      const known = tables.byName.get(name);
      if (known === undefined) tables.byName.set(name, path);
      else if (known !== path) tables.ambiguous.add(name);
    }
    if (category.parentId !== null && levels.length > 2) tables.byGroupId.set(category.parentId, levels.slice(0, -1).join(' / '));
  }
  return tables;
}

/** The key of `text` by `normalize`, computed once per distinct text. */
function keyOnce(keys: Map<string, string>, text: string, normalize: (text: string) => string): string {
  let key = keys.get(text);
  if (key === undefined) {
    key = normalize(text);
    keys.set(text, key);
  }
  return key;
}

/** Reads every target: the sections' paths (each once), and each target that names none with its position in the list. */
export function resolveFileSections(targets: readonly (number | string)[], resolve: SectionResolver): { paths: string[]; problems: (SectionProblem & { at: number; target: number | string })[] } {
  const paths: string[] = [];
  const problems: (SectionProblem & { at: number; target: number | string })[] = [];
  targets.forEach((target, at) => {
    const path = resolve(target);
    if (typeof path !== 'string') problems.push({ ...path, at, target });
    else if (!paths.includes(path)) paths.push(path);
  });
  return { paths, problems };
}

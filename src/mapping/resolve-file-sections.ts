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

/** Builds the resolver once per directory: every section and group of a leaf's path, by path, name and group id. */
export function createSectionResolver(index: DirectoryIndex): SectionResolver {
  const byKey = new Map<string, string>();
  const byName = new Map<string, string>();
  const ambiguous = new Set<string>();
  const byGroupId = new Map<number, string>();
  for (const category of index.directories.categories) {
    const levels = (category.path?.rus ?? '').split(' / ');
    if (index.nonLeafIds.has(category.id) || levels.length < 2) continue;
    for (let depth = 1; depth < Math.min(3, levels.length); depth += 1) {
      const path = levels.slice(0, depth).join(' / ');
      byKey.set(normalizePath(path), path);
      const name = normalizeName(levels[depth - 1] ?? '');
      const known = byName.get(name);
      if (known === undefined) byName.set(name, path);
      else if (known !== path) ambiguous.add(name);
    }
    if (category.parentId !== null && levels.length > 2) byGroupId.set(category.parentId, levels.slice(0, -1).join(' / '));
  }
  return (target) => {
    if (typeof target === 'number') return byGroupId.get(target) ?? { code: 'unknown_category', message: 'which is no section or group of the directory (a section is named by its name or path; only a group has an id)' };
    const path = byKey.get(normalizePath(target));
    if (path !== undefined) return path;
    if (ambiguous.has(normalizeName(target))) return { code: 'ambiguous_category', message: 'a name of more than one section or group: write its path' };
    return byName.get(normalizeName(target)) ?? { code: 'unknown_category', message: 'which is no section or group of the directory' };
  };
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

/**
 * The classifier's index, built once per directory: kept in memory for the directories object and
 * for its content hash (a run that loads the same directories twice builds it once), and on disk
 * beside the directory cache (`classifier-index-<hash>.json` in the state directory), so that the
 * next command reads it instead of tokenizing every leaf again. The hash covers the categories, the
 * brands' names, the dictionary attributes' links and values and the index version: a changed directory, or changed rules, is a new file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Directories } from '../../domain/index.js';
import { createDirectoryIndex, type DirectoryIndex } from '../../mapping/directory-index.js';
import { buildClassifierIndex, CLASSIFIER_INDEX_VERSION, hashCategories } from './build-classifier-index.js';
import type { ClassifierIndex } from './classifier-types.js';

const byDirectories = new WeakMap<Directories, ClassifierIndex>();
const byHash = new Map<string, ClassifierIndex>();
const MAX_BY_HASH = 4;

/** The index of these directories, built on first use and kept for the process. */
export function getClassifierIndex(directories: Directories, index?: DirectoryIndex): ClassifierIndex {
  const known = byDirectories.get(directories);
  if (known !== undefined) return known;
  const hash = hashCategories(directories);
  const built = byHash.get(hash) ?? buildClassifierIndex(directories, index);
  remember(directories, built);
  return built;
}

/** The path of the cached index of a directory content hash. */
export function buildClassifierIndexPath(stateDir: string, directoryHash: string): string {
  return join(stateDir, `classifier-index-${directoryHash.slice(0, 16)}.json`);
}

/**
 * The index from the state directory when one was cached for exactly these categories, else built
 * and cached there. A cache that cannot be read or written is only a slower run: never an error.
 */
export async function loadClassifierIndex(options: { stateDir: string; directories: Directories; index?: DirectoryIndex }): Promise<ClassifierIndex> {
  const known = byDirectories.get(options.directories);
  if (known !== undefined) return known;
  const hash = hashCategories(options.directories);
  const path = buildClassifierIndexPath(options.stateDir, hash);
  const cached = byHash.get(hash) ?? (await readIndex(path, hash, listLeafIds(options.directories, options.index)));
  if (cached !== undefined) {
    remember(options.directories, cached);
    return cached;
  }
  const built = buildClassifierIndex(options.directories, options.index);
  remember(options.directories, built);
  await writeIndex(options.stateDir, path, built);
  return built;
}

function remember(directories: Directories, index: ClassifierIndex): void {
  byDirectories.set(directories, index);
  byHash.set(index.directoryHash, index);
  if (byHash.size > MAX_BY_HASH) byHash.delete(byHash.keys().next().value ?? '');
}

/** The ids of the directory's leaf categories, in the order `buildClassifierIndex` indexes them. */
function listLeafIds(directories: Directories, index: DirectoryIndex | undefined): number[] {
  const nonLeafIds = (index ?? createDirectoryIndex(directories)).nonLeafIds;
  return directories.categories.filter((category) => !nonLeafIds.has(category.id)).map((category) => category.id);
}

/**
 * A cached index of this hash and version whose leaves are exactly the directory's, else undefined (it is built again). A file of
 * the right shape but other leaves (cut short, edited, another directory's written under this name) would leave names without
 * their leaf and say nothing: a leaf list that is not the directory's is a miss.
 */
async function readIndex(path: string, hash: string, leafIds: readonly number[]): Promise<ClassifierIndex | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<ClassifierIndex>;
    const sameLeaves = Array.isArray(parsed.leaves) && parsed.leaves.length === leafIds.length && parsed.leaves.every((leaf, i) => leaf?.id === leafIds[i]);
    const valid = sameLeaves && parsed.version === CLASSIFIER_INDEX_VERSION && parsed.directoryHash === hash && typeof parsed.byHeadStem === 'object' && parsed.byHeadStem !== null && typeof parsed.byCompoundEnd === 'object' && parsed.byCompoundEnd !== null && Array.isArray(parsed.brands) && Array.isArray(parsed.brandNames) && Array.isArray(parsed.propertyWords) && Array.isArray(parsed.sizedLeafIds) && Array.isArray(parsed.positionSections) && Array.isArray(parsed.abbreviations) && Array.isArray(parsed.wholeWords);
    if (!valid) return undefined;
    // The stem tables are looked up by a name's words: read from JSON they would inherit `constructor` and its kin, so they
    // are copied into objects without a prototype, as `buildClassifierIndex` makes them.
    return { ...parsed, byHeadStem: withoutPrototype(parsed.byHeadStem), byCompoundEnd: withoutPrototype(parsed.byCompoundEnd) } as ClassifierIndex;
  } catch {
    return undefined;
  }
}

function withoutPrototype<T>(table: Record<string, T> | undefined): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, table);
}

async function writeIndex(stateDir: string, path: string, index: ClassifierIndex): Promise<void> {
  const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await mkdir(stateDir, { recursive: true, mode: 0o700 });
    await writeFile(temp, JSON.stringify(index), { mode: 0o600 });
    await rename(temp, path);
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

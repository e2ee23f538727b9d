/**
 * Which entries of the mapping's maps (`categories:`, `brands:`) the rows
 * of a file reached. The rules note each entry a row meets (a Set per map, keyed by the entry's key
 * as `normalizeName` gives it); once the whole file was read, `find-unused-entries.ts` compares
 * the maps with it once. Only what the rows meet counts: the mapping's own checks (a
 * `categoryDefaults` key resolved through `categories`) reach nothing.
 */

/** The maps the rows reached entries of; one per file read. */
export interface MappingUsage {
  /** Notes that a row met entry `key` (as `normalizeName` gives it) of the map at `path` (`categories`, `brands`). */
  reach(path: string, key: string): void;
  /** Whether any row met entry `key` of the map at `path`. */
  reached(path: string, key: string): boolean;
}

/** A new, empty usage. */
export function createMappingUsage(): MappingUsage {
  const byPath = new Map<string, Set<string>>();
  return {
    reach(path, key) {
      let keys = byPath.get(path);
      if (keys === undefined) byPath.set(path, (keys = new Set()));
      // The keys are the mapping's own, or detached by the resolver that read them from a cell (`withVia`): none pins the file.
      keys.add(key);
    },
    reached: (path, key) => byPath.get(path)?.has(key) === true,
  };
}

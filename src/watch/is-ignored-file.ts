/**
 * Which names in the inbox are never taken: files that are still being written or belong to
 * another program (office lock files, download and copy temporaries), hidden files (our own lock
 * and bookkeeping files among them) and `.ok` completion markers, which only say that their file
 * is complete.
 */

/** Suffix of a completion marker: `catalog.xlsx.ok` says `catalog.xlsx` is complete. */
export const MARKER_SUFFIX = '.ok';

/** Suffixes of temporary files written by browsers, copy tools and editors (lower case). */
const TEMPORARY_SUFFIXES = ['.tmp', '.temp', '.part', '.partial', '.crdownload', '.filepart', '.swp', '.lock', MARKER_SUFFIX];

/** Files Windows and macOS drop into shared folders on their own (lower case). */
const SYSTEM_FILES = new Set(['thumbs.db', 'desktop.ini', 'icon\r']);

/**
 * True when the file named `name` (a base name, no folder) must never be imported: hidden
 * (`.name`), an office lock file (`~$name`), a temporary file (`*.tmp`, `*.temp`, `*.part`,
 * `*.partial`, `*.crdownload`, `*.filepart`, `*.swp`, `*.lock`), a `.ok` marker, or a system file
 * (`Thumbs.db`, `desktop.ini`).
 */
export function isIgnoredFile(name: string): boolean {
  if (name === '' || name.startsWith('.') || name.startsWith('~$')) return true;
  const lower = name.toLowerCase();
  if (SYSTEM_FILES.has(lower)) return true;
  return TEMPORARY_SUFFIXES.some((suffix) => lower.endsWith(suffix));
}

/** The data file a marker stands for (`catalog.xlsx.ok` → `catalog.xlsx`), or undefined when `name` is no marker. */
export function parseMarkerName(name: string): string | undefined {
  if (!name.toLowerCase().endsWith(MARKER_SUFFIX) || name.length <= MARKER_SUFFIX.length) return undefined;
  const target = name.slice(0, -MARKER_SUFFIX.length);
  return target.startsWith('.') ? undefined : target;
}

/**
 * The mapping's entries no row reached, once a whole file was read (`mapping_entry_unused`): an
 * answer of `categories:` written under a key the tool no longer reads from the names, a category
 * or brand key with a typo, the entries of another shop's file. One warning per map that has any,
 * with their count and the first few keys (all of them in the issue's data). It neither stops the
 * run nor refuses a row: an unused entry changes no product; the warning says which of the
 * seller's answers did nothing. The caller asks only after the file was read to its end: a run
 * stopped early has not seen the rows that might reach the rest.
 *
 * An attribute's `values:` are not checked: a synonym list is kept for every file and category a
 * mapping serves (the shipped sample lists memory sizes its file does not hold), so most files
 * leave some unused; a mistyped value key shows anyway, as the row's `unknown_attribute_value`.
 */
import { createIssue, type Issue, type IssueData } from '../core/issue.js';
import { describeColumnRef, listStepGroups } from '../mapping/list-mapped-columns.js';
import type { Mapping } from '../mapping/mapping-schema.js';
import { normalizeName } from '../mapping/normalize-name.js';
import { stageOfRowCode } from './rules/stage-of-row-code.js';
import type { MappingUsage } from './track-mapping-usage.js';

/** What decides how a map is worded: whether the mapping's `categories:` hold answers of `lookup: category`. */
export interface CheckedMapContext {
  /** The mapping reads categories from the product names (`lookup: category`): its keys are then product types too. */
  categoryLookup: boolean;
}

/** The catalog variant of the text (`issue.mapping_entry_unused.<variant>`). */
export type UnusedEntriesVariant = 'categories' | 'answers' | 'brands' | 'groups';

/** One map of the mapping whose entries rows reach. */
export interface CheckedMap {
  /** The map's path in the mapping, as the usage and the issue name it. */
  path: 'categories' | 'brands' | 'groups';
  /** Its keys as the mapping writes them. */
  keys(mapping: Mapping, context: CheckedMapContext): readonly string[];
  /** How the issue words it. */
  variant(context: CheckedMapContext): UnusedEntriesVariant;
}

/** The maps that are checked, as data. */
const CHECKED_MAPS: readonly CheckedMap[] = [
  { path: 'categories', keys: (mapping) => Object.keys(mapping.categories), variant: ({ categoryLookup }) => (categoryLookup ? 'answers' : 'categories') },
  { path: 'brands', keys: (mapping) => Object.keys(mapping.brands), variant: () => 'brands' },
  // The columns `lookup: category` reads the row's groups from, which `compileCategoryLookup` notes when a row's cell has text: a
  // `_groupN` of a level the file lacks (a CSV, fewer group levels) is empty on every row, and its groups were never read.
  { path: 'groups', keys: (mapping, { categoryLookup }) => (categoryLookup ? [...new Set(listStepGroups(mapping).map(describeColumnRef))] : []), variant: () => 'groups' },
];

/** A checked map with the keys no row reached, in mapping order. */
export interface UnusedEntries {
  path: CheckedMap['path'];
  variant: UnusedEntriesVariant;
  keys: string[];
}

/** The maps having entries no row reached (per `usage`), in the order of `CHECKED_MAPS`. */
export function findUnusedEntries(mapping: Mapping, usage: MappingUsage, context: CheckedMapContext): UnusedEntries[] {
  const found: UnusedEntries[] = [];
  for (const map of CHECKED_MAPS) {
    const keys = map.keys(mapping, context).filter((key) => !usage.reached(map.path, normalizeName(key)));
    if (keys.length > 0) found.push({ path: map.path, variant: map.variant(context), keys });
  }
  return found;
}

/** How many keys the text of `mapping_entry_unused` names; the data's `entries` hold all. */
export const UNUSED_KEYS_SHOWN = 5;

/** Where the issues of a file are placed. */
export interface UnusedEntriesPlace {
  /** The source file as the user named it (the rows that were read). */
  file?: string | undefined;
  sheet?: string | undefined;
  /** The cell of a mapping value by its path (`locateMappingEntry`), for a mapping read from a workbook. */
  locate?: ((path: string) => string | undefined) | undefined;
}

/** One `mapping_entry_unused` warning per map in `unused`. */
export function buildUnusedEntryIssues(unused: readonly UnusedEntries[], place: UnusedEntriesPlace): Issue[] {
  return unused.map(({ path, variant, keys }) => {
    const shown = keys.slice(0, UNUSED_KEYS_SHOWN).map((key) => describeKey(key, place.locate?.(`${path}.${key}`)));
    // The ellipsis is the same in every language: the count before the list says how many there are.
    if (keys.length > UNUSED_KEYS_SHOWN) shown.push('…');
    const data: IssueData = {
      variant,
      map: path,
      count: keys.length,
      keys: shown.join(', '),
      // Every key, for `--json`, `summary.json` and `issues.ndjson` (a JSON list: keys may hold commas).
      entries: JSON.stringify(keys),
      ...(variant === 'answers' ? { hint: 'review_again' } : {}),
    };
    return createIssue({ stage: stageOfRowCode('mapping_entry_unused'), code: 'mapping_entry_unused', severity: 'warning', data, path, file: place.file, sheet: place.sheet });
  });
}

/** A key as the text shows it: quoted, with its workbook cell when known. */
function describeKey(key: string, cell: string | undefined): string {
  return cell === undefined ? JSON.stringify(key) : `${JSON.stringify(key)} (${cell})`;
}

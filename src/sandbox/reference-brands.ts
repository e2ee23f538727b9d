/**
 * Brand names of the sandbox's reference data: well-known brands sold on Kazakhstani marketplaces
 * (fixed ids from 1001, append only), then generated local-looking brands (ids from 5001) whose
 * names depend on the seed. The names and the parts generated names are made of are data:
 * `reference/brands.json`.
 *
 * The marketplace-sized part (`reference/brand-extension.json`): the "no brand" entry, more real
 * brands of what Kazakhstani shops sell (grocery, household chemistry, hardware, car parts, pet
 * food, beauty, kids' goods, clothing), and a second set of generated local-looking names. Ids
 * never move: these continue the known list (after its last id) and the second generated set
 * starts at 6001. Some well-known brands (Tecno, Infinix, OnePlus, Zara, H&M, Bershka, Nestlé) are
 * left out on purpose: the matching evaluation set uses them as brands a directory can lack.
 */
import { readReferenceFile } from './read-reference-file.js';

/** The brand lists as `reference/brands.json` holds them. */
interface BrandsFile {
  known: string[];
  syntheticPrefixes: string[];
  syntheticSuffixes: string[];
}

/** The brand lists as `reference/brand-extension.json` holds them. */
interface BrandExtensionFile {
  moreKnown: string[];
  morePrefixes: string[];
  moreSuffixes: string[];
}

const FILE = readReferenceFile<BrandsFile>('brands.json');
const EXTENSION = readReferenceFile<BrandExtensionFile>('brand-extension.json');

/** The entry for goods without a brand; id 1000 is below every other brand id. */
export const NO_BRAND = { id: 1000, name: 'Без бренда', code: 'no-brand' } as const;

/** Known brands, in id order (id = 1001 + position). Append only. */
export const KNOWN_BRANDS: string[] = FILE.known;

/** Real brands appended to the known list, in id order (grouped by where they are sold: Kazakhstan, Russia and CIS, then global). Append only. */
export const MORE_KNOWN_BRANDS: string[] = EXTENSION.moreKnown;

/** How many generated brands there are (ids 5001 …). */
const SYNTHETIC_BRAND_COUNT = 320;

/** How many names of the second generated set there are (ids 6001 …). */
const MORE_SYNTHETIC_BRAND_COUNT = 1700;

/** Generated brand names for a seed: a seeded shuffle of prefix × suffix pairs, the first `SYNTHETIC_BRAND_COUNT`. */
export function buildSyntheticBrandNames(random: () => number): string[] {
  return buildShuffledBrandNames(FILE.syntheticPrefixes, FILE.syntheticSuffixes, SYNTHETIC_BRAND_COUNT, random);
}

/** The second set of generated brand names for a seed: a seeded shuffle of prefix × suffix pairs. */
export function buildMoreSyntheticBrandNames(random: () => number): string[] {
  return buildShuffledBrandNames(EXTENSION.morePrefixes, EXTENSION.moreSuffixes, MORE_SYNTHETIC_BRAND_COUNT, random);
}

/** The first `count` of a seeded shuffle (Fisher–Yates) of every `prefix suffix` pair. */
function buildShuffledBrandNames(prefixes: readonly string[], suffixes: readonly string[], count: number, random: () => number): string[] {
  const all: string[] = [];
  for (const prefix of prefixes) {
    for (const suffix of suffixes) all.push(`${prefix} ${suffix}`);
  }
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = all[i] as string;
    all[i] = all[j] as string;
    all[j] = a;
  }
  return all.slice(0, count);
}

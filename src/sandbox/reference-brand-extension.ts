/**
 * The marketplace-sized part of the sandbox's brand directory: the "no brand" entry, more real
 * brands of what Kazakhstani shops sell (grocery, household chemistry, hardware, car parts, pet
 * food, beauty, kids' goods, clothing), and a second set of generated local-looking names.
 *
 * Ids never move: the original known brands keep 1001…, the original generated ones 5001…; the
 * brands here continue the known list (after its last id) and the new generated set starts at
 * 6001. Names whose code an earlier brand already has are skipped, so a brand is never listed twice.
 *
 * Some well-known brands (Tecno, Infinix, OnePlus, Zara, H&M, Bershka, Nestlé) are left out on
 * purpose: the matching evaluation set uses them as brands a directory can lack. The lists are
 * data: `reference/brand-extension.json`.
 */
import { readReferenceFile } from './read-reference-file.js';
import { buildShuffledBrandNames } from './reference-brands.js';

/** The entry for goods without a brand; id 1000 is below every other brand id. */
export const NO_BRAND = { id: 1000, name: 'Без бренда', code: 'no-brand' } as const;

/** The brand lists as `reference/brand-extension.json` holds them. */
interface BrandExtensionFile {
  moreKnown: string[];
  morePrefixes: string[];
  moreSuffixes: string[];
}

const FILE = readReferenceFile<BrandExtensionFile>('brand-extension.json');

/** Real brands appended to the known list, in id order (grouped by where they are sold: Kazakhstan, Russia and CIS, then global). Append only. */
export const MORE_KNOWN_BRANDS: string[] = FILE.moreKnown;

/** How many names of the second generated set there are (ids 6001 …). */
const MORE_SYNTHETIC_BRAND_COUNT = 1700;

/** The second set of generated brand names for a seed: a seeded shuffle of prefix × suffix pairs. */
export function buildMoreSyntheticBrandNames(random: () => number): string[] {
  return buildShuffledBrandNames(FILE.morePrefixes, FILE.moreSuffixes, MORE_SYNTHETIC_BRAND_COUNT, random);
}

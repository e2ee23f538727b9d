/**
 * Brand names of the sandbox's reference data: well-known brands sold on Kazakhstani marketplaces
 * (fixed ids from 1001, append only), then generated local-looking brands (ids from 5001) whose
 * names depend on the seed. The names and the parts generated names are made of are data:
 * `reference/brands.json`.
 */
import { readReferenceFile } from './read-reference-file.js';

/** The brand lists as `reference/brands.json` holds them. */
interface BrandsFile {
  known: string[];
  syntheticPrefixes: string[];
  syntheticSuffixes: string[];
}

const FILE = readReferenceFile<BrandsFile>('brands.json');

/** Known brands, in id order (id = 1001 + position). Append only. */
export const KNOWN_BRANDS: string[] = FILE.known;

/** How many generated brands there are (ids 5001 …). */
const SYNTHETIC_BRAND_COUNT = 320;

/** Generated brand names for a seed: a seeded shuffle of prefix × suffix pairs, the first `SYNTHETIC_BRAND_COUNT`. */
export function buildSyntheticBrandNames(random: () => number): string[] {
  return buildShuffledBrandNames(FILE.syntheticPrefixes, FILE.syntheticSuffixes, SYNTHETIC_BRAND_COUNT, random);
}

/** The first `count` of a seeded shuffle (Fisher–Yates) of every `prefix suffix` pair. */
export function buildShuffledBrandNames(prefixes: readonly string[], suffixes: readonly string[], count: number, random: () => number): string[] {
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

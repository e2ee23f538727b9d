/**
 * Brands spelled in Cyrillic as they sound (`Эпл`, `Хаггис`, `Мишлен`, `Керхер`): the letters of
 * such a spelling follow the English, French or German sound, not the Latin letters, so a
 * letter-for-letter transliteration misses them (`Хаггис` → `haggis` is far from `Huggies`). What
 * survives is the order of the consonants, once the sounds a Russian speaker hears alike are one
 * (`ch`/`sh`/`h`, `j`/`dzh`, `c`/`k`). A spelling is matched by that consonant skeleton only to
 * brands written in Latin letters, and only where the skeleton names one brand.
 */
import type { Brand } from '../domain/index.js';
import { hasCyrillic, hasLatin, tokenizeForMatch } from './normalize-for-match.js';
import { buildLatinSkeleton, transliterateToLatin } from './transliterate.js';

/** Finds the Latin-script brands a Cyrillic spelling sounds like. */
export interface BrandSoundIndex {
  /** The brands whose consonant skeleton is the text's; empty for Latin text. */
  find(text: string): { brands: Brand[]; consonants: number };
}

// A marker the Latin skeleton leaves alone for the hushing and breathing sounds.
const HUSH = '\u0001';

/**
 * The consonants of a name in order, with the sounds Russian spelling merges made one: `Мишлен`
 * and `Michelin` → `m*ln`, `Керхер` and `Kärcher` → `kr*r`, `Джинс` and `Jeans` → `jns`.
 */
export function buildSoundKey(text: string): string {
  return tokenizeForMatch(text)
    .map((token) => {
      const latin = transliterateToLatin(token).replace(/dzh|zh|dj/g, 'j').replace(/sch|sh|ch|kh|h/g, HUSH).replace(/ts/g, 's');
      return buildLatinSkeleton(latin).replace(/[aeiouy]/g, '');
    })
    .join('');
}

/** Indexes the Latin-script brands by their consonant skeleton. */
export function createBrandSoundIndex(brands: readonly Brand[]): BrandSoundIndex {
  const byKey = new Map<string, Brand[]>();
  for (const brand of brands) {
    if (!hasLatin(brand.name) || hasCyrillic(brand.name)) continue;
    const key = buildSoundKey(brand.name);
    if (key === '') continue;
    const list = byKey.get(key);
    if (list === undefined) byKey.set(key, [brand]);
    else list.push(brand);
  }
  return {
    find(text) {
      if (!hasCyrillic(text) || hasLatin(text)) return { brands: [], consonants: 0 };
      const key = buildSoundKey(text);
      const consonants = Array.from(key).length;
      // One consonant (`Ая`, `Ок`) says nothing about a name.
      if (consonants < 2) return { brands: [], consonants };
      return { brands: byKey.get(key) ?? [], consonants };
    },
  };
}

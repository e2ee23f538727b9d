/**
 * The directory's brands as words a product type never holds. A brand written in Latin letters
 * inside a Cyrillic name, or capitalised inside a name in lower case, already reads as a brand
 * (`findBrandLikeWords`); a Cyrillic brand in a name written in capitals (`СҮТ ФУДМАСТЕР 950 МЛ`),
 * or first in a name (`Адал кефир`), does not, and stayed inside the product type, making
 * `молоко фудмастер` a type of its own. The service's brand list names them: a brand phrase found
 * in a name ends the type there, or is skipped when it opens the name.
 *
 * Only brands with a Cyrillic word are kept, and none with a word of a leaf's name or path (the
 * brand `Фруктовый сад` stays words where a leaf or branch says `сад`), so a brand list can never
 * hide what a name says of the goods.
 */
import type { Brand } from '../../domain/index.js';
import { createBrandSoundIndex, type BrandSoundIndex } from '../match-brand-by-sound.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { ClassifierIndex, ClassifyOptions } from './classifier-types.js';
import { stemForIndex } from './stem-for-index.js';

/** First word of a brand → the brands' words (the longest first): what `extractProductType` looks for in a name. */
export type KnownBrands = ReadonlyMap<string, readonly (readonly string[])[]>;

const CYRILLIC = /[\u0400-\u04ff]/u;
/**
 * A word in an adjective's form (`Домашний`, `Поршневые`) or in a genitive's commonest forms
 * (`Давления`, `Инструментов`): one that may be what makes goods another thing, so it is never
 * taken for a one-word brand, from the directory or from a seller's file.
 */
export const ADJECTIVE_FORM = /(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ого|его|ых|их|ую|юю)$/u;
// `-ости`, `-теля`: the genitives of the `-ость` and `-тель` nouns (`Безопасности`, `Двигателя`).
export const GENITIVE_FORM = /(?:ия|ии|ов|ев|ёв|ей|ости|теля)$/u;
// A one-word brand shorter than this is too like a word or an abbreviation to end a type on its own.
const MIN_SINGLE_BRAND = 4;

/**
 * The brand names the index keeps (normalised, words joined by spaces): those with a Cyrillic word,
 * none of whose words is a word of a leaf (`isLeafWord`), a one-word brand of four letters at least
 * and not in an adjective's or a genitive's form.
 */
export function collectKnownBrandNames(brands: readonly Brand[], isLeafWord: (stem: string) => boolean): string[] {
  const kept = new Set<string>();
  for (const brand of brands) {
    const words = tokenizeForMatch(brand.name);
    if (words.length === 0 || !words.some((word) => CYRILLIC.test(word))) continue;
    const [only] = words;
    if (words.length === 1 && only !== undefined && (Array.from(only).length < MIN_SINGLE_BRAND || ADJECTIVE_FORM.test(only) || GENITIVE_FORM.test(only))) continue;
    if (words.some((word) => /\d/.test(word) || isLeafWord(stemForIndex(word)))) continue;
    kept.add(words.join(' '));
  }
  return [...kept].sort();
}

const byIndex = new WeakMap<ClassifierIndex, KnownBrands>();
const byOptions = new WeakMap<ClassifyOptions, KnownBrands>();

/**
 * The index's brands, ready for `extractProductType` (built once per index), with the seller's own brand words
 * (`options.brandWords`, `classify.brandWords` of the mapping) when there are any (built once per options).
 */
export function readKnownBrands(index: ClassifierIndex, options?: ClassifyOptions): KnownBrands {
  let known = byIndex.get(index);
  if (known === undefined) byIndex.set(index, (known = indexBrandNames(index.brands ?? [])));
  if (!abbreviationsOf.has(known)) abbreviationsOf.set(known, collectAbbreviations(index));
  if (!latinWordsOf.has(known)) latinWordsOf.set(known, collectLatinWords(index));
  if (options?.brandWords === undefined || options.brandWords.size === 0) return known;
  let withSeller = byOptions.get(options);
  if (withSeller === undefined) byOptions.set(options, (withSeller = indexBrandNames([...(index.brands ?? []), ...options.brandWords])));
  if (!abbreviationsOf.has(withSeller)) abbreviationsOf.set(withSeller, collectAbbreviations(index));
  if (!latinWordsOf.has(withSeller)) latinWordsOf.set(withSeller, collectLatinWords(index));
  return withSeller;
}

const abbreviationsOf = new WeakMap<KnownBrands, ReadonlySet<string>>();
const abbreviationsByIndex = new WeakMap<ClassifierIndex, ReadonlySet<string>>();
// A word written in capitals, two letters or more.
const CAPITALS = /^\p{Lu}{2,}$/u;

/**
 * The abbreviations the directory names goods by, as it writes them in its leaves' names in capitals (`АКПП` of `Фильтры
 * АКПП`, `ГРМ`, `ПК`), normalised, for a brand map `readKnownBrands` gave; undefined for any other (a name read without
 * the directory). A seller's word in capitals before a number (`ВАЗ 2110`) is a model unless it is one of them.
 */
export function readDirectoryAbbreviations(known: KnownBrands | undefined): ReadonlySet<string> | undefined {
  return known === undefined ? undefined : abbreviationsOf.get(known);
}

function collectAbbreviations(index: ClassifierIndex): ReadonlySet<string> {
  let found = abbreviationsByIndex.get(index);
  if (found === undefined) {
    const words = index.leaves.flatMap((leaf) => leaf.names.flatMap((name) => name.text.split(/[^\p{L}\p{N}]+/u).filter((word) => CAPITALS.test(word))));
    abbreviationsByIndex.set(index, (found = new Set(tokenizeForMatch(words.join(' ')))));
  }
  return found;
}

/**
 * The Latin words the directory names goods by in its leaves' names (`hdmi` of `Кабели HDMI`), normalised, two letters or more,
 * each with the stems of the Cyrillic words it names goods beside (`кабел`), for a brand map `readKnownBrands` gave; undefined for
 * any other. In a seller's name of such goods (`Кабель HDMI`) the word says which ones, as a Cyrillic word does, though it reads as
 * a brand or model after a Russian head; beside another head (`Зарядка 2 USB`) it says nothing the directory tells apart.
 */
export function readDirectoryLatinWords(known: KnownBrands | undefined): ReadonlyMap<string, ReadonlySet<string>> | undefined {
  return known === undefined ? undefined : latinWordsOf.get(known);
}

const latinWordsOf = new WeakMap<KnownBrands, ReadonlyMap<string, ReadonlySet<string>>>();
const latinWordsByIndex = new WeakMap<ClassifierIndex, ReadonlyMap<string, ReadonlySet<string>>>();

function collectLatinWords(index: ClassifierIndex): ReadonlyMap<string, ReadonlySet<string>> {
  let found = latinWordsByIndex.get(index);
  if (found === undefined) {
    const words = new Map<string, Set<string>>();
    for (const name of index.leaves.flatMap((leaf) => leaf.names)) {
      if (!/[A-Za-z]/u.test(name.text)) continue;
      const tokens = tokenizeForMatch(name.text);
      const stems = tokens.filter((word) => CYRILLIC.test(word)).map(stemForIndex);
      for (const word of tokens.filter((token) => /^[a-z]{2,}$/u.test(token))) words.set(word, new Set([...(words.get(word) ?? []), ...stems]));
    }
    latinWordsByIndex.set(index, (found = words));
  }
  return found;
}

function indexBrandNames(names: readonly string[]): KnownBrands {
  const map = new Map<string, string[][]>();
  for (const name of new Set(names)) {
    const words = name.split(' ').filter((word) => word !== '');
    const first = words[0];
    if (first === undefined) continue;
    const list = map.get(first) ?? [];
    list.push(words);
    map.set(first, list);
  }
  for (const list of map.values()) list.sort((a, b) => b.length - a.length);
  return map;
}

/** Which tokens of a phrase belong to a known brand (the longest brand at each start, words in order). */
export function markBrandWords(tokens: readonly string[], known: KnownBrands | undefined): boolean[] {
  const marked = new Array<boolean>(tokens.length).fill(false);
  if (known === undefined || known.size === 0) return marked;
  for (let at = 0; at < tokens.length; at += 1) {
    const candidates = known.get(tokens[at] ?? '');
    const found = candidates?.find((words) => words.every((word, i) => tokens[at + i] === word));
    if (found === undefined) continue;
    for (let i = 0; i < found.length; i += 1) marked[at + i] = true;
    at += found.length - 1;
  }
  return marked;
}

const listedByIndex = new WeakMap<ClassifierIndex, { names: KnownBrands; sounds: BrandSoundIndex }>();

/**
 * The first word of the brand or model that ends a product type (`ProductType.brand`), when it opens no brand the
 * directory lists (nor is a listed brand's first word, as sellers shorten one), is none of the seller's brand words and
 * does not sound like a listed brand written in Cyrillic (`Аскона` for `Askona`): `ngk` of `Свечи NGK` against a
 * directory whose brands do not hold it. Undefined when there is none, or it is a listed brand, or the directory lists
 * no brands at all (one read without them tells no brand from another word).
 */
export function findUnlistedBrand(index: ClassifierIndex, brand: readonly string[] | undefined, options?: ClassifyOptions): string | undefined {
  const [first] = brand ?? [];
  if (brand === undefined || first === undefined || index.brandNames.length === 0) return undefined;
  let listed = listedByIndex.get(index);
  if (listed === undefined) listedByIndex.set(index, (listed = { names: indexBrandNames(index.brandNames), sounds: createBrandSoundIndex(index.brandNames.map((name, id) => ({ id, name, code: null }))) }));
  // `Loreal` of `L'Oréal Paris`, `Tommy` of `Tommy Hilfiger`: a brand's first word is that brand as sellers shorten it.
  const opens = (known: KnownBrands): boolean => known.get(first)?.some((words) => words.every((word, i) => brand[i] === word || brand[i] === undefined)) === true;
  return opens(listed.names) || opens(readKnownBrands(index, options)) || listed.sounds.find(first).brands.length > 0 ? undefined : first;
}

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
import type { ClassifierIndex, ClassifyOptions, IndexedLeaf } from './classifier-types.js';
import { stemForIndex } from './stem-for-index.js';
import { readCutWordVocabulary, type CutWordVocabulary } from './expand-cut-words.js';
import { isCapitalsWord } from './is-written-in-capitals.js';

/**
 * First word of a brand → the brands' words (the longest first): what `extractProductType` looks for in a name; with the
 * directory's abbreviations when `readKnownBrands` built it (`readDirectoryAbbreviations`).
 */
export type KnownBrands = ReadonlyMap<string, readonly (readonly string[])[]> & {
  readonly abbreviations?: ReadonlySet<string>;
  readonly latinWords?: ReadonlyMap<string, ReadonlySet<string>>;
  readonly kindHeads?: ReadonlySet<string>;
  /** Stems the directory names goods by after `без` (`сахар` of `Продукты без сахара`): what goods lack that says their kind. */
  readonly lackedWords?: ReadonlySet<string>;
  /** What the name's cut words are read against (`expand-cut-words.ts`): the directory's words, with the file's when read with them. */
  readonly cutWords?: CutWordVocabulary;
};

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
  if (known === undefined) byIndex.set(index, (known = indexBrandNames(index.brands ?? [], { abbreviations: new Set(index.abbreviations), latinWords: collectLatinWords(index), kindHeads: collectKindHeads(index), lackedWords: collectLackedWords(index), cutWords: readCutWordVocabulary(index) })));
  if (options?.brandWords === undefined || options.brandWords.size === 0) return known;
  let withSeller = byOptions.get(options);
  if (withSeller === undefined) byOptions.set(options, (withSeller = indexBrandNames([...(index.brands ?? []), ...options.brandWords], known)));
  return withSeller;
}

/**
 * The abbreviations of a brand map `readKnownBrands` gave: those the directory names goods by (`ClassifierIndex.abbreviations`);
 * undefined for any other (a name read without the directory). A seller's vehicle maker before a number (`ВАЗ 2110`) is a
 * model unless it is one of them.
 */
export function readDirectoryAbbreviations(known: KnownBrands | undefined): ReadonlySet<string> | undefined {
  return known?.abbreviations;
}

/** The abbreviations the directory names goods by, as its leaves' names write them in capitals (`АКПП` of `Фильтры АКПП`, `ГРМ`, `ПК`), normalised. */
export function collectDirectoryAbbreviations(leaves: readonly IndexedLeaf[]): string[] {
  const words = leaves.flatMap((leaf) => leaf.names.flatMap((name) => name.text.split(/[^\p{L}\p{N}]+/u).filter(isCapitalsWord)));
  return [...new Set(tokenizeForMatch(words.join(' ')))].sort();
}

/**
 * The Latin words the directory names goods by in its leaves' names (`hdmi` of `Кабели HDMI`), normalised, two letters or more,
 * each with the stems of the Cyrillic words it names goods beside (`кабел`), for a brand map `readKnownBrands` gave; undefined for
 * any other. In a seller's name of such goods (`Кабель HDMI`) the word says which ones, as a Cyrillic word does, though it reads as
 * a brand or model after a Russian head; beside another head (`Зарядка 2 USB`) it says nothing the directory tells apart.
 */
export function readDirectoryLatinWords(known: KnownBrands | undefined): ReadonlyMap<string, ReadonlySet<string>> | undefined {
  return known?.latinWords;
}

/** Read once per index, when `readKnownBrands` builds the index's brand map. */
function collectLatinWords(index: ClassifierIndex): ReadonlyMap<string, ReadonlySet<string>> {
  const words = new Map<string, Set<string>>();
  for (const name of index.leaves.flatMap((leaf) => leaf.names)) {
    if (!/[A-Za-z]/u.test(name.text)) continue;
    const tokens = tokenizeForMatch(name.text);
    const stems = tokens.filter((word) => CYRILLIC.test(word)).map(stemForIndex);
    for (const word of tokens.filter((token) => /^[a-z]{2,}$/u.test(token))) words.set(word, new Set([...(words.get(word) ?? []), ...stems]));
  }
  return words;
}

/**
 * The head stems the directory splits into kinds and never names alone (`сыр` of `Сыры твёрдые`, `Сыры мягкие`, with no leaf
 * `Сыры`), for a brand map `readKnownBrands` gave; undefined for any other. After such a head a seller's word may be the
 * variety that says which kind (`Сыр Сулугуни`), where after a head the directory names alone it is a brand.
 */
export function readDirectoryKindHeads(known: KnownBrands | undefined): ReadonlySet<string> | undefined {
  return known?.kindHeads;
}

/** Read once per index, when `readKnownBrands` builds the index's brand map. */
function collectKindHeads(index: ClassifierIndex): ReadonlySet<string> {
  const kinds = new Map<string, number>();
  const alone = new Set<string>();
  for (const name of index.leaves.flatMap((leaf) => leaf.names.filter((each) => each.language === 'rus'))) {
    const [head] = name.head;
    if (name.head.length === 1 && head !== undefined) {
      // A part cut out of an `и` list with the list's purpose (`пасты для укладки` of `Воски и пасты для укладки`) names a kind by
      // that purpose, not the head alone: read as alone, a bare `паста` was a head the directory names, and the food after it
      // (`Паста Кочхуджан`, `Паста Твенджан`) read as a brand, one key whose answer carried one paste's leaf to all.
      if (name.full || name.purpose.length === 0) alone.add(head);
    } else for (const stem of name.head) kinds.set(stem, (kinds.get(stem) ?? 0) + 1);
  }
  return new Set([...kinds].filter(([head, count]) => count >= 2 && !alone.has(head)).map(([head]) => head));
}

/**
 * The stems the directory names goods by after `без` (`сахар`, `глютен` of `Продукты без сахара`, `Продукты без глютена`), for a
 * brand map `readKnownBrands` gave; undefined for any other. What such goods lack says their kind: `Конфеты без сахара` are not
 * the plain sweets an answer for `конфеты` was given for.
 */
export function readDirectoryLackedWords(known: KnownBrands | undefined): ReadonlySet<string> | undefined {
  return known?.lackedWords;
}

/** Read once per index, when `readKnownBrands` builds the index's brand map. */
function collectLackedWords(index: ClassifierIndex): ReadonlySet<string> {
  const stems = new Set<string>();
  for (const name of index.leaves.flatMap((leaf) => leaf.names.filter((each) => each.language === 'rus' && each.text.includes('без')))) {
    const tokens = tokenizeForMatch(name.text);
    for (const [at, word] of tokens.entries()) if (word === 'без' && tokens[at + 1] !== undefined) stems.add(stemForIndex(tokens[at + 1] ?? ''));
  }
  return stems;
}

/** What the directory says beside its brands: carried by every brand map built for it. */
interface DirectoryWords {
  readonly abbreviations?: ReadonlySet<string>;
  readonly latinWords?: ReadonlyMap<string, ReadonlySet<string>>;
  readonly kindHeads?: ReadonlySet<string>;
  readonly lackedWords?: ReadonlySet<string>;
  readonly cutWords?: CutWordVocabulary;
}


function indexBrandNames(names: readonly string[], directory: DirectoryWords = {}): KnownBrands {
  const map: Map<string, string[][]> & { -readonly [K in keyof DirectoryWords]: DirectoryWords[K] } = new Map<string, string[][]>();
  if (directory.abbreviations !== undefined) map.abbreviations = directory.abbreviations;
  if (directory.latinWords !== undefined) map.latinWords = directory.latinWords;
  if (directory.kindHeads !== undefined) map.kindHeads = directory.kindHeads;
  if (directory.lackedWords !== undefined) map.lackedWords = directory.lackedWords;
  if (directory.cutWords !== undefined) map.cutWords = directory.cutWords;
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

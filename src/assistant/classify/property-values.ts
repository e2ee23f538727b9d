/**
 * The values of the service's dictionary attributes as words of a product type. A word that is a
 * value of an attribute linked to the leaf (`Золото` of `Материал` for rings), or the adjective made
 * of one (`золотые`), names a property the service itself records for the leaf's goods, not another
 * kind of them: `Кольца золотые` are rings. A value of an attribute the leaf does not have says
 * nothing of it: `бензиновый` (`Источник питания: Бензин`) is no property of beauty trimmers, and a
 * petrol trimmer is a garden tool. The values come from the directory, so they grow with the live
 * service and are read off no evaluation.
 */
import type { Directories } from '../../domain/index.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { ClassifierIndex, Property } from './classifier-types.js';
import { stemForIndex } from './stem-for-index.js';

// A value's word this short says too little to name a property (`От` of `От сети`, `Для` of `Для девочек`).
const MIN_VALUE_WORD = 3;
const PREPOSITIONS = new Set(['от', 'для', 'без', 'с', 'со', 'из', 'на', 'в', 'во', 'по', 'до', 'при', 'под', 'над', 'к']);
const CYRILLIC_WORD = /^[\u0400-\u04ff]+$/u;
// What turns a noun into an adjective, the whole rest of the adjective's stem: `-ов/-ев` (`бензиновый`), `-н/-ьн` (`летний`,
// `стальной`), `-ск`, `-ан/-ян` (`кожаный`, `серебряный`), `-ическ` (`металлический`). `солнечный` is no adjective of `Соль`.
const ADJECTIVE_SUFFIX = /^(?:ов|ев|н|ьн|нн|ск|ан|ян|ическ)$/u;
// What an adjective adds after a changed last consonant (`клубни` + `чн`, `керами` + `ческ`).
const ALTERNATION_REST = 4;
const ADJECTIVE_ENDING = /(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ого|его|ую|юю|ых|их)$/u;
// A noun stem this long keeps its root when an adjective changes its last consonant (`пластик` → `пластич`); a shorter one
// says too little (`кури` of `куриц` opens `курительный`).
const ALTERNATION_NOUN = 6;

/** Per dictionary attribute linked to a category: the stems of its values' Cyrillic words (both languages) and its categories. */
export function collectProperties(directories: Pick<Directories, 'attributes' | 'values'>): Property[] {
  const stemsOf = new Map<string, Set<string>>();
  for (const value of directories.values) {
    const stems = stemsOf.get(value.attributeCode) ?? new Set<string>();
    stemsOf.set(value.attributeCode, stems);
    for (const name of [value.name.rus, value.name.kaz]) {
      const tokens = tokenizeForMatch(name);
      // `От сети`, `Без аромата`, `Для девочек`: a value that opens with a preposition says a relation (or an absence), whose noun
      // is no property of the goods (`сетевой фильтр` is no filter powered from the mains).
      if (tokens.length > 1 && PREPOSITIONS.has(tokens[0] ?? '')) continue;
      const words = tokens.filter((word) => word.length >= MIN_VALUE_WORD && CYRILLIC_WORD.test(word));
      // `Морской бриз`, `Натуральная кожа`: an adjective of a value of several words qualifies its noun; only the noun is the property.
      for (const word of words) if (words.length === 1 || !ADJECTIVE_ENDING.test(word)) stems.add(stemForIndex(word));
    }
  }
  return directories.attributes
    .filter((attribute) => attribute.type === 'dictionary' && attribute.categories.length > 0 && (stemsOf.get(attribute.code)?.size ?? 0) > 0)
    .map((attribute) => ({ stems: [...(stemsOf.get(attribute.code) ?? [])].sort(), categoryIds: attribute.categories.map((link) => link.categoryId).sort((a, b) => a - b) }))
    .sort((a, b) => a.categoryIds.length - b.categoryIds.length || a.stems.join(' ').localeCompare(b.stems.join(' ')));
}

/**
 * Whether a word of a type (its stem, and the word as written) is a value of a dictionary attribute
 * linked to the leaf, or an adjective made of one.
 */
export function isPropertyWord(index: ClassifierIndex, leafId: number, stem: string, word: string): boolean {
  const known = readPropertyStems(index).get(leafId);
  if (known === undefined) return false;
  if (known.has(stem)) return true;
  if (!ADJECTIVE_ENDING.test(word)) return false;
  for (const noun of known) {
    if (stem.startsWith(noun) && ADJECTIVE_SUFFIX.test(stem.slice(noun.length))) return true;
    if (noun.length >= ALTERNATION_NOUN && stem.length >= noun.length && stem.length - noun.length < ALTERNATION_REST && stem.startsWith(noun.slice(0, -1))) return true;
  }
  return false;
}

const byIndex = new WeakMap<ClassifierIndex, ReadonlyMap<number, ReadonlySet<string>>>();

/** Leaf id → the stems of the values of its attributes, read once per index. */
function readPropertyStems(index: ClassifierIndex): ReadonlyMap<number, ReadonlySet<string>> {
  let known = byIndex.get(index);
  if (known === undefined) {
    const byLeaf = new Map<number, Set<string>>();
    for (const property of index.properties ?? []) {
      for (const id of property.categoryIds) {
        const stems = byLeaf.get(id) ?? new Set<string>();
        byLeaf.set(id, stems);
        for (const stem of property.stems) stems.add(stem);
      }
    }
    byIndex.set(index, (known = byLeaf));
  }
  return known;
}

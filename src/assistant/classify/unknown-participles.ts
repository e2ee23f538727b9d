/**
 * A past participle the directory never uses cannot point at another leaf, so it does not make the
 * head noun another kind of goods: `Молоко пастеризованное`, `Масло рафинированное`, `Творог
 * обезжиренный`, `Шланг армированный` are still milk, oil, curd and hoses. A participle says what was
 * done to the goods; where the directory files the goods so treated elsewhere, it names them with the
 * same root (`Тушёнка` for `Говядина тушёная`, `Сгущённое молоко`, `Блинчики замороженные`,
 * `Колбасы копчёные`, `Фарш` for `Перец фаршированный`), and then the word stays a doubt. Adjectives
 * of what a thing belongs to or is for (`Кольца поршневые`, `Машинка стиральная`, `Пистолет
 * клеящий`, `Ручки дверные`) are no participles of this kind and stay doubts whether the directory
 * knows them or not.
 */
import { listSynonymWords } from '../category-synonyms.js';
import type { ClassifierIndex } from './classifier-types.js';
import { stemForIndex } from './stem-for-index.js';

const ENDING = '(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ую|юю|ого|его|ых|их|ым|им|ом|ем)';
// `-ованный`, `-ированный`, `-изованный`, `-еванный` (пастеризованный, армированный); `-енный` after a verb's stem consonant
// (охлаждённый, обезжиренный, сгущённый; not `-ственный`, `-менный`, `антенный`); `-еный` likewise (копчёный, жареный, вяленый).
// The group before the suffix is the root the directory is searched for.
// A one-`н` participle takes only hard endings (копчёный, жареная): with a soft one the word is a noun made of a verb
// (`снаряжение`, `удобрение`, `оформление`), which names other goods, never what was done to these (review24a: `Палатки
// снаряжение`, `Семена удобрение` were sure picks of the first noun).
const HARD_ENDING = '(?:ый|ой|ая|ое|ые|ую|ого|ых|ым|ом)';
const PARTICIPLE = new RegExp(`^(\\p{L}{2,}?)(?:ированн|изованн|ованн|еванн)${ENDING}$|^(\\p{L}{2,}[жшщчлрдбвпз])енн${ENDING}$|^(\\p{L}{2,}[жшщчлрдбвп])ен${HARD_ENDING}$`, 'u');
const NOT_PARTICIPLE = /(?:ственн|менн)/u;
// A verb's prefixes: the root follows them (`прорезиненные` is of `резина`, `нерафинированное` of `рафинированное`).
const PREFIXES = ['ультра', 'обез', 'пере', 'пред', 'не', 'про', 'при', 'за', 'на', 'об', 'от', 'под', 'раз', 'рас', 'вы', 'до', 'из', 'ис', 'с', 'у', 'о'];
// A root shorter than this says too little to be looked up; a directory stem must be this long to be a root's beginning.
const MIN_ROOT = 4;
const MIN_STEM_PREFIX = 5;

/** The root of a past passive participle (`фарш` of `фаршированный`), or undefined when the word has not that form. */
function readParticipleRoot(word: string): string | undefined {
  if (NOT_PARTICIPLE.test(word)) return undefined;
  const match = PARTICIPLE.exec(word);
  return match === null ? undefined : (match[1] ?? match[2] ?? match[3]);
}

interface DirectoryStems {
  /** Every stem, sorted: which stems open with a root. */
  sorted: string[];
  all: Set<string>;
}

const byIndex = new WeakMap<ClassifierIndex, DirectoryStems>();

/** The stems of every word of the directory (names in both languages, paths) and of the synonyms. */
function readDirectoryStems(index: ClassifierIndex): DirectoryStems {
  let known = byIndex.get(index);
  if (known !== undefined) return known;
  const all = new Set<string>(listSynonymWords().map(stemForIndex));
  for (const leaf of index.leaves) {
    for (const stem of leaf.ancestorStems) all.add(stem);
    for (const name of leaf.names) for (const stem of [...name.head, ...name.purpose]) all.add(stem);
  }
  known = { sorted: [...all].sort(), all };
  byIndex.set(index, known);
  return known;
}

/** Whether a word of the directory opens with the root (`фарш` of `Фарш`), or the root opens with one of five letters or more. */
function isRootOfDirectory(stems: DirectoryStems, root: string): boolean {
  if (root.length < MIN_ROOT) return false;
  let low = 0;
  let high = stems.sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((stems.sorted[middle] ?? '') < root) low = middle + 1;
    else high = middle;
  }
  if (stems.sorted[low]?.startsWith(root) === true) return true;
  for (let length = MIN_STEM_PREFIX; length < root.length; length += 1) if (stems.all.has(root.slice(0, length))) return true;
  return false;
}

/** Whether a word of the directory (a leaf's name or path, either language, or the synonyms) opens with the stem, or the stem with one of five letters or more. */
export function isStemOfDirectory(index: ClassifierIndex, stem: string): boolean {
  return isRootOfDirectory(readDirectoryStems(index), stem);
}

/** Whether the stem is that of a word of the directory (a leaf's name or path, either language) or of the synonyms, exactly. */
export function isExactStemOfDirectory(index: ClassifierIndex, stem: string): boolean {
  return readDirectoryStems(index).all.has(stem);
}

/** Whether a word of a product type is a participle whose root no word of the directory shares, with or without a prefix: it changes no kind. */
export function isUnknownParticiple(index: ClassifierIndex, word: string): boolean {
  const root = readParticipleRoot(word);
  if (root === undefined) return false;
  const stems = readDirectoryStems(index);
  const unprefixed = (text: string): string[] => [text, ...PREFIXES.filter((prefix) => text.startsWith(prefix)).map((prefix) => text.slice(prefix.length))];
  const candidates = [...unprefixed(root), ...unprefixed(stemForIndex(word))];
  return !candidates.some((candidate) => isRootOfDirectory(stems, candidate));
}

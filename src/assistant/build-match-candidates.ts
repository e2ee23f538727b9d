/**
 * Match candidates built from the directories: leaf categories (names and paths in both
 * languages), brands (name and code), the values of one attribute (names, code, and the English
 * words of the code such as `black` in `color_black`), and attributes (for column headers).
 */
import type { Attribute, AttributeValue, Brand, Category, Directories } from '../domain/index.js';
import { buildCategoryPath, type DirectoryIndex } from '../mapping/directory-index.js';
import type { CandidateMatcherOptions, CandidateName, MatchCandidate, ScoredCandidate } from './score-candidates.js';

/** Company-form words that do not tell brands apart (`Samsung Electronics`, `ТОО Рахат`). */
export const BRAND_NOISE_WORDS: readonly string[] = [
  'electronics',
  'electronic',
  'inc',
  'ltd',
  'llc',
  'corp',
  'corporation',
  'co',
  'company',
  'group',
  'gmbh',
  'official',
  'technologies',
  'technology',
  'professional',
  'originals',
  'brand',
  'тоо',
  'ооо',
  'ао',
  'ип',
  'компания',
  'бренд',
];

/** Score factor of the English words of a value code (`black` for `color_black`): a hint, not a name. */
const CODE_WORDS_FACTOR = 0.97;

/** Leaf categories as candidates; `key` is the id. */
export function buildCategoryCandidates(index: DirectoryIndex): MatchCandidate<Category>[] {
  return index.directories.categories
    .filter((category) => !index.nonLeafIds.has(category.id))
    .map((category) => {
      const pathRus = buildCategoryPath(category, index.categoryById);
      const paths = [pathRus];
      if (category.path !== null && category.path.kaz !== '') paths.push(category.path.kaz);
      return {
        key: String(category.id),
        label: `${pathRus} [${category.id}]`,
        names: [{ text: category.name.rus }, { text: category.name.kaz }],
        paths,
        entry: category,
      };
    });
}

/** A leaf as a question's candidate that a rule adds beside the matcher's own (the names' leaf, a list's other kind). */
export function buildAddedCategoryCandidate(category: Category, index: DirectoryIndex, score: number): ScoredCandidate<Category> {
  const pathKaz = category.path?.kaz ?? '';
  return { key: String(category.id), label: `${buildCategoryPath(category, index.categoryById)} [${category.id}]${pathKaz === '' ? '' : ` (${pathKaz})`}`, score, exact: false, entry: category };
}

/** Brands as candidates; `key` is the id. */
export function buildBrandCandidates(directories: Directories): MatchCandidate<Brand>[] {
  return directories.brands.map((brand) => ({
    key: String(brand.id),
    label: `${brand.name} [${brand.id}]`,
    names: brand.code === null ? [{ text: brand.name }] : [{ text: brand.name }, { text: brand.code }],
    entry: brand,
  }));
}

/** The values of one attribute as candidates; `key` is the value code. */
export function buildValueCandidates(index: DirectoryIndex, attributeCode: string): MatchCandidate<AttributeValue>[] {
  const values = index.valuesByAttribute.get(attributeCode)?.all ?? [];
  return values.map((value) => {
    const names: CandidateName[] = [{ text: value.name.rus }, { text: value.name.kaz }, { text: value.code }];
    const words = buildCodeWords(value.code, attributeCode);
    if (words !== '') names.push({ text: words, factor: CODE_WORDS_FACTOR });
    return {
      key: value.code,
      label: `${value.name.rus || value.code} (${value.code})`,
      names,
      entry: value,
    };
  });
}

/** Matcher options for the values of an attribute: the attribute's own name is noise in a value (`42 размер`). */
export function buildValueMatcherOptions(attribute: Attribute): CandidateMatcherOptions {
  return { ignoreWords: [attribute.name.rus, attribute.name.kaz, 'размер', 'өлшемі', 'size', 'цвет', 'түсі', 'color', 'colour'] };
}

/** Attributes as candidates for column headers; `key` is the code. */
export function buildAttributeCandidates(directories: Directories): MatchCandidate<Attribute>[] {
  return directories.attributes.map((attribute) => ({
    key: attribute.code,
    label: `${attribute.name.rus} (${attribute.code})`,
    names: [{ text: attribute.name.rus }, { text: attribute.name.kaz }, { text: attribute.code }],
    entry: attribute,
  }));
}

/** `color_light_blue` of `color` → `light blue`; `size_xl` of `size_clothing` → `xl`. */
function buildCodeWords(code: string, attributeCode: string): string {
  const parts = code.split(/[_\s-]+/).filter((part) => part !== '');
  if (parts.length < 2) return '';
  const prefixes = new Set(attributeCode.split('_'));
  // The first part is always the attribute's prefix (`color_`, `os_`, `lang_`); more may follow (`size_kids_`).
  let start = 1;
  while (start < parts.length - 1 && prefixes.has(parts[start] ?? '')) start += 1;
  return parts.slice(start).join(' ');
}

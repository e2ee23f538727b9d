/**
 * The matchers of one set of directories, prepared lazily and kept for the run: categories,
 * brands, the attributes (for headers) and the values of each attribute.
 */
import type { Attribute, AttributeValue, Brand, Category, Directories } from '../domain/index.js';
import { createDirectoryIndex, type DirectoryIndex } from '../mapping/directory-index.js';
import {
  BRAND_NOISE_WORDS,
  buildAttributeCandidates,
  buildBrandCandidates,
  buildCategoryCandidates,
  buildValueCandidates,
  buildValueMatcherOptions,
} from './build-match-candidates.js';
import { createBrandSoundIndex, type BrandSoundIndex } from './match-brand-by-sound.js';
import { classifyProduct } from './classify/classify-product.js';
import type { Classification, ClassifierIndex } from './classify/classifier-types.js';
import { getClassifierIndex } from './classify/load-classifier-index.js';
import { confirmCategoryByProducts } from './confirm-category-by-products.js';
import { CATEGORY_THRESHOLDS, createCategoryMatcher, type CategoryMatcher } from './match-category.js';
import { createCandidateMatcher, type CandidateMatcher } from './score-candidates.js';

/** Matchers over one set of directories. */
export interface DirectoryMatchers {
  index: DirectoryIndex;
  categories(): CandidateMatcher<Category>;
  /** Category labels with the file's context: shared names, gender words, parent paths (see `match-category.ts`). */
  categoryMatcher(): CategoryMatcher;
  brands(): CandidateMatcher<Brand>;
  /** Latin-script brands by the sound of a Cyrillic spelling (`Хаггис` → `Huggies`). */
  brandSounds(): BrandSoundIndex;
  attributes(): CandidateMatcher<Attribute>;
  /** The values of one attribute; undefined for an unknown attribute. */
  values(attributeCode: string): CandidateMatcher<AttributeValue> | undefined;
  /**
   * The product classifier's reading of one product name alone, kept for the run (bounded): `mapping init` reads a name
   * for its category label (`confirm-category-by-products.ts`) and again for the file's sections.
   */
  classifyName(name: string): Classification;
}

// The most product names whose readings are kept; past it the kept ones are dropped and read again on need.
const MAX_CLASSIFIED_NAMES = 20_000;

/** Creates the matchers; each is built on first use. */
export function createDirectoryMatchers(directories: Directories, index: DirectoryIndex = createDirectoryIndex(directories)): DirectoryMatchers {
  let categories: CandidateMatcher<Category> | undefined;
  let categoryMatcher: CategoryMatcher | undefined;
  let brands: CandidateMatcher<Brand> | undefined;
  let brandSounds: BrandSoundIndex | undefined;
  let attributes: CandidateMatcher<Attribute> | undefined;
  const values = new Map<string, CandidateMatcher<AttributeValue>>();
  let classifier: ClassifierIndex | undefined;
  const classified = new Map<string, Classification>();
  const classifyName = (name: string): Classification => {
    let result = classified.get(name);
    if (result === undefined) {
      result = classifyProduct((classifier ??= getClassifierIndex(index.directories, index)), { name });
      if (classified.size >= MAX_CLASSIFIED_NAMES) classified.clear();
      classified.set(name, result);
    }
    return result;
  };
  return {
    index,
    classifyName,
    categories: () => (categories ??= createCandidateMatcher(buildCategoryCandidates(index))),
    categoryMatcher: () => (categoryMatcher ??= confirmCategoryByProducts(createCategoryMatcher(index, CATEGORY_THRESHOLDS, classifyName), index, classifyName)),
    brands: () => (brands ??= createCandidateMatcher(buildBrandCandidates(directories), { ignoreWords: BRAND_NOISE_WORDS })),
    brandSounds: () => (brandSounds ??= createBrandSoundIndex(directories.brands)),
    attributes: () => (attributes ??= createCandidateMatcher(buildAttributeCandidates(directories))),
    values(attributeCode) {
      const attribute = index.attributeByCode.get(attributeCode);
      if (attribute === undefined) return undefined;
      let matcher = values.get(attributeCode);
      if (matcher === undefined) {
        matcher = createCandidateMatcher(buildValueCandidates(index, attributeCode), buildValueMatcherOptions(attribute));
        values.set(attributeCode, matcher);
      }
      return matcher;
    },
  };
}

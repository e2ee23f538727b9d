/**
 * The reference directories as the tool reasons with them: categories, attributes, attribute
 * values and brands, whatever spelling the service used on the wire. The wire layer
 * (`src/api/`) translates answers into these shapes; nothing here names a wire field.
 */

/** A name in Russian and Kazakh; a language the service did not give is `''`. */
export interface Localized {
  rus: string;
  kaz: string;
}

/**
 * A category. `path` is the readable path from the root (` / ` between levels) when it is known;
 * `isLeaf` says whether products may be placed in it.
 */
export interface Category {
  id: number;
  parentId: number | null;
  name: Localized;
  path: Localized | null;
  isLeaf: boolean;
}

/** How an attribute takes its values. `dictionary` values must be codes of the value directory; the others are free. */
export type AttributeType = 'dictionary' | 'text' | 'number' | 'boolean';

/** An attribute's link to one category. */
export interface AttributeCategory {
  categoryId: number;
  isRequired: boolean;
  /**
   * `unclear`: the directory states the requirement once for the attribute over several categories
   * (an attribute-level `isRequired` beside `categoryIds`), so it cannot say in which of them it
   * holds. Such a requirement is a warning unless the mapping or `validation.requiredAttributes`
   * says otherwise (issue 37 item 5). Absent: stated for this category.
   */
  requirementScope?: 'unclear';
}

/** An attribute of the attribute directory. */
export interface Attribute {
  id: number;
  code: string;
  name: Localized;
  type: AttributeType;
  /** Several values allowed in one product. */
  isMultiple: boolean;
  /** SKU-defining (colour, size): sent per SKU, not per product. */
  isSkuDefining: boolean;
  /** Categories the attribute belongs to, and whether it is required there. */
  categories: AttributeCategory[];
  /**
   * Properties the directory did not state, whose value above is the tool's default: the
   * mapping's `free:`/`level:` overrides are honoured for these and refused only for stated ones.
   */
  unstated?: AttributeFact[];
}

/** Attribute properties the directory may leave unstated. */
export type AttributeFact = 'type' | 'isSkuDefining' | 'isMultiple';

/** A value of the attribute value directory. */
export interface AttributeValue {
  id: number;
  code: string;
  attributeCode: string;
  attributeId: number | null;
  name: Localized;
}

/** A brand. */
export interface Brand {
  id: number;
  name: string;
  code: string | null;
}

/** The four reference directories, as fetched (all pages) and cached. */
export interface Directories {
  categories: Category[];
  attributes: Attribute[];
  values: AttributeValue[];
  brands: Brand[];
  /** ISO time the directories were fetched from the service. */
  fetchedAt: string;
}

/** Names of the four directories. */
export type DirectoryName = 'categories' | 'attributes' | 'values' | 'brands';

/** The four directories in the order the interface lists them (and a sweep or a profile reads them). */
export const DIRECTORY_NAMES: readonly DirectoryName[] = ['categories', 'attributes', 'values', 'brands'];

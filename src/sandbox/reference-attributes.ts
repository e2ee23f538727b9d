/**
 * Attributes and attribute values of the sandbox's reference data, and which attributes each
 * category profile uses. Attribute ids follow list order (from 1), value ids are
 * `attributeId * 1000 + position` (from 1): append only, never insert, so ids stay stable. The
 * lists themselves are data: `reference/attributes.json`.
 */
import type { AttributeType } from '../domain/index.js';
import { readReferenceFile } from './read-reference-file.js';
import type { CategoryProfile } from './reference-category-tree.js';

/** One attribute of the directory and, for dictionary attributes, its values. */
interface AttributeDef {
  code: string;
  rus: string;
  kaz: string;
  type: AttributeType;
  isMultiple: boolean;
  isSkuDefining: boolean;
  /** `[code, rus, kaz]`; empty for free (text, number, boolean) attributes. */
  values: [string, string, string][];
}

/** Attributes and profiles as `reference/attributes.json` holds them. */
interface AttributesFile {
  attributes: AttributeDef[];
  profiles: Record<CategoryProfile, [string, boolean][]>;
}

const FILE = readReferenceFile<AttributesFile>('attributes.json');

/** Every attribute, in id order. Append only. */
export const ATTRIBUTE_DEFS: AttributeDef[] = FILE.attributes;

/** `[attributeCode, isRequired]` pairs per profile. `country_of_origin` (optional) is added to every leaf. */
export const PROFILE_ATTRIBUTES: Record<CategoryProfile, [string, boolean][]> = FILE.profiles;

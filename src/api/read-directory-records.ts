/**
 * Directory records by meaning, one small reader per directory. Each takes one raw record and
 * returns the domain record plus the facts that only the other directories can settle (links
 * served per category, values tied to their attribute by id, leaves derived from parent ids);
 * `link-directories.ts` settles those once all four are read.
 */
import type { Attribute, AttributeCategory, AttributeType, AttributeValue, Brand, Category, DirectoryName, Localized } from '../domain/index.js';
import { SchemaMismatchError } from '../core/errors.js';
import { readRecordName } from './read-localized.js';
import { createRecordReader, readFlag, readIntegerId } from './record-reader.js';
import type { RecordReader } from './record-reader.js';
import { buildMissingFieldError, noteUnusedFields } from './wire-read-context.js';
import type { WireReadContext } from './wire-read-context.js';
import { FLAG_NAME_CLASSES, isNameOfClass } from './wire-aliases.js';
import type { WireMeaning } from './wire-aliases.js';
import { isPlainRecord } from '../core/is-plain-record.js';

/** A category as read, before leaves and paths are settled. */
export interface RawCategory {
  category: Category;
  /** `isLeaf` as the record stated it (also from `hasChildren`), or undefined. */
  statedLeaf: boolean | undefined;
  /** True when the record came with a `children` list (tree form). */
  fromTree: boolean;
  /** Attribute links the category carried itself. */
  /** `isRequired` absent: the category lists the attribute without saying whether it is required there. */
  attributeLinks: { attributeId?: number; attributeCode?: string; isRequired?: boolean }[];
}

/** An attribute as read. */
export interface RawAttribute {
  attribute: Attribute;
  /** Values listed inside the attribute record, if any. */
  values: AttributeValue[];
}

/** A value as read: its attribute may be known by id only. */
export type RawValue = AttributeValue & {
  /** A value naming no attribute by a known name: its other integer fields, one of which may be the link (`link-directories.ts` finds it by value). */
  linkCandidates?: Record<string, number>;
};

/** What each directory's reader returns per raw record (categories may expand to many in tree form). */
export interface RawRecordMap {
  categories: RawCategory;
  attributes: RawAttribute;
  values: RawValue;
  brands: Brand;
}

/** Reads the records of one page; `firstIndex` is the position of the page's first record in the directory. */
export type DirectoryRecordReader<N extends DirectoryName> = (items: readonly unknown[], context: WireReadContext, recordPath: (index: number) => string) => RawRecordMap[N][];

/** The readers, one per directory. */
export const DIRECTORY_READERS: { [N in DirectoryName]: DirectoryRecordReader<N> } = {
  categories: (items, context, recordPath) => items.flatMap((item, index) => readCategoryTree(item, context, recordPath(index), null, null)),
  attributes: (items, context, recordPath) => items.map((item, index) => readAttribute(item, context, recordPath(index))),
  values: (items, context, recordPath) => items.map((item, index) => readValue(item, context, recordPath(index), undefined)),
  brands: (items, context, recordPath) => items.map((item, index) => readBrand(item, context, recordPath(index))),
};

/** Attribute type words, by meaning; compared folded (lower case, letters and digits only). */
const ATTRIBUTE_TYPE_WORDS: Record<AttributeType, readonly string[]> = {
  dictionary: ['dictionary', 'dict', 'enum', 'enumeration', 'list', 'select', 'singleselect', 'multiselect', 'option', 'options', 'choice', 'reference', 'catalog', 'directory', 'lookup', 'multilist'],
  text: ['text', 'string', 'str', 'textarea', 'freetext', 'varchar', 'html', 'richtext', 'longtext', 'char'],
  number: ['number', 'integer', 'int', 'decimal', 'float', 'double', 'numeric', 'long', 'real', 'int32', 'int64'],
  boolean: ['boolean', 'bool', 'flag', 'checkbox', 'yesno', 'logical'],
};

const TYPE_BY_WORD = new Map<string, AttributeType>(
  (Object.entries(ATTRIBUTE_TYPE_WORDS) as [AttributeType, readonly string[]][]).flatMap(([type, words]) => words.map((word) => [word, type] as const)),
);

/** A type word folded for comparison (case, spaces and punctuation ignored; any script kept). */
function foldTypeWord(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The service's own type words (`service.attributeTypes`) as a lookup, folded. */
export function buildTypeWords(own: Partial<Record<AttributeType, readonly string[] | undefined>> | undefined): ReadonlyMap<string, AttributeType> {
  return new Map((Object.entries(own ?? {}) as [AttributeType, readonly string[] | undefined][]).flatMap(([type, words]) => (words ?? []).map((word) => [foldTypeWord(word), type] as const)));
}

/** The attribute type a service word means (its own words first), or undefined for a word not known. */
function readAttributeType(word: string, own?: ReadonlyMap<string, AttributeType>): AttributeType | undefined {
  const folded = foldTypeWord(word);
  return own?.get(folded) ?? TYPE_BY_WORD.get(folded);
}

function readerOf(item: unknown, context: WireReadContext, path: string): RecordReader {
  if (!isPlainRecord(item)) throw new SchemaMismatchError(context.endpoint, [{ path, message: `expected an object, got ${Array.isArray(item) ? 'an array' : typeof item}` }]);
  return createRecordReader(item);
}

function requireId(reader: RecordReader, context: WireReadContext, path: string, meaning: WireMeaning): number {
  const found = reader.find(context.aliases[meaning]);
  if (found === undefined) throw buildMissingFieldError(context, path, meaning, reader.keys());
  const id = readIntegerId(found.value);
  if (id === undefined) throw buildMissingFieldError(context, path, meaning, reader.keys(), `(field ${found.key}) is not an integer id below 2^53 (got ${JSON.stringify(found.value)})`);
  return id;
}

function requireText(reader: RecordReader, context: WireReadContext, path: string, meaning: WireMeaning): string {
  const value = reader.get(context.aliases[meaning]);
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value.trim() === '') throw buildMissingFieldError(context, path, meaning, reader.keys());
  return value;
}

function requireName(reader: RecordReader, context: WireReadContext, path: string, kind: 'category' | 'attribute' | 'value'): Localized {
  const a = context.aliases;
  const name = readRecordName(reader, a, { name: a[`${kind}.name`], rus: a[`${kind}.nameRus`], kaz: a[`${kind}.nameKaz`] });
  if (name === undefined) throw buildMissingFieldError(context, path, `${kind}.name`, reader.keys());
  return name;
}

function readCategoryTree(item: unknown, context: WireReadContext, path: string, parentId: number | null, parentPath: Localized | null): RawCategory[] {
  const reader = readerOf(item, context, path);
  const a = context.aliases;
  const id = requireId(reader, context, path, 'category.id');
  const name = requireName(reader, context, path, 'category');
  const statedParent = reader.find(a['category.parentId']);
  const parentValue = statedParent === undefined ? undefined : isPlainRecord(statedParent.value) ? createRecordReader(statedParent.value).get(a['category.id']) : statedParent.value;
  const ownParent = readIntegerId(parentValue);
  const statedPath = readRecordName(reader, a, { name: a['category.path'], rus: [], kaz: [] });
  const children = reader.find(a['category.children']);
  const childList = children !== undefined && Array.isArray(children.value) ? children.value : undefined;
  const leafFlag = readFlag(reader.get(a['category.isLeaf']));
  const hasChildren = readFlag(reader.get(a['category.hasChildren']));
  const statedLeaf = leafFlag ?? (hasChildren === undefined ? undefined : !hasChildren);
  reader.markUsed(a['category.level']);
  const category: Category = {
    id,
    parentId: ownParent ?? parentId,
    name,
    path: statedPath ?? (parentPath === null ? null : { rus: joinPath(parentPath.rus, name.rus), kaz: joinPath(parentPath.kaz, name.kaz) }),
    isLeaf: statedLeaf ?? (childList === undefined ? true : childList.length === 0),
  };
  const attributeLinks = readCategoryLinks(reader, context, path);
  noteUnusedFields(context, reader.unusedKeys());
  const self: RawCategory = { category, statedLeaf, fromTree: childList !== undefined || parentPath !== null, attributeLinks };
  if (childList === undefined) return [self];
  const ownPath = category.path ?? name;
  return [self, ...childList.flatMap((child, index) => readCategoryTree(child, context, `${path}.${children?.key ?? 'children'}[${index}]`, id, ownPath))];
}

function joinPath(parent: string, name: string): string {
  return parent === '' ? name : name === '' ? parent : `${parent} / ${name}`;
}

function readCategoryLinks(reader: RecordReader, context: WireReadContext, path: string): RawCategory['attributeLinks'] {
  const a = context.aliases;
  const links: RawCategory['attributeLinks'] = [];
  const ids = reader.get(a['category.attributeIds']);
  if (Array.isArray(ids)) for (const value of ids) {
    const attributeId = readIntegerId(value);
    if (attributeId !== undefined) links.push({ attributeId });
  }
  const list = reader.get(a['category.attributes']);
  if (Array.isArray(list)) {
    list.forEach((entry, index) => {
      if (typeof entry === 'string') return void links.push({ attributeCode: entry });
      const asId = readIntegerId(entry);
      if (asId !== undefined) return void links.push({ attributeId: asId });
      if (!isPlainRecord(entry)) return;
      const link = createRecordReader(entry);
      const attributeId = readIntegerId(link.get(a['link.attributeId']));
      const code = link.get(a['link.attributeCode']);
      const isRequired = readFlag(link.get(a['link.isRequired']));
      if (attributeId === undefined && typeof code !== 'string') throw buildMissingFieldError(context, `${path}.attributes[${index}]`, 'link.attributeId', link.keys());
      links.push({ ...(attributeId === undefined ? {} : { attributeId }), ...(typeof code === 'string' ? { attributeCode: code } : {}), ...(isRequired === undefined ? {} : { isRequired }) });
      noteUnusedFields(context, link.unusedKeys(), 'attributes[]');
    });
  }
  return links;
}

function readAttribute(item: unknown, context: WireReadContext, path: string): RawAttribute {
  const reader = readerOf(item, context, path);
  const a = context.aliases;
  const id = requireId(reader, context, path, 'attribute.id');
  const code = requireText(reader, context, path, 'attribute.code');
  const name = requireName(reader, context, path, 'attribute');
  const unstated: Attribute['unstated'] = [];

  const typeWord = reader.find(a['attribute.type']);
  let type: AttributeType = 'dictionary';
  const known = typeWord === undefined ? undefined : readAttributeType(String(typeWord.value), context.typeWords);
  if (known !== undefined) type = known;
  else {
    unstated.push('type');
    if (typeWord !== undefined) {
      const endpoint = context.ledgerEndpoint ?? context.endpoint;
      context.ledger.noteOnce(`${endpoint} type ${String(typeWord.value)}`, `${endpoint}: attribute type "${String(typeWord.value)}" (field ${typeWord.key}) ${UNKNOWN_TYPE_WORD_NOTE}; such attributes are taken as dictionary when the value directory lists values for them, else as free text; teach it under service.attributeTypes in the settings (e.g. dictionary: [\"${String(typeWord.value)}\"]) — see docs/service-profile.md`);
    }
  }

  const multiple = readFlag(reader.get(a['attribute.isMultiple']));
  if (multiple === undefined) unstated.push('isMultiple');
  const skuFlag = readFlag(reader.get(a['attribute.isSkuDefining'])) ?? readFlagByClass(item, reader, context, 'attribute.isSkuDefining');
  const levelWord = reader.get(a['attribute.level']);
  const skuByLevel = typeof levelWord === 'string' ? readLevelWord(levelWord) : undefined;
  const isSkuDefining = skuFlag ?? skuByLevel;
  if (isSkuDefining === undefined) unstated.push('isSkuDefining');

  const categories = readAttributeCategories(reader, context, path);
  const valuesField = reader.find(a['attribute.values']);
  const values = valuesField !== undefined && Array.isArray(valuesField.value)
    ? valuesField.value.map((value, index) => readValue(value, context, `${path}.${valuesField.key}[${index}]`, { code, id }))
    : [];
  noteUnstatedBesideFlags(item, reader, context, unstated);
  noteUnusedFields(context, reader.unusedKeys());
  const attribute: Attribute = { id, code, name, type, isMultiple: multiple ?? false, isSkuDefining: isSkuDefining ?? false, categories };
  if (unstated.length > 0) attribute.unstated = unstated;
  return { attribute, values };
}

/** Marks the notes that tell a flag was read by the class of its name (information, not a problem). */
export const READ_BY_NAME_NOTE = 'read by the words of its name';

/** The note said once per attribute type word not known (doctor suggests `service.attributeTypes` for it). */
export const UNKNOWN_TYPE_WORD_NOTE = 'is not a known type word';
/** Marks the notes that tell a fact is unstated while boolean fields went unused. */
export const UNSTATED_BESIDE_FLAGS_NOTE = 'yet the records carry boolean field(s) not understood';

/** Unused fields of the record holding a true/false value. */
function findUnusedFlags(item: unknown, reader: RecordReader): string[] {
  const record = isPlainRecord(item) ? item : {};
  return reader.unusedKeys().filter((key) => {
    const value = record[key];
    return typeof value === 'boolean' || (typeof value === 'string' && ['true', 'false'].includes(value.trim().toLowerCase()));
  });
}

/**
 * With no alias of `meaning` present: the one unused boolean field whose name is of the meaning's
 * class (several are ambiguous and read as none). Said once, so the reading is never silent.
 */
function readFlagByClass(item: unknown, reader: RecordReader, context: WireReadContext, meaning: WireMeaning): boolean | undefined {
  const words = FLAG_NAME_CLASSES[meaning];
  if (words === undefined) return undefined;
  const candidates = findUnusedFlags(item, reader).filter((key) => isNameOfClass(key, words));
  if (candidates.length !== 1) return undefined;
  const found = reader.find(candidates);
  const value = readFlag(found?.value);
  if (found === undefined || value === undefined) return undefined;
  const endpoint = context.ledgerEndpoint ?? context.endpoint;
  context.ledger.noteOnce(
    `${endpoint} ${meaning} by name ${found.key}`,
    `${endpoint}: field ${found.key} taken as ${meaning} (${READ_BY_NAME_NOTE}); if it means something else, name the right field in service.fields["${meaning}"]`,
  );
  return value;
}

/** A fact the import needs left unstated beside unused boolean fields is said once: one of them may be it. */
function noteUnstatedBesideFlags(item: unknown, reader: RecordReader, context: WireReadContext, unstated: NonNullable<Attribute['unstated']>): void {
  const facts = unstated.filter((fact) => fact === 'isSkuDefining' || fact === 'isMultiple');
  if (facts.length === 0) return;
  const flags = findUnusedFlags(item, reader);
  if (flags.length === 0) return;
  const endpoint = context.ledgerEndpoint ?? context.endpoint;
  for (const fact of facts) {
    context.ledger.noteOnce(
      `${endpoint} unstated ${fact} beside flags`,
      `${endpoint}: attributes do not state ${fact}, ${UNSTATED_BESIDE_FLAGS_NOTE}: ${flags.join(', ')}; if one of them says it, name it in service.fields["attribute.${fact}"] — until then ${fact === 'isSkuDefining' ? 'such attributes are product-level' : 'such attributes take one value'} unless the mapping says otherwise`,
    );
  }
}

function readLevelWord(word: string): boolean | undefined {
  const folded = word.toLowerCase().replace(/[^a-z]/g, '');
  if (['sku', 'variant', 'variation', 'offer', 'item'].includes(folded)) return true;
  if (['product', 'model', 'card', 'productcard'].includes(folded)) return false;
  return undefined;
}

function readAttributeCategories(reader: RecordReader, context: WireReadContext, path: string): AttributeCategory[] {
  const a = context.aliases;
  const attributeRequired = readFlag(reader.get(a['attribute.isRequired'])) ?? false;
  const out = new Map<number, AttributeCategory>();
  const linksField = reader.find([...a['attribute.categories'], ...a['attribute.categoryIds']]);
  const more = reader.find(a['attribute.categoryIds']);
  // Links that take the attribute-level flag: per category only when there is one category.
  const inherited = new Set<number>();
  for (const field of [linksField, more]) {
    if (field === undefined || !Array.isArray(field.value)) continue;
    field.value.forEach((entry, index) => {
      const plainId = readIntegerId(entry);
      if (plainId !== undefined) {
        if (!out.has(plainId)) {
          out.set(plainId, { categoryId: plainId, isRequired: attributeRequired });
          inherited.add(plainId);
        }
        return;
      }
      if (!isPlainRecord(entry)) return;
      const link = createRecordReader(entry);
      const categoryValue = link.get(a['link.categoryId']);
      const categoryId = readIntegerId(isPlainRecord(categoryValue) ? createRecordReader(categoryValue).get(a['category.id']) : categoryValue);
      if (categoryId === undefined) throw buildMissingFieldError(context, `${path}.${field.key}[${index}]`, 'link.categoryId', link.keys());
      const stated = readFlag(link.get(a['link.isRequired']));
      out.set(categoryId, { categoryId, isRequired: stated ?? attributeRequired });
      if (stated === undefined) inherited.add(categoryId);
      else inherited.delete(categoryId);
      noteUnusedFields(context, link.unusedKeys(), `${field.key}[]`);
    });
  }
  return markUnclearScope([...out.values()], inherited, out.size);
}

/**
 * A required flag stated once for an attribute linked to several categories cannot say in which
 * of them it holds (a service may set it when the attribute is required in any one): those links
 * are `requirementScope: 'unclear'`. A false flag is clear (required nowhere), and so is one category.
 */
function markUnclearScope(links: AttributeCategory[], inherited: ReadonlySet<number>, count: number): AttributeCategory[] {
  if (count < 2) return links;
  return links.map((link) => (link.isRequired && inherited.has(link.categoryId) ? { ...link, requirementScope: 'unclear' } : link));
}

function readValue(item: unknown, context: WireReadContext, path: string, owner: { code: string; id: number } | undefined): RawValue {
  const reader = readerOf(item, context, path);
  const a = context.aliases;
  const id = requireId(reader, context, path, 'value.id');
  const code = requireText(reader, context, path, 'value.code');
  const name = requireName(reader, context, path, 'value');
  const attributeField = reader.get(a['value.attributeCode']);
  const attributeCode = typeof attributeField === 'string' ? attributeField : isPlainRecord(attributeField) ? String(createRecordReader(attributeField).get(a['attribute.code']) ?? '') : '';
  const attributeIdValue = reader.get(a['value.attributeId']) ?? (isPlainRecord(attributeField) ? createRecordReader(attributeField).get(a['attribute.id']) : undefined);
  const attributeId = readIntegerId(attributeIdValue) ?? owner?.id ?? null;
  const linkCandidates = attributeId === null && attributeCode === '' && owner === undefined ? readIntegerFields(item as Record<string, unknown>, reader.unusedKeys()) : undefined;
  noteUnusedFields(context, reader.unusedKeys(), owner === undefined ? undefined : 'values[]');
  return { id, code, attributeCode: attributeCode || owner?.code || '', attributeId, name, ...(linkCandidates === undefined ? {} : { linkCandidates }) };
}

/** The integer fields among `keys` (a possible link to another directory). */
function readIntegerFields(record: Record<string, unknown>, keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of keys) {
    const value = readIntegerId(record[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function readBrand(item: unknown, context: WireReadContext, path: string): Brand {
  const reader = readerOf(item, context, path);
  const a = context.aliases;
  const id = requireId(reader, context, path, 'brand.id');
  const nameField = reader.get(a['brand.name']);
  const localized = readRecordName(reader, a, { name: a['brand.name'], rus: [], kaz: [] });
  const name = typeof nameField === 'string' ? nameField : localized ? localized.rus || localized.kaz : '';
  if (name === '') throw buildMissingFieldError(context, path, 'brand.name', reader.keys());
  const code = reader.get(a['brand.code']);
  noteUnusedFields(context, reader.unusedKeys());
  return { id, name, code: typeof code === 'string' && code !== '' ? code : null };
}

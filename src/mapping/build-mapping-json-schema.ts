/**
 * The JSON Schema of the mapping file, for editor completion and checks in `mappings/*.yaml`
 * (`# yaml-language-server: $schema=../schemas/mapping.schema.json`). Generated from the zod schema;
 * `schemas/mapping.schema.json` is the committed copy, kept fresh by a test.
 */
import { z } from 'zod';
import { mappingSchema } from './mapping-schema.js';

/** The mapping file's JSON Schema (draft 2020-12), describing the input form (defaults optional). */
export function buildMappingJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(mappingSchema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' });
  return {
    ...schema,
    $id: 'https://catalog-import.local/schemas/mapping.schema.json',
    title: 'catalog-import mapping',
    description: "How a seller's XLSX/CSV sheet maps to Seller Catalog Service import items. See docs/mapping.md.",
  };
}

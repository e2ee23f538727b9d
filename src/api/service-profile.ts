/**
 * The client's part of the service profile (settings `service`, see docs/service-profile.md):
 * what to call things on the wire and how the service pages and speaks about jobs. Paths are
 * given separately (`paths`).
 */
import type { AttributeType, DirectoryName, StatusVocabulary } from '../domain/index.js';
import type { WireAliasOverrides } from './wire-aliases.js';

/** Page sizes per endpoint. */
export type PageSizes = Partial<Record<DirectoryName | 'list', number | undefined>>;

/** The service profile as the client uses it. */
export interface ServiceProfile {
  /** Extra names per meaning (`attribute.isSkuDefining: [isVariantAttr]`), tried before the defaults. */
  fields?: WireAliasOverrides;
  /** Extra status words per meaning, added to the defaults. */
  statuses?: { [K in keyof StatusVocabulary]?: readonly string[] | undefined };
  /** Page size asked for per endpoint (default: the client's `pageSize`). */
  pageSizes?: PageSizes;
  /** Ids per details request (default 30). */
  detailsBatch?: number;
  /** The service's own attribute type words per type, tried before the built-in ones. */
  attributeTypes?: Partial<Record<AttributeType, readonly string[] | undefined>>;
}

/**
 * The structural dialects (issue 37): each a trait over the interface dialect, composed by
 * name (`cursor+translations`). Records come from the interface (or a trait's own), are paged
 * (page numbers, or a trait's pager), then rewritten by the traits that rewrite bodies; the
 * writers a trait replaces win over the interface's.
 */
import { ConfigError } from '../../core/errors.js';
import { attributeScopeTrait } from './attribute-scope-trait.js';
import { cursorPagingTrait } from './cursor-paging-trait.js';
import { mapAnswerBody, selectInterfaceRecords, writeNumberedListPage, writeNumberedPage } from './dialect-kit.js';
import { SANDBOX_DIALECT_NAMES, STRUCTURAL_DIALECT_NAMES } from './dialect-types.js';
import type { DialectPager, DialectTrait, SandboxDialect, StructuralDialectName } from './dialect-types.js';
import { interfaceDialect } from './interface-dialect.js';
import { jobLinksTrait } from './job-links-trait.js';
import { jsonApiErrorsTrait } from './jsonapi-errors-trait.js';
import { partialStatusTrait } from './partial-status-trait.js';
import { translationListsTrait } from './translation-lists-trait.js';

/** Every structural trait, by name. */
const DIALECT_TRAITS: Record<StructuralDialectName, DialectTrait> = {
  cursor: cursorPagingTrait,
  translations: translationListsTrait,
  'job-links': jobLinksTrait,
  jsonapi: jsonApiErrorsTrait,
  'attribute-scope': attributeScopeTrait,
  'partial-status': partialStatusTrait,
};

/** The interface's paging by page number, as a pager. */
const NUMBERED_PAGER: DialectPager = {
  maxPageSize: interfaceDialect.maxPageSize,
  directory: (records, paging) => writeNumberedPage(records, paging),
  list: writeNumberedListPage,
};

/** Reads `cursor+translations` into trait names; throws `ConfigError` naming a word that is not one. */
export function parseStructuralSpec(spec: string): StructuralDialectName[] {
  const words = spec.split('+').map((word) => word.trim());
  const wrong = words.filter((word) => !(STRUCTURAL_DIALECT_NAMES as readonly string[]).includes(word));
  if (wrong.length > 0) {
    throw new ConfigError(
      `sandbox dialect "${spec}": ${wrong.map((w) => `"${w}"`).join(', ')} is not a dialect (one of ${SANDBOX_DIALECT_NAMES.join(', ')}, or of ${STRUCTURAL_DIALECT_NAMES.join(', ')} joined by +)`,
    );
  }
  return STRUCTURAL_DIALECT_NAMES.filter((name) => words.includes(name));
}

/** The interface dialect with the given traits applied (in their canonical order). */
export function composeDialect(names: readonly StructuralDialectName[]): SandboxDialect {
  const traits = STRUCTURAL_DIALECT_NAMES.filter((name) => names.includes(name)).map((name) => DIALECT_TRAITS[name]);
  const pager = traits.find((trait) => trait.pager)?.pager ?? NUMBERED_PAGER;
  const rewrite = (body: unknown): unknown => traits.reduce((out, trait) => (trait.rewriteBody ? trait.rewriteBody(out) : out), body);
  const writers = Object.assign({}, ...traits.map((trait) => trait.writers ?? {})) as DialectTrait['writers'];
  return {
    ...interfaceDialect,
    name: traits.map((trait) => trait.name).join('+'),
    summary: traits.map((trait) => trait.summary).join('; '),
    maxPageSize: pager.maxPageSize,
    directory(name, index, paging, query, request) {
      const own = traits.reduce<readonly unknown[] | undefined>((found, trait) => found ?? trait.records?.(name, index, query), undefined);
      const scope = `${name}:${query.get('attributeCode') ?? ''}`;
      return mapAnswerBody(pager.directory(own ?? selectInterfaceRecords(name, index, query), paging, request, scope), rewrite);
    },
    list: (page, request) => mapAnswerBody(pager.list(page, request), rewrite),
    details: (products) => rewrite(interfaceDialect.details(products)),
    ...writers,
  };
}

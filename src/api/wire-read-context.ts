/**
 * What every reader of an answer needs: the endpoint (for messages), the aliases of each meaning,
 * and the ledger of fields not used. Also the one way a reader says a needed field is missing, and
 * the one way it notes the fields it did not use.
 */
import { SchemaMismatchError } from '../core/errors.js';
import type { AttributeType } from '../domain/index.js';
import type { FieldLedger } from './field-ledger.js';
import type { WireAliases, WireMeaning } from './wire-aliases.js';

/** Context of reading one answer. */
export interface WireReadContext {
  /** `METHOD path`, e.g. `GET /api/v1/categories`, with ` (page N)` when paged. */
  endpoint: string;
  /** The endpoint without the page, for the ledger (one warning per endpoint and run). */
  ledgerEndpoint?: string;
  aliases: WireAliases;
  ledger: FieldLedger;
  /** The service's own attribute type words (`service.attributeTypes`), folded, tried before the built-in ones. */
  typeWords?: ReadonlyMap<string, AttributeType>;
}

/**
 * A needed field is not there: names the endpoint, the record, the field, the names looked for,
 * and the setting that maps another name to it.
 */
export function buildMissingFieldError(
  context: WireReadContext,
  recordPath: string,
  meaning: WireMeaning,
  found: readonly string[],
  problem = 'not found',
): SchemaMismatchError {
  const looked = context.aliases[meaning].join(', ');
  const keys = found.length === 0 ? 'no fields' : `fields ${found.slice(0, 12).join(', ')}`;
  const field = meaning.slice(meaning.indexOf('.') + 1);
  return new SchemaMismatchError(context.endpoint, [
    {
      path: recordPath === '' ? field : `${recordPath}.${field}`,
      message: `${meaning} ${problem} (looked for ${looked}; the record has ${keys}). If the service names it otherwise, add the name under service.fields["${meaning}"] in the settings — see docs/service-profile.md`,
    },
  ]);
}

/** Notes the fields of a record no reader used, under the endpoint without its page (one warning per endpoint and run). */
export function noteUnusedFields(context: WireReadContext, keys: readonly string[], scope?: string): void {
  context.ledger.noteUnused(context.ledgerEndpoint ?? context.endpoint, keys, scope);
}

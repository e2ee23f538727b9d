/**
 * The client's view of the settings' service profile: paths (the top-level `paths` is the older
 * place; `service.paths` wins), page sizes, field names, status words and the details limit.
 */
import type { ServiceProfile } from '../api/service-profile.js';
import type { PathName } from '../domain/index.js';
import type { Settings } from './settings-schema.js';

/** Paths and profile for `createCatalogClient`. */
export interface ClientProfile {
  paths: Partial<Record<PathName, string>>;
  profile: ServiceProfile;
}

/** Builds the client's profile from resolved settings. */
export function buildClientProfile(settings: Settings): ClientProfile {
  const paths = Object.fromEntries(
    Object.entries({ ...settings.paths, ...settings.service.paths }).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ) as Partial<Record<PathName, string>>;
  const profile: ServiceProfile = {
    fields: settings.service.fields,
    statuses: settings.service.statuses,
    pageSizes: settings.service.pageSizes,
    detailsBatch: settings.service.detailsBatch,
    attributeTypes: settings.service.attributeTypes,
  };
  return { paths, profile };
}

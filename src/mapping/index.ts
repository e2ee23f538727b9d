/** The mapping's entry points: the file format, loading and parsing, the checks against the directories. */
export { mappingSchema } from './mapping-schema.js';
export type { Mapping, MappingInput } from './mapping-schema.js';
export { loadMapping, loadMappingWithHash } from './load-mapping.js';
export type { LoadedMapping } from './load-mapping.js';
export { parseMapping } from './parse-mapping.js';
export { checkServiceRequirements } from './apply-service-requirements.js';
export { checkMappingRules } from './check-mapping-rules.js';
export { buildReadOptions } from './build-read-options.js';
export { createDirectoryIndex } from './directory-index.js';

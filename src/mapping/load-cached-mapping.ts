/**
 * The compiled-mapping cache (issue 39): a YAML mapping parsed once is kept in the state directory
 * as the parsed `Mapping` (`v8.serialize`), keyed by the SHA-256 of its bytes, the service's
 * required fields and a stamp of the parser (the code of the schema and the decoder, the versions of
 * zod and yaml). A run over the same mapping reads it back instead of loading the YAML decoder and
 * the zod schema and parsing again. What it holds is what `parseMappingFile` returned for those
 * bytes: a mapping with problems is never kept, so every problem is still found by the one parser.
 *
 * Files: `<stateDir>/compiled-mappings/<first 16 hex of the SHA-256 of the mapping's path>.v8`, one
 * per mapping file (a new content replaces the old), written atomically with mode 0o600. A file
 * another user owns or may write is not trusted (`readOwnCacheFile`). Anything
 * unreadable, of another key or another format reads as a miss: the mapping is parsed as without it;
 * so does a parser whose stamp cannot be computed (nothing is then kept).
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Deps } from '../core/deps.js';
import { MappingError } from '../core/errors.js';
import { createCodeStamp } from '../core/stamp-module-code.js';
import { removeStalePartials, writeFileAtomically } from '../report/start-atomic-file.js';
import { readOwnCacheFile } from '../state/read-own-cache-file.js';
import type { Mapping } from './mapping-schema.js';
import { readMappingFile, type LoadedMapping, type LoadMappingOptions } from './read-mapping-file.js';

/** Version of the cache file's layout; a file of another version reads as a miss. */
const CACHE_VERSION = 1;

/**
 * The modules whose code decides what a mapping's bytes parse to, relative to this one, without
 * extension: this module and every module `load-mapping` and `parse-mapping` import for their values,
 * transitively (a test walks those imports and fails on one missing here).
 */
export const PARSER_MODULES: readonly string[] = [
  './load-cached-mapping',
  './load-mapping',
  './parse-mapping',
  './mapping-schema',
  './derive-schema',
  './column-ref-schema',
  './unit-factors',
  './apply-service-requirements',
  './read-mapping-file',
  './read-mapping-workbook',
  './mapping-workbook-layout',
  './locate-mapping-issues',
  '../core/is-plain-record',
  '../core/issue',
  '../core/compare-texts',
  '../core/cut-for-message',
  '../core/errors',
  '../core/load-exceljs',
  '../i18n/create-translator',
  '../i18n/create-number-format',
  '../i18n/describe-schema-rule',
  '../core/stamp-module-code',
];
/** The packages whose version decides it too. */
const PARSER_PACKAGES = ['zod', 'yaml'];

/** What a cache file holds. */
interface CompiledMappingFile {
  cacheVersion: number;
  key: string;
  mapping: Mapping;
}

/**
 * A stamp of the mapping parser: its modules' code and its packages' versions, so that a changed
 * schema, decoder or package makes every kept mapping a miss. `undefined` when it cannot be computed
 * (a module not beside this one, as in a bundle): the cache is then not used, never the run stopped.
 */
export const stampMappingParser = createCodeStamp({
  label: `catalog-import/compiled-mapping/v${CACHE_VERSION}`,
  base: import.meta.url,
  modules: PARSER_MODULES,
  packages: PARSER_PACKAGES,
});

/** Where the parsed mapping of the file at `fullPath` is kept. */
export function buildCompiledMappingPath(stateDir: string, fullPath: string): string {
  return join(stateDir, 'compiled-mappings', `${createHash('sha256').update(fullPath).digest('hex').slice(0, 16)}.v8`);
}

/**
 * `loadMappingWithHash` through the cache in `stateDir`: one read of the file; its parsed mapping
 * from the cache when kept for the same bytes, required fields and parser, else parsed (the YAML
 * decoder and the schema loaded then) and kept. Throws `MappingError` as `loadMappingWithHash`. A
 * workbook mapping is not kept: its issues are placed at cells its reading records.
 */
export async function loadCachedMapping(path: string, deps: Pick<Deps, 'cwd' | 'now' | 'userId'>, options: LoadMappingOptions & { stateDir: string }): Promise<LoadedMapping> {
  const read = await readMappingFile(path, deps, options);
  if (read.issues !== undefined) throw new MappingError(`mapping ${path} cannot be loaded`, read.issues);
  const key = read.workbook ? undefined : buildKey(read.sha256, options);
  const keep = key === undefined ? undefined : { file: buildCompiledMappingPath(options.stateDir, read.fullPath), key };
  if (keep !== undefined) {
    const kept = readKeptMapping(keep.file, keep.key, deps);
    if (kept !== undefined) return { mapping: kept, sha256: read.sha256 };
  }
  const { parseMappingFile } = await import('./load-mapping.js');
  const loaded = await parseMappingFile(read, path, options);
  if (keep !== undefined) await keepMapping(keep.file, { cacheVersion: CACHE_VERSION, key: keep.key, mapping: loaded.mapping }, deps.now());
  return loaded;
}

/** The key a kept mapping must carry; `undefined` without a parser stamp (no key, no cache). */
function buildKey(sha256: string, options: LoadMappingOptions): string | undefined {
  const stamp = stampMappingParser();
  if (stamp === undefined) return undefined;
  const requiredFields = options.requiredFields === undefined ? null : [...options.requiredFields];
  return createHash('sha256').update(JSON.stringify({ stamp, sha256, requiredFields })).digest('hex');
}

function readKeptMapping(file: string, key: string, deps: Pick<Deps, 'userId'>): Mapping | undefined {
  const bytes = readOwnCacheFile(file, deps);
  if (bytes === undefined) return undefined;
  try {
    const kept = deserialize(bytes) as Partial<CompiledMappingFile> | null;
    return kept !== null && typeof kept === 'object' && kept.cacheVersion === CACHE_VERSION && kept.key === key && kept.mapping !== undefined ? kept.mapping : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps a parsed mapping, first removing the folder's stale temporary files; a cache that cannot be
 * written costs the next run a parse, nothing else, so a failure is not the run's.
 */
async function keepMapping(file: string, content: CompiledMappingFile, now: Date): Promise<void> {
  try {
    const folder = join(file, '..');
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await removeStalePartials(folder, now);
    await writeFileAtomically(file, serialize(content), { mode: 0o600 });
  } catch {
    // A read-only or full state directory: the run goes on with the mapping it parsed.
  }
}

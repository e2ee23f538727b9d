/**
 * `mapping convert IN OUT`: a YAML mapping to its workbook form (`mapping.xlsx`, drop-downs over
 * the directories fetched now), or a workbook back to YAML. Both hold the same document, so
 * converting there and back loses nothing; comments and notes travel too. The mapping is not
 * checked here (`validate` does that); a document that cannot be read is refused.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Deps } from '../core/deps.js';
import { ConfigError, MappingError } from '../core/errors.js';
import { buildMappingYaml, collectYamlNotes } from '../mapping/convert-mapping.js';
import { createDirectoryIndex } from '../mapping/directory-index.js';
import { decodeMappingYaml, isMappingWorkbook } from '../mapping/load-mapping.js';
import { readMappingWorkbook } from '../mapping/read-mapping-workbook.js';
import { writeMappingWorkbook } from '../mapping/write-mapping-workbook.js';
import type { Settings } from '../settings/settings-schema.js';
import { loadServiceDirectories } from './load-service-directories.js';
import { checkPathExists } from '../core/check-path-exists.js';

/** Options of `runMappingConvert`. */
export interface MappingConvertOptions {
  /** The mapping to convert, as the user named it (`.yaml`/`.yml` or `.xlsx`). */
  from: string;
  /** Where to write the other form. */
  to: string;
  force: boolean;
  settings: Settings;
}

/** What was written. */
export interface MappingConvertResult {
  to: string;
  form: 'xlsx' | 'yaml';
}

/** Runs `mapping convert`. Throws `ConfigError` for a usage mistake, `MappingError` for a mapping that cannot be read. */
export async function runMappingConvert(options: MappingConvertOptions, deps: Deps): Promise<MappingConvertResult> {
  const fromWorkbook = isMappingWorkbook(options.from);
  if (fromWorkbook === isMappingWorkbook(options.to)) {
    throw new ConfigError(`mapping convert turns a YAML mapping into a workbook (.xlsx) or back: ${options.from} and ${options.to} are the same form`);
  }
  const fromPath = resolve(deps.cwd, options.from);
  const toPath = resolve(deps.cwd, options.to);
  if (!options.force && (await checkPathExists(toPath))) throw new ConfigError(`${options.to} already exists; use --force to replace it`);
  await mkdir(dirname(toPath), { recursive: true });

  if (fromWorkbook) {
    const read = await readMappingWorkbook(fromPath, options.from);
    if (read.issues.length > 0) throw new MappingError(`mapping ${options.from} cannot be read`, read.issues);
    const header = ` Converted from ${options.from} by \`catalog-import mapping convert\`. See docs/mapping.md.`;
    await writeFile(toPath, buildMappingYaml(read.document, read.notes, header), 'utf8');
    return { to: options.to, form: 'yaml' };
  }

  let text: string;
  try {
    text = await readFile(fromPath, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read ${options.from}: ${(error as Error).message}`, [], { cause: error });
  }
  const decoded = decodeMappingYaml(text, options.from);
  if (decoded.issues !== undefined) throw new MappingError(`mapping ${options.from} cannot be read`, decoded.issues);
  if (typeof decoded.document !== 'object' || decoded.document === null || Array.isArray(decoded.document)) {
    throw new MappingError(`mapping ${options.from} cannot be read`, []);
  }
  const directories = await loadServiceDirectories(options.settings, deps);
  await writeMappingWorkbook(toPath, { document: decoded.document as Record<string, unknown>, notes: collectYamlNotes(text), index: createDirectoryIndex(directories) });
  return { to: options.to, form: 'xlsx' };
}

/**
 * A sandbox with an imported smartphone catalog, and the helpers the export and plan tests share:
 * settings and deps for the sandbox, reading a file back into drafts with a mapping, and editing a
 * CSV export cell by header.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createNodeDeps } from '../../src/core/deps.js';
import type { Deps } from '../../src/core/deps.js';
import type { PipelineEvent } from '../../src/core/events.js';
import type { Issue } from '../../src/core/issue.js';
import type { ProductDraft } from '../../src/core/types.js';
import { buildReadOptions } from '../../src/mapping/build-read-options.js';
import { loadMapping } from '../../src/mapping/load-mapping.js';
import type { Mapping } from '../../src/mapping/mapping-schema.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import type { ResolvedSettings } from '../../src/settings/resolve-settings.js';
import { openSource } from '../../src/sources/open-source.js';
import { createMemoryProductSink } from '../../src/stages/product-sink.js';
import { mapAndAssemble } from '../../src/stages/run-dry-stages.js';
import type { Directories } from '../../src/domain/index.js';
import { buildPhoneRows, createPhoneCatalog } from '../helpers/smartphone-catalog.js';

/** The shipped mapping that reads exports back. */
export const EXPORT_MAPPING = resolve(import.meta.dirname, '../../mappings/export.yaml');

/** A running sandbox holding `products` imported smartphones (two SKUs each), and a temp folder. */
export interface ExportWorld {
  sandbox: SandboxHandle;
  dir: string;
  stateDir: string;
  settings(extra?: Record<string, unknown>): ResolvedSettings;
  deps(events?: PipelineEvent[]): Deps;
  directories(): Directories;
  close(): Promise<void>;
}

/** Starts the sandbox and imports the catalog through `runImport`, so the state knows the seller's keys. */
export async function createExportWorld(products: number): Promise<ExportWorld> {
  const sandbox = await startSandbox({ port: 0, jobDelayMs: 10, moderationDelayMs: 1_000_000 });
  const catalog = await createPhoneCatalog(buildPhoneRows(products));
  const stateDir = join(catalog.dir, 'state');
  const credential = sandbox.credentials[0];
  const world: ExportWorld = {
    sandbox,
    dir: catalog.dir,
    stateDir,
    settings: (extra = {}) =>
      resolveSettings({
        flags: {
          baseUrl: sandbox.url,
          clientId: credential?.clientId,
          clientSecret: credential?.clientSecret,
          stateDir,
          pollIntervalMs: 10,
          jobTimeoutSeconds: 10,
          timeoutMs: 3000,
          retryLimit: 2,
          ...extra,
        },
      }),
    deps: (events = []) =>
      createNodeDeps({
        cwd: catalog.dir,
        env: {},
        onEvent: (event) => events.push(event),
        sleep: (ms, signal) =>
          new Promise((resolvePromise, reject) => {
            const timer = setTimeout(resolvePromise, Math.min(ms, 20));
            signal?.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(signal.reason);
            }, { once: true });
          }),
      }),
    directories: () => ({ ...sandbox.reference, fetchedAt: new Date(0).toISOString() }),
    close: async () => {
      await sandbox.close();
      await catalog.remove();
    },
  };
  const seeded = await runImport({ file: catalog.file, mapping: catalog.mapping, settings: world.settings() }, world.deps());
  if (seeded.exitCode !== 0) throw new Error(`seeding the sandbox failed: ${JSON.stringify(seeded.summary.counts)}`);
  return world;
}

/** Reads a file with a mapping into drafts, as the import's dry stages do. */
export async function readDrafts(file: string, mappingPath: string, directories: Directories): Promise<{ mapping: Mapping; drafts: ProductDraft[]; issues: Issue[] }> {
  const mapping = await loadMapping(mappingPath, { cwd: '/' });
  const stream = await openSource(file, { ...buildReadOptions(mapping), ignoreHeaderPrefix: '_' }, {});
  const sink = createMemoryProductSink();
  const { issues } = await mapAndAssemble(stream.rows, { mapping, directories, info: stream.info, sink });
  const drafts = sink.entries().flatMap((entry) => (entry.draft ? [entry.draft] : []));
  return { mapping, drafts, issues: [...stream.issues, ...issues] };
}

/** A `;` CSV export as header + rows of text (the exporter never quotes these test values). */
export async function loadCsvTable(path: string): Promise<{ header: string[]; rows: string[][] }> {
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const [head = '', ...lines] = text.split('\r\n').filter((line) => line !== '');
  return { header: head.split(';'), rows: lines.map((line) => line.split(';')) };
}

/** Sets `cells[header] = value` on the rows `pick` selects and writes the CSV back. */
export async function editCsv(path: string, header: string, pick: (row: string[], column: (name: string) => string) => boolean, value: string): Promise<number> {
  const table = await loadCsvTable(path);
  const index = table.header.indexOf(header);
  if (index < 0) throw new Error(`no column ${header}`);
  let edited = 0;
  for (const row of table.rows) {
    if (pick(row, (name) => row[table.header.indexOf(name)] ?? '')) {
      row[index] = value;
      edited += 1;
    }
  }
  await writeFile(path, `\uFEFF${[table.header, ...table.rows].map((row) => row.join(';')).join('\r\n')}\r\n`);
  return edited;
}

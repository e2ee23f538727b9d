/**
 * `mapping check`: loads a mapping, fetches the directories as they are now, and reports what in
 * the mapping went stale, with the rows of the last run each problem affects (from the run's
 * spooled products, else by reading the run's file, or the file given, again).
 */
import { resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import type { Deps } from '../core/deps.js';
import type { ProductDraft } from '../core/types.js';
import { buildReadOptions } from '../mapping/build-read-options.js';
import { loadMapping, locateMappingIssues } from '../mapping/load-mapping.js';
import type { ColumnRef, Mapping } from '../mapping/mapping-schema.js';
import { openService } from '../pipeline/open-service.js';
import type { Settings } from '../settings/settings-schema.js';
import { openSource } from '../sources/open-source.js';
import { createLeftOutTest, readGoodsColumns } from '../stages/create-left-out-test.js';
import { findColumnPosition } from '../stages/derive/read-group-path.js';
import { openStateStore } from '../state/index.js';
import { checkMappingStaleness, type SellerRowTexts, type StaleFinding } from './check-mapping-staleness.js';
import { loadFreshDirectories } from './load-fresh-directories.js';

/** Options of `runMappingCheck`. */
export interface MappingCheckOptions {
  /** The mapping as the user named it. */
  mapping: string;
  /** A seller file to find affected rows in, instead of the last run. */
  file?: string;
  settings: Settings;
}

/** Where the affected rows came from. */
export type AffectedRowsSource = { kind: 'spool'; runId: string; file: string } | { kind: 'file'; file: string; runId?: string } | { kind: 'none' };

/** What `mapping check` found. */
export interface MappingCheckResult {
  findings: StaleFinding[];
  /** True when any finding is an error. */
  stale: boolean;
  directoriesFetchedAt: string;
  baselineFetchedAt?: string;
  rowsFrom: AffectedRowsSource;
}

/** Runs `mapping check`. Throws `MappingError` when the mapping itself cannot be loaded. */
export async function runMappingCheck(options: MappingCheckOptions, deps: Deps): Promise<MappingCheckResult> {
  const mapping = await loadMapping(resolve(deps.cwd, options.mapping), deps, { requiredFields: options.settings.service.requiredFields });
  const service = await openService(options.settings, deps);
  try {
    const fresh = await loadFreshDirectories(service, deps);
    const store = openStateStore({ dir: service.stateDir, account: service.account, now: deps.now });
    try {
      const mappingPath = resolve(deps.cwd, options.mapping);
      const lastRun = store.listRuns({ limit: 100 }).find((run) => resolve(deps.cwd, run.mappingFile) === mappingPath);
      let rowsFrom: AffectedRowsSource = { kind: 'none' };
      let products: ProductDraft[] | undefined;
      let rows: SellerRowTexts[] | undefined;
      if (options.file !== undefined) {
        rows = await loadSellerRowTexts(options.file, mapping, deps);
        rowsFrom = { kind: 'file', file: options.file };
      } else if (lastRun !== undefined) {
        products = [...store.iterateSpooledProducts(lastRun.runId)].flatMap((spooled) => (spooled.draft === null ? [] : [spooled.draft]));
        if (products.length > 0) {
          rowsFrom = { kind: 'spool', runId: lastRun.runId, file: lastRun.file };
        } else if (await isFile(resolve(deps.cwd, lastRun.file))) {
          products = undefined;
          rows = await loadSellerRowTexts(lastRun.file, mapping, deps);
          rowsFrom = { kind: 'file', file: lastRun.file, runId: lastRun.runId };
        }
      }
      const findings = locateFindings(mapping, checkMappingStaleness({
        mapping,
        mappingFile: options.mapping,
        directories: fresh.directories,
        ...(fresh.baseline === undefined ? {} : { previous: fresh.baseline }),
        ...(products === undefined ? {} : { products }),
        ...(rows === undefined ? {} : { rows }),
      }));
      const result: MappingCheckResult = {
        findings,
        stale: findings.some((finding) => finding.issue.severity === 'error'),
        directoriesFetchedAt: fresh.directories.fetchedAt,
        rowsFrom,
      };
      if (fresh.baseline !== undefined) result.baselineFetchedAt = fresh.baseline.fetchedAt;
      return result;
    } finally {
      store.close();
    }
  } finally {
    await service.close();
  }
}

/**
 * Reads the category, brand and attribute cells of every row but a pasted export's header and titles (as `import`
 * leaves them out), as the mapping names the columns. `file` is as the user named it, read from `deps.cwd`.
 */
export async function loadSellerRowTexts(file: string, mapping: Mapping, deps: Pick<Deps, 'cwd' | 'signal'>): Promise<SellerRowTexts[]> {
  const stream = await openSource(resolve(deps.cwd, file), { ...buildReadOptions(mapping), ignoreHeaderPrefix: '_' }, deps);
  // By position in the rows read (`row.cells`), as the mapper finds them: a `_` column left out before one shifts it.
  const find = (ref: ColumnRef | undefined): number | undefined => {
    const position = ref === undefined ? -1 : findColumnPosition(stream.info.header, ref);
    return position < 0 ? undefined : position;
  };
  const category = find(mapping.columns.category);
  const brand = find(mapping.columns.brand);
  const attributes = mapping.attributes.map((attribute) => find(attribute.column));
  const leavesOut = createLeftOutTest(readGoodsColumns(mapping, stream.info));
  const rows: SellerRowTexts[] = [];
  for await (const row of stream.rows) {
    if (leavesOut(row)) continue;
    const text = (index: number | undefined): string | undefined => (index === undefined ? undefined : row.cells[index]?.text);
    const texts = new Map<number, string>();
    attributes.forEach((index, i) => {
      const value = text(index);
      if (value !== undefined) texts.set(i, value);
    });
    const entry: SellerRowTexts = { ref: { file, row: row.row, ...(stream.info.sheet === undefined ? {} : { sheet: stream.info.sheet }) }, attributes: texts };
    const categoryText = text(category);
    const brandText = text(brand);
    if (categoryText !== undefined) entry.category = categoryText;
    if (brandText !== undefined) entry.brand = brandText;
    rows.push(entry);
  }
  return rows;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** A workbook mapping's findings at the cell to fix (sheet, row, column); a YAML mapping's as they are. */
function locateFindings(mapping: Mapping, findings: StaleFinding[]): StaleFinding[] {
  const located = locateMappingIssues(mapping, findings.map((finding) => finding.issue));
  return findings.map((finding, i) => ({ ...finding, issue: located[i] ?? finding.issue }));
}

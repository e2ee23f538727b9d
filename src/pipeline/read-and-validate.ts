/**
 * Read → map → validate → assemble, streamed: rows flow from the reader through the row mapper
 * into the product assembler one at a time, and finished products go to a sink (the run's spool),
 * so memory does not grow with the file. Every finding lands on the row it concerns.
 */
import type { Directories } from '../domain/index.js';
import type { Deps } from '../core/deps.js';
import type { Issue } from '../core/issue.js';
import type { ProductKeyIndex } from '../core/product-key-index.js';
import type { DirectoryIndex } from '../mapping/directory-index.js';
import type { Mapping } from '../mapping/mapping-schema.js';
import type { RowMapResult } from '../stages/build-row-mapper.js';
import { loadCategoryLookup } from '../stages/derive/load-category-lookup.js';
import type { AssembledProduct, ProductSink } from '../stages/product-sink.js';
import { mapAndAssemble } from '../stages/run-dry-stages.js';
import { openSourceWhere, type ReadInWorker } from '../sources/open-source-in-worker.js';
import type { ReadOptions, SourceInfo, SourceRow, SourceStream } from '../sources/types.js';
import { buildNoDataRowsIssue } from './build-no-data-rows-issue.js';
import { buildErrorLimitIssue, type IssueFilter } from './issue-filter.js';
import type { EarlySource } from './open-source-early.js';
import type { RowOutcomeStore } from './row-outcome-store.js';

/** Options of `readAndValidate`. */
export interface ReadAndValidateOptions {
  sourcePath: string;
  /** The path as the user wrote it, for messages. */
  displayPath: string;
  mapping: Mapping;
  directories: Directories;
  /** Lookup tables over `directories` (built here when not given): one per run, not one per stage. */
  index?: DirectoryIndex | undefined;
  readOptions: ReadOptions;
  /** Where finished products go. */
  sink: ProductSink;
  outcomes: RowOutcomeStore;
  deps: Pick<Deps, 'onEvent' | 'signal'>;
  /** `validate --pick/--skip`: which codes are checked and reported. */
  issueFilter?: IssueFilter | undefined;
  /** `validate --limit-errors`: stop after the row on which this many errors were reported. */
  limitErrors?: number | undefined;
  /**
   * Where the file is read and parsed: `auto` (default) on a worker thread for a CSV of 32 MB or
   * an XLSX of 2 MB or more (`WORKER_MIN_BYTES`), overlapping the reading with the mapping and
   * validation on this thread; `always` / `never` force it.
   */
  readInWorker?: ReadInWorker | undefined;
  /**
   * The file's reading started while the run prepared (`prepareRun`): taken when it reads this
   * file with these options in this mode, else opened here. Its failure to open is thrown here,
   * where opening it here would have thrown it.
   */
  earlySource?: EarlySource | undefined;
  /** The file's size as `prepareRun` found it: where it is read is then chosen without looking at the file again. */
  sourceBytes?: number | undefined;
  /** Build the import drafts (default true); a dry run, which sends nothing, builds none. */
  drafts?: boolean;
  /**
   * The run's product key ids, to give `outcomes` and `sink` too: one index of the keys instead of
   * a hash table of them in each. An own index when not given.
   */
  productKeys?: ProductKeyIndex | undefined;
}

/** What reading and validating found. */
export interface ReadAndValidateResult {
  info: SourceInfo;
  /** Issues that belong to no row (file-level, mapping columns missing, …). Row issues are in the outcome store (spilled to disk in a dry run). */
  fileIssues: Issue[];
  counts: { rows: number; products: number; validProducts: number; invalidProducts: number };
}

/** Streams the file through mapping, validation and assembly (`mapAndAssemble`), keeping each finding on its row. */
export async function readAndValidate(options: ReadAndValidateOptions): Promise<ReadAndValidateResult> {
  const { outcomes, deps } = options;
  const fileIssues: Issue[] = [];
  const filter = options.issueFilter;
  let errors = 0;
  const record = (issue: Issue): void => {
    if (filter !== undefined && !filter.reports(issue.code)) return;
    if (issue.severity === 'error') errors += 1;
    if (issue.row !== undefined) outcomes.addIssue(issue.row, issue);
    else fileIssues.push(issue);
  };
  const sink: ProductSink = {
    put(entry: AssembledProduct) {
      markProductRows(entry, outcomes);
      options.sink.put(entry);
    },
    reopen(productKey: string) {
      const entry = options.sink.reopen(productKey);
      if (!entry) return undefined;
      // By content: a product taken back from a spool on disk comes with copies of its issues.
      const reported = new Set(entry.issues.map((issue) => JSON.stringify(issue)));
      for (const ref of entry.rows) outcomes.clearIssues(ref.row, (issue) => reported.has(JSON.stringify(issue)));
      return entry;
    },
  };

  // Before the stream opens, so that nothing is left open if loading it fails (`mapAndAssemble`
  // then finds the module loaded).
  await loadCategoryLookup(options.mapping);
  const stream = await openStream(options);
  const info: SourceInfo = { ...stream.info, file: options.displayPath };
  for (const issue of stream.issues) record({ ...issue, file: options.displayPath });

  let rows = 0;
  let lastProgress = 0;
  const onRow = (row: SourceRow, mapped: RowMapResult): boolean => {
    rows += 1;
    outcomes.touch(row.row);
    // A row the mapping's row filter leaves out is not sent, and says why (`row_skipped`); it is not invalid.
    if (mapped.record === null) outcomes.setStatus(row.row, mapped.skipped ? 'not_sent' : 'invalid');
    if (options.limitErrors !== undefined && errors >= options.limitErrors) {
      fileIssues.push(buildErrorLimitIssue(options.limitErrors, row.row, options.displayPath));
      return true;
    }
    if (rows - lastProgress < 2000) return false;
    lastProgress = rows;
    deps.onEvent({ type: 'read:progress', file: options.displayPath, rows, bytesRead: stream.bytesRead(), totalBytes: info.totalBytes });
    return deps.signal?.aborted === true;
  };
  const { issues: setupIssues, counts } = await mapAndAssemble(stream.rows, {
    mapping: options.mapping,
    directories: options.directories,
    info,
    sink,
    // One index for the mapper and the assembler (prepare hands over the one it built for the mapping
    // rules): over the service's full directories one costs about 0.1 s of this thread.
    index: options.index,
    productKeys: options.productKeys,
    drafts: options.drafts,
    onIssue: record,
    onRow,
    signal: deps.signal,
  });
  // Column problems are found once per file; they belong to the header, not to a data row.
  for (const issue of setupIssues) if (filter === undefined || filter.reports(issue.code)) fileIssues.push(issue);
  // A file that delivered nothing is always said (not a code `--pick`/`--skip` choose; the run ends
  // with exit 2), and in place of the mapping entries no row reached: with no row, that is all of them.
  if (counts.rows === 0 && deps.signal?.aborted !== true) {
    const kept = fileIssues.filter((issue) => issue.code !== 'mapping_entry_unused');
    fileIssues.splice(0, fileIssues.length, ...kept, buildNoDataRowsIssue(info));
  }
  deps.onEvent({ type: 'read:progress', file: options.displayPath, rows: counts.rows, bytesRead: info.totalBytes, totalBytes: info.totalBytes });

  return { info, fileIssues, counts: { rows: counts.rows, products: counts.products, validProducts: counts.validProducts, invalidProducts: counts.products - counts.validProducts } };
}

/** The stream started early when it is the one asked for, else the file opened now. */
async function openStream(options: ReadAndValidateOptions): Promise<SourceStream> {
  const mode = options.readInWorker ?? 'auto';
  const early = options.earlySource;
  const fits = early !== undefined && early.mode === mode && early.path === options.sourcePath && early.options === options.readOptions;
  const taken = fits ? early.take() : undefined;
  if (taken !== undefined) return taken;
  // Not the stream asked for (or taken already): it stops reading rather than read beside this one.
  await early?.close();
  return openSourceWhere(mode, options.sourcePath, options.readOptions, options.deps, { size: options.sourceBytes });
}

/** Row statuses after validation: sendable rows are `valid`; rows of a blocked product are `invalid` (own errors) or `not_sent`. */
function markProductRows(entry: AssembledProduct, outcomes: RowOutcomeStore): void {
  for (const record of entry.records) outcomes.setKeys(record.source.row, entry.productKey);
  for (const ref of entry.rows) {
    if (entry.valid) {
      // A row shared with a product copy (`several: each`) whose own barcode failed stays invalid.
      outcomes.setStatus(ref.row, outcomes.hasOwnError(ref.row) ? 'invalid' : 'valid');
      continue;
    }
    outcomes.setStatus(ref.row, outcomes.hasOwnError(ref.row) ? 'invalid' : 'not_sent');
  }
}

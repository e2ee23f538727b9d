/**
 * Product sinks that spool finished products to disk instead of memory, so a 500,000-row file holds
 * only the products still being assembled: the import's into the run's SQLite spool (crash-safe,
 * with drafts and content hashes), the dry run's into a scratch file. Both store the same compact
 * records as JSON.
 */
import type { MappedRow } from '../stages/mapped-row.js';
import type { AssembledProduct, ProductSink } from '../stages/product-sink.js';
import { hashProductContent } from '../state/content-hash.js';
import type { StateStore } from '../state/index.js';
import type { ScratchSpool } from './scratch/open-scratch-spool.js';

/**
 * What is spooled of a product's mapped rows: without the per-file `cells` map (one shared object,
 * kept here), without the source row where it is the product's row of the same place (it is
 * spooled there already), and with the product-level fields only where a row differs from the
 * first row (the SKU rows of a product usually repeat its names and descriptions word for word).
 */
type CompactRecord = Omit<MappedRow, 'cells' | 'product' | 'source'> & { cells?: undefined; product?: MappedRow['product'] | null; source?: MappedRow['source'] | null };

// A left-out source or product is no key at all (a reopened record has it back as its last keys:
// nothing reads records by key order). `cells`, one object of the run, is dropped and put back last.
function compactRecords(records: readonly MappedRow[], rows: readonly MappedRow['source'][]): CompactRecord[] {
  const first = records[0];
  return records.map((record, i) => {
    const { cells: _cells, source, product, ...rest } = record;
    const compact: CompactRecord = rest;
    if (source !== rows[i]) compact.source = source;
    if (i === 0 || first === undefined || !sameProductFields(product, first.product)) compact.product = product;
    return compact;
  });
}

function expandRecords(records: readonly CompactRecord[], rows: readonly MappedRow['source'][], cells: MappedRow['cells']): MappedRow[] {
  const first = records[0]?.product;
  return records.map((record, i) => ({
    ...record,
    // A record spooled before sources were left out has its own; one spooled while left-out fields
    // were kept as `null` has them as `null`; one spooled since has no such keys.
    source: record.source ?? (rows[i] as MappedRow['source']),
    product: record.product ?? (first as MappedRow['product']),
    cells,
  }));
}

/** Whether two rows carry the same product-level fields (so the second need not be spooled). */
function sameProductFields(a: MappedRow['product'], b: MappedRow['product']): boolean {
  return (
    a.shopId === b.shopId &&
    a.categoryId === b.categoryId &&
    a.brandId === b.brandId &&
    a.isLocalMade === b.isLocalMade &&
    a.vat === b.vat &&
    a.name.rus === b.name.rus &&
    a.name.kaz === b.name.kaz &&
    a.description.rus === b.description.rus &&
    a.description.kaz === b.description.kaz &&
    a.attributes.length === b.attributes.length &&
    a.attributes.every((attribute, i) => {
      const other = b.attributes[i];
      return other !== undefined && attribute.code === other.code && attribute.valueCodes.length === other.valueCodes.length && attribute.valueCodes.every((code, k) => code === other.valueCodes[k]);
    })
  );
}

/** Options of `createSpoolSink`. */
export interface SpoolSinkOptions {
  /**
   * Products per write (per transaction for the state database). Products wait in memory until
   * then.
   */
  flushEvery?: number;
  /** Store content hashes (the import compares them; the dry run needs none). */
  hash?: boolean;
  /**
   * Store the built drafts. The import sends them; the dry run only needs the rows to rebuild a
   * product that a late row reopens, so it spools half as much.
   */
  drafts?: boolean;
}

/** Creates the sink. */
export function createSpoolSink(
  store: Pick<StateStore, 'spoolProducts' | 'takeSpooledProduct'>,
  runId: string,
  options: SpoolSinkOptions = {},
): ProductSink & { flush(): void; /** Keys of the products put during this pass (all spooled once flushed). */ putKeys(): ReadonlySet<string> } {
  const flushEvery = options.flushEvery ?? 500;
  const hash = options.hash ?? true;
  const keepDrafts = options.drafts ?? true;
  const buffer = new Map<string, AssembledProduct>();
  // Keys put during this pass: a resumed run re-reads the file, and a product spooled by the
  // earlier pass must be replaced, never merged with its own rows a second time.
  const putNow = new Set<string>();
  let cells: MappedRow['cells'] = {};
  const flush = (): void => {
    if (buffer.size === 0) return;
    store.spoolProducts(
      runId,
      [...buffer.values()].map((entry) => ({
        productKey: entry.productKey,
        firstRow: entry.firstRow,
        rows: entry.rows,
        draft: keepDrafts ? entry.draft : null,
        issues: entry.issues,
        contentHash: hash && entry.draft ? hashProductContent(entry.draft.item) : null,
        records: compactRecords(entry.records, entry.rows),
      })),
    );
    buffer.clear();
  };
  return {
    put(entry) {
      if (entry.records[0]) cells = entry.records[0].cells;
      putNow.add(entry.productKey);
      buffer.set(entry.productKey, entry);
      if (buffer.size >= flushEvery) flush();
    },
    reopen(productKey) {
      if (!putNow.has(productKey)) return undefined;
      const buffered = buffer.get(productKey);
      if (buffered) {
        buffer.delete(productKey);
        return buffered;
      }
      const spooled = store.takeSpooledProduct(runId, productKey);
      if (!spooled) return undefined;
      return {
        productKey: spooled.productKey,
        // The import's spool keeps the drafts: a product without one was not valid.
        valid: spooled.draft !== null,
        draft: spooled.draft,
        issues: spooled.issues,
        rows: spooled.rows,
        firstRow: spooled.firstRow,
        records: expandRecords((spooled.records ?? []) as CompactRecord[], spooled.rows, cells),
      };
    },
    flush,
    putKeys: () => putNow,
  };
}

/** What the dry run spools of a product: no draft (the dry run sends nothing), and its records compacted. */
interface ScratchRecord {
  valid: boolean;
  firstRow: number;
  rows: AssembledProduct['rows'];
  issues: AssembledProduct['issues'];
  records: CompactRecord[];
}

/**
 * The dry run's sink: each product is serialized into the scratch spool as it is put (a reopened
 * product is reassembled, which builds its own draft). A product's rows are usually adjacent, so
 * most records are never read: putting is the cost that matters.
 */
export function createScratchSpoolSink(spool: Pick<ScratchSpool, 'put' | 'take'>): ProductSink {
  // No set of the keys put (see `createSpoolSink`): the scratch spool is new to this pass, so it
  // holds only what this pass put.
  let cells: MappedRow['cells'] = {};
  return {
    put(entry) {
      if (entry.records[0]) cells = entry.records[0].cells;
      const { valid, firstRow, rows, issues } = entry;
      spool.put(entry.productKey, { valid, firstRow, rows, issues, records: compactRecords(entry.records, rows) } satisfies ScratchRecord);
    },
    reopen(productKey) {
      const spooled = spool.take<ScratchRecord>(productKey);
      if (spooled === undefined) return undefined;
      const { valid, firstRow, rows, issues, records } = spooled;
      return { productKey, valid, draft: null, issues, rows, firstRow, records: expandRecords(records, rows, cells) };
    },
  };
}

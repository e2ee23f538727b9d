/**
 * Product sinks that spool finished products to disk instead of memory, so a 500,000-row file holds
 * only the products still being assembled: the import's into the run's SQLite spool (crash-safe,
 * with drafts and content hashes), the dry run's into a scratch file of binary records.
 */
import type { MappedRow } from '../stages/mapped-row.js';
import type { AssembledProduct, ProductSink } from '../stages/product-sink.js';
import { hashProductContent } from '../state/content-hash.js';
import type { StateStore } from '../state/index.js';
import type { ScratchSpool } from '../state/open-scratch-spool.js';
import { SharedEntryTable, readSpooledProduct, sameProductFields, writeSpooledProduct } from './spooled-product-codec.js';

/**
 * What is spooled of a product's mapped rows: without the per-file `cells` map (one shared object,
 * kept here), without the source row where it is the product's row of the same place (it is
 * spooled there already), and with the product-level fields only where a row differs from the
 * first row (the SKU rows of a product usually repeat its names and descriptions word for word).
 */
type CompactRecord = Omit<MappedRow, 'cells' | 'product' | 'source'> & { product?: MappedRow['product']; source?: MappedRow['source'] };

function compactRecords(records: readonly MappedRow[], rows: readonly MappedRow['source'][]): CompactRecord[] {
  const first = records[0];
  return records.map((record, i) => {
    const { cells: _cells, product, source, ...rest } = record;
    const compact: CompactRecord = source === rows[i] ? rest : { ...rest, source };
    if (i === 0 || first === undefined || !sameProductFields(product, first.product)) compact.product = product;
    return compact;
  });
}

function expandRecords(records: readonly CompactRecord[], rows: readonly MappedRow['source'][], cells: MappedRow['cells']): MappedRow[] {
  const first = records[0]?.product;
  return records.map((record, i) => ({
    ...record,
    // A record spooled before sources were left out has its own.
    source: record.source ?? (rows[i] as MappedRow['source']),
    product: record.product ?? (first as MappedRow['product']),
    cells,
  }));
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

/**
 * The dry run's sink: each product is encoded into the scratch spool as it is put (no draft: the dry
 * run sends nothing, and a reopened product is reassembled, which builds its own). A product's rows
 * are usually adjacent, so most records are never read: putting is the cost that matters.
 */
export function createScratchSpoolSink(spool: Pick<ScratchSpool, 'put' | 'take'>): ProductSink {
  // No set of the keys put (see `createSpoolSink`): the scratch spool is new to this pass, so it
  // holds only what this pass put, and a second index of 111,000 keys at 500,000 rows cost memory.
  let cells: MappedRow['cells'] = {};
  // Lives as long as the spool: its records refer to these entries by number.
  const shared = new SharedEntryTable();
  return {
    put(entry) {
      if (entry.records[0]) cells = entry.records[0].cells;
      spool.put(entry.productKey, (out) => writeSpooledProduct(out, entry, shared));
    },
    reopen(productKey) {
      return spool.take(productKey, (input) => readSpooledProduct(input, productKey, cells, shared));
    },
  };
}

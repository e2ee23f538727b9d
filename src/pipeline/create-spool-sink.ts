/**
 * A product sink that spools finished products into the run's SQLite spool instead of memory, so a
 * 500,000-row import holds only the products still being assembled.
 */
import type { MappedRow } from '../stages/mapped-row.js';
import type { AssembledProduct, ProductSink } from '../stages/product-sink.js';
import { hashProductContent } from '../state/content-hash.js';
import type { StateStore } from '../state/index.js';

/** Creates the sink; products are written in transactions of `flushEvery`. */
export function createSpoolSink(store: StateStore, runId: string, flushEvery = 500): ProductSink & { flush(): void } {
  const buffer = new Map<string, AssembledProduct>();
  // Keys put during this pass: a resumed run re-reads the file, and a product spooled by the
  // earlier pass must be replaced, never merged with its own rows a second time.
  const putNow = new Set<string>();
  const flush = (): void => {
    if (buffer.size === 0) return;
    store.spoolProducts(
      runId,
      [...buffer.values()].map((entry) => ({
        productKey: entry.productKey,
        firstRow: entry.firstRow,
        rows: entry.rows,
        draft: entry.draft,
        issues: entry.issues,
        contentHash: entry.draft ? hashProductContent(entry.draft.item) : null,
        records: entry.records,
      })),
    );
    buffer.clear();
  };
  return {
    put(entry) {
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
        draft: spooled.draft,
        issues: spooled.issues,
        rows: spooled.rows,
        firstRow: spooled.firstRow,
        records: (spooled.records ?? []) as MappedRow[],
      };
    },
    flush,
  };
}

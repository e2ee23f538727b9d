/**
 * The first row of every barcode seen in a run, kept off the JavaScript object heap. A `Map` keyed
 * by a 13-digit number stores each key as a boxed heap number next to its hash-table entry, about
 * 45 bytes per barcode; two typed arrays with open addressing take 12 bytes per slot (18 on
 * average at the load kept here), so 500,000 barcodes cost about 12 MB instead of 21 MB and the
 * garbage collector never walks them.
 */

/** The `Map` methods the duplicate check needs, keyed by a barcode's numeric value. */
export interface BarcodeTable {
  /** The row recorded for `barcode`, or `undefined`. */
  get(barcode: number): number | undefined;
  /** Records `row` for `barcode` (replacing an earlier row). */
  set(barcode: number, row: number): void;
  /** Number of barcodes recorded. */
  readonly size: number;
}

// NaN can never be a barcode (they are digit strings read as numbers), so it marks a free slot.
const FREE = Number.NaN;
const MAX_LOAD = 0.5;

/** Creates an empty table; it grows by doubling. */
export function createBarcodeTable(initialCapacity = 1024): BarcodeTable {
  let capacity = 1;
  while (capacity < initialCapacity) capacity *= 2;
  let keys = new Float64Array(capacity).fill(FREE);
  let rows = new Int32Array(capacity);
  let size = 0;

  const findSlot = (table: Float64Array, barcode: number): number => {
    const mask = table.length - 1;
    let slot = hashBarcode(barcode) & mask;
    for (;;) {
      const key = table[slot] as number;
      if (key === barcode || Number.isNaN(key)) return slot;
      slot = (slot + 1) & mask;
    }
  };
  const grow = (): void => {
    const oldKeys = keys;
    const oldRows = rows;
    keys = new Float64Array(oldKeys.length * 2).fill(FREE);
    rows = new Int32Array(oldKeys.length * 2);
    for (let index = 0; index < oldKeys.length; index += 1) {
      const key = oldKeys[index] as number;
      if (Number.isNaN(key)) continue;
      const slot = findSlot(keys, key);
      keys[slot] = key;
      rows[slot] = oldRows[index] as number;
    }
  };

  return {
    get(barcode) {
      if (!Number.isFinite(barcode)) return undefined;
      const slot = findSlot(keys, barcode);
      return Number.isNaN(keys[slot] as number) ? undefined : rows[slot];
    },
    set(barcode, row) {
      if (!Number.isFinite(barcode)) throw new RangeError(`a barcode is a finite number, got ${barcode}`);
      if ((size + 1) / keys.length > MAX_LOAD) grow();
      const slot = findSlot(keys, barcode);
      if (Number.isNaN(keys[slot] as number)) {
        keys[slot] = barcode;
        size += 1;
      }
      rows[slot] = row;
    },
    get size() {
      return size;
    },
  };
}

/** Mixes both halves of the number (barcodes exceed 32 bits) with murmur3's finaliser. */
function hashBarcode(barcode: number): number {
  let hash = (barcode % 0x1_0000_0000 | 0) ^ Math.imul(Math.floor(barcode / 0x1_0000_0000) | 0, 0x9e3779b1);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}

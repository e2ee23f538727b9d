/**
 * A yes/no fact per id of a `ProductKeyIndex` (a product closed, a product found valid): a byte per
 * id in an array grown by doubling, where a `Set` of the keys took 23 bytes per key of the heap.
 */
export class IdFlags {
  private bytes: Uint8Array;

  constructor(initialIds = 1024) {
    this.bytes = new Uint8Array(Math.max(1, initialIds));
  }

  /** Whether `id` is flagged (never for an id not set yet). */
  has(id: number): boolean {
    return id >= 0 && id < this.bytes.length && this.bytes[id] === 1;
  }

  /** Flags `id` (a non-negative id). */
  set(id: number): void {
    if (id >= this.bytes.length) {
      let capacity = this.bytes.length * 2;
      while (capacity <= id) capacity *= 2;
      const grown = new Uint8Array(capacity);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[id] = 1;
  }

  /** Unflags `id`; returns whether it was flagged. */
  clear(id: number): boolean {
    if (!this.has(id)) return false;
    this.bytes[id] = 0;
    return true;
  }
}

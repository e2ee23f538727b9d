/**
 * The assembler's open products: found by product key id, and visited oldest mark first.
 *
 * Not a `Map` of keys re-ordered by delete and set: a product opens and closes every few rows, and
 * V8 rebuilds a churning `Map`'s table every few hundred of them, the old table keeping a link to
 * the new one (for live iterators) and its entries. Once one table had been promoted to the old
 * generation and died there, it kept its successor alive through the next young collection, and
 * that one the next: every open product's rows and the text they point into were promoted, ~3 MB
 * every second young collection of the main thread (docs/performance.md). Here the products sit
 * in an array by id (a slot emptied on close, never a link to a newer object) and their order is a
 * queue of plain numbers.
 */
import type { MappedRow } from './mapped-row.js';

/** A product whose rows are still being gathered. */
export interface OpenProduct {
  /** The product key. */
  readonly key: string;
  /** The product key's id in the run's `ProductKeyIndex`. */
  readonly id: number;
  records: MappedRow[];
  /** Value of the product counter when the product last got a row. */
  mark: number;
}

/** Open products by key id, with the oldest (lowest mark) found first. */
export class OpenProducts {
  private readonly byId: (OpenProduct | undefined)[] = [];
  // A ring of (id, mark) entries in order of mark. A product re-marked gets a new entry; its old
  // one is stale (the product's mark differs, or it closed) and skipped when it reaches the head.
  private ids = new Int32Array(256);
  private marks = new Float64Array(256);
  private head = 0;
  private length = 0;
  private count = 0;

  /** Number of open products. */
  get size(): number {
    return this.count;
  }

  /** The open product of key id `id`, if any. */
  get(id: number): OpenProduct | undefined {
    return this.byId[id];
  }

  /** Opens `product` (its mark the newest). */
  add(product: OpenProduct): void {
    while (this.byId.length < product.id) this.byId.push(undefined);
    this.byId[product.id] = product;
    this.count += 1;
    this.enqueue(product.id, product.mark);
  }

  /** Gives an open product the newest mark `mark`. */
  remark(product: OpenProduct, mark: number): void {
    product.mark = mark;
    this.enqueue(product.id, mark);
  }

  /** The open product with the oldest mark, or undefined when none is open. */
  oldest(): OpenProduct | undefined {
    while (this.length > 0) {
      const slot = this.head;
      const product = this.byId[this.ids[slot] as number];
      if (product !== undefined && product.mark === this.marks[slot]) return product;
      this.head = (slot + 1) & (this.ids.length - 1);
      this.length -= 1;
    }
    return undefined;
  }

  /** Closes `product` (it is no longer found). */
  remove(product: OpenProduct): void {
    if (this.byId[product.id] !== product) return;
    this.byId[product.id] = undefined;
    this.count -= 1;
  }

  /** The open products, in no particular order. */
  values(): OpenProduct[] {
    const values: OpenProduct[] = [];
    for (const product of this.byId) if (product !== undefined) values.push(product);
    return values;
  }

  private enqueue(id: number, mark: number): void {
    if (this.length === this.ids.length) this.grow();
    const slot = (this.head + this.length) & (this.ids.length - 1);
    this.ids[slot] = id;
    this.marks[slot] = mark;
    this.length += 1;
  }

  private grow(): void {
    const capacity = this.ids.length * 2;
    const ids = new Int32Array(capacity);
    const marks = new Float64Array(capacity);
    for (let i = 0; i < this.length; i += 1) {
      const slot = (this.head + i) & (this.ids.length - 1);
      ids[i] = this.ids[slot] as number;
      marks[i] = this.marks[slot] as number;
    }
    this.ids = ids;
    this.marks = marks;
    this.head = 0;
  }
}

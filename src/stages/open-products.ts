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
 * queue of plain numbers. The array's growth leaves its old copy, pointing to the products open
 * then, for the collector to find: a few dozen times a run, never a chain.
 */
import type { MappedRow } from './mapped-row.js';

/** A product whose rows are still being gathered. */
export interface OpenProduct {
  /** The product key. */
  readonly key: string;
  /** The product key's id in the run's `ProductKeyIndex`. */
  readonly id: number;
  /** Its rows so far. */
  records: MappedRow[];
  /** Value of the product counter when the product last got a row. */
  mark: number;
  /** Its newest entry's ticket in the queue of `OpenProducts`, which sets it (0 before it is added: made with the field, every product has one shape). */
  ticket: number;
}

/** Open products by key id, with the oldest (lowest mark) found first. */
export class OpenProducts {
  private readonly byId: (OpenProduct | undefined)[] = [];
  // A ring of (id, ticket) entries in order of mark. A product re-marked gets a new entry with a
  // new ticket; its older one is stale (the ticket is not the product's, or it closed) and skipped
  // when it reaches the head. A ticket, not the mark: re-marked with the mark it has (no product
  // opened since), a product still moves behind those re-marked in between.
  private ids = new Int32Array(256);
  private tickets = new Float64Array(256);
  private head = 0;
  private length = 0;
  private count = 0;
  private nextTicket = 0;

  /** Number of open products. */
  get size(): number {
    return this.count;
  }

  /** The open product of key id `id`, if any. */
  get(id: number): OpenProduct | undefined {
    return this.byId[id];
  }

  /** Opens `product`, whose mark is the newest (marks never decrease). */
  add(product: OpenProduct): void {
    while (this.byId.length < product.id) this.byId.push(undefined);
    this.byId[product.id] = product;
    this.count += 1;
    this.enqueue(product);
  }

  /** Gives an open product the newest mark `mark` (no lower than any given before): it comes after every other. */
  remark(product: OpenProduct, mark: number): void {
    product.mark = mark;
    this.enqueue(product);
  }

  /** The open product with the oldest mark, or undefined when none is open. */
  oldest(): OpenProduct | undefined {
    while (this.length > 0) {
      const slot = this.head;
      const product = this.byId[this.ids[slot] as number];
      if (product !== undefined && product.ticket === this.tickets[slot]) return product;
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

  private enqueue(product: OpenProduct): void {
    if (this.length === this.ids.length) this.makeRoom();
    const slot = (this.head + this.length) & (this.ids.length - 1);
    product.ticket = ++this.nextTicket;
    this.ids[slot] = product.id;
    this.tickets[slot] = product.ticket;
    this.length += 1;
  }

  /**
   * A full ring: its stale entries dropped when they are most of it (rows of a few open products
   * alternating re-mark them at every row), else twice the room.
   */
  private makeRoom(): void {
    const oldMask = this.ids.length - 1;
    const capacity = this.length > 2 * this.count ? this.ids.length : this.ids.length * 2;
    const ids = new Int32Array(capacity);
    const tickets = new Float64Array(capacity);
    let kept = 0;
    for (let i = 0; i < this.length; i += 1) {
      const slot = (this.head + i) & oldMask;
      const id = this.ids[slot] as number;
      const ticket = this.tickets[slot] as number;
      if (capacity === this.ids.length && this.byId[id]?.ticket !== ticket) continue;
      ids[kept] = id;
      tickets[kept] = ticket;
      kept += 1;
    }
    this.ids = ids;
    this.tickets = tickets;
    this.head = 0;
    this.length = kept;
  }
}

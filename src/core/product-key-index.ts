/**
 * One index of the seller's product keys per run: each key gets a dense integer id (0, 1, 2, …,
 * in order of first sight), and the stages that need a fact per product (the assembler's closed
 * products, the dry run spool's records, the outcome store's product of each row, the products
 * found valid) keep it in a typed array by id instead of a hash table of their own: four such
 * tables each held every key, on the main thread's heap at the run's peak (the figures are in
 * docs/performance.md).
 *
 * The table itself is open addressing over an `Int32Array` (2 to 4 slots of 4 bytes per key, off the
 * JS heap), not a `Map` (32 bytes per key, in the large-object space): growing either keeps the old
 * table alive beside the new one, and a `Map` of 111,000 keys doubling held 5 MB at once.
 */

/** Dense ids of product keys, shared by the stages of one run. */
export interface ProductKeyIndex {
  /** The id of `key`, given now when the key is new. */
  idOf(key: string): number;
  /** The id of `key`, or -1 when it has none (nothing is added). */
  find(key: string): number;
  /** The key of `id`; undefined for -1 or an id not given. */
  keyOf(id: number): string | undefined;
  /** Number of keys; their ids are 0 to `size - 1`. */
  readonly size: number;
}

/** Creates an empty index; `initialKeys` sizes the first table. */
export function createProductKeyIndex(initialKeys = 1024): ProductKeyIndex {
  return new OpenAddressedKeyIndex(initialKeys);
}

/** Keys per table slot beyond which the table doubles: probe runs stay short. */
const MAX_LOAD = 0.5;

class OpenAddressedKeyIndex implements ProductKeyIndex {
  private keys: string[] = [];
  /** Per slot, the id of the key there plus one (0: empty); the length is a power of two. */
  private slots: Int32Array;
  private mask: number;
  // The stages ask about one product several times in a row (closed, spooled, its rows marked,
  // found valid): the last key answers without hashing. Compared by identity first, as the same
  // string object is usually passed on.
  private lastKey: string | undefined;
  private lastId = -1;

  constructor(initialKeys: number) {
    let capacity = 16;
    while (capacity * MAX_LOAD < initialKeys) capacity *= 2;
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.keys.length;
  }

  idOf(key: string): number {
    if (key === this.lastKey) return this.lastId;
    const hash = hashKey(key);
    let id = this.lookUp(key, hash);
    if (id < 0) id = this.add(key, hash);
    this.lastKey = key;
    this.lastId = id;
    return id;
  }

  find(key: string): number {
    if (key === this.lastKey) return this.lastId;
    return this.lookUp(key, hashKey(key));
  }

  keyOf(id: number): string | undefined {
    // -1 (no key) is not looked up: a negative index is a named property to V8, searched for
    // through the prototype chain on its slow path.
    return id < 0 ? undefined : this.keys[id];
  }

  private lookUp(key: string, hash: number): number {
    const { slots, mask, keys } = this;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const entry = slots[at] as number;
      if (entry === 0) return -1;
      if (keys[entry - 1] === key) return entry - 1;
    }
  }

  private add(key: string, hash: number): number {
    const id = this.keys.length;
    this.keys.push(key);
    if (this.keys.length > this.slots.length * MAX_LOAD) this.rehash(this.slots.length * 2);
    else place(this.slots, this.mask, hash, id);
    return id;
  }

  /** Moves every key to a table of `capacity` slots (the key just added too). */
  private rehash(capacity: number): void {
    const slots = new Int32Array(capacity);
    const mask = capacity - 1;
    const { keys } = this;
    for (let id = 0; id < keys.length; id++) place(slots, mask, hashKey(keys[id] as string), id);
    this.slots = slots;
    this.mask = mask;
  }
}

/** Puts `id` in the first empty slot from `hash` on. */
function place(slots: Int32Array, mask: number, hash: number, id: number): void {
  let at = hash & mask;
  while (slots[at] !== 0) at = (at + 1) & mask;
  slots[at] = id + 1;
}

/**
 * FNV-1a over the UTF-16 units, then MurmurHash3's finalizer: keys such as `CL-0000001` differ in
 * their last characters only, and linear probing needs those differences spread over the low bits.
 */
function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

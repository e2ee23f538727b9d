/**
 * One index of the seller's product keys per run: each key gets a dense integer id (0, 1, 2, …,
 * in order of first sight), and the stages that need a fact per product (the assembler's closed
 * products, the dry run spool's records, the outcome store's product of each row, the products
 * found valid) keep it by id instead of a table of keys of their own.
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

/** Creates an empty index. */
export function createProductKeyIndex(): ProductKeyIndex {
  const ids = new Map<string, number>();
  const keys: string[] = [];
  return {
    idOf(key) {
      let id = ids.get(key);
      if (id === undefined) {
        id = keys.push(key) - 1;
        ids.set(key, id);
      }
      return id;
    },
    find: (key) => ids.get(key) ?? -1,
    keyOf: (id) => (id < 0 ? undefined : keys[id]),
    get size() {
      return keys.length;
    },
  };
}

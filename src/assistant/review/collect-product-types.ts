/**
 * Groups the rows of a seller file by product type for the review workbook (pure): per type, the
 * rows it covers, three example names, how many of its rows the classifier already places without
 * asking, and the leaf it proposes with its alternatives and evidence. A type the seller already
 * answered (a `categories:` key found in the name, as `lookup: category` finds it) or whose
 * products the seller already sells on the marketplace (`examples`) is settled by that, not asked.
 */
import type { Classification, ClassifierIndex, ClassifyOptions } from '../classify/classifier-types.js';
import { classifyProduct } from '../classify/classify-product.js';
import { readProductTypeKey } from './read-product-type-key.js';

/** A leaf the seller's own answers or products give a type. */
export interface KnownLeaf {
  leafId: number;
  /** Where it comes from, for the workbook: `your answer`, `12 of your products on the marketplace`. */
  source: string;
}

/** One product type of the file. */
export interface ProductTypeGroup {
  /** The key answers are given under (`шампунь для собак`). */
  type: string;
  /** Data rows of this type. */
  rows: number;
  /** Rows the classifier places confidently (in the proposed leaf or another). */
  placedRows: number;
  /** Up to three names, as written. */
  examples: string[];
  /** The classification of the type's commonest proposal (of its first name with that leaf). */
  classification: Classification;
  /** The leaf the seller's answers or products already give it. */
  known?: KnownLeaf;
  /** Row numbers (sheet rows) of the type, for the first few only. */
  firstRows: number[];
}

/** What `collectProductTypes` needs. */
export interface CollectProductTypesOptions {
  classifier: ClassifierIndex;
  classifyOptions?: ClassifyOptions;
  /** A type already answered by the seller (a `categories:` key in the name), or undefined. */
  findAnswer?: (name: string) => KnownLeaf | undefined;
  /** Product type → leaf, from the seller's products on the marketplace. */
  examples?: ReadonlyMap<string, KnownLeaf>;
}

/** Accumulates rows; `finish` gives the groups, the most rows first. */
export interface ProductTypeCollector {
  add(name: string, row: number): void;
  finish(): { groups: ProductTypeGroup[]; rows: number; answeredRows: number; untypedRows: number };
}

interface Accumulator {
  type: string;
  rows: number;
  placedRows: number;
  examples: string[];
  firstRows: number[];
  votes: Map<number, { count: number; classification: Classification }>;
  unplaced?: Classification;
  known?: KnownLeaf;
}

const EXAMPLES = 3;

/** Creates the collector; see the file comment. */
export function createProductTypeCollector(options: CollectProductTypesOptions): ProductTypeCollector {
  const groups = new Map<string, Accumulator>();
  let rows = 0;
  let answeredRows = 0;
  let untypedRows = 0;
  return {
    add(name, row) {
      rows += 1;
      const text = name.trim();
      if (text === '') return;
      if (options.findAnswer?.(text) !== undefined) {
        answeredRows += 1;
        return;
      }
      const type = readProductTypeKey(text);
      if (type === '') {
        untypedRows += 1;
        return;
      }
      let group = groups.get(type);
      if (group === undefined) {
        group = { type, rows: 0, placedRows: 0, examples: [], firstRows: [], votes: new Map() };
        const known = options.examples?.get(type);
        if (known !== undefined) group.known = known;
        groups.set(type, group);
      }
      group.rows += 1;
      if (group.examples.length < EXAMPLES && !group.examples.includes(text)) group.examples.push(text);
      if (group.firstRows.length < EXAMPLES) group.firstRows.push(row);
      const classification = classifyProduct(options.classifier, { name: text }, options.classifyOptions);
      if (classification.confident) group.placedRows += 1;
      if (classification.leafId === undefined) {
        group.unplaced ??= classification;
        return;
      }
      const vote = group.votes.get(classification.leafId);
      if (vote === undefined) group.votes.set(classification.leafId, { count: 1, classification });
      else vote.count += 1;
    },
    finish() {
      const result = [...groups.values()].map((group): ProductTypeGroup => {
        const best = [...group.votes.values()].sort((a, b) => b.count - a.count)[0];
        const classification = best?.classification ?? group.unplaced ?? emptyClassification(group.type);
        const out: ProductTypeGroup = { type: group.type, rows: group.rows, placedRows: group.placedRows, examples: group.examples, classification, firstRows: group.firstRows };
        if (group.known !== undefined) out.known = group.known;
        return out;
      });
      result.sort((a, b) => b.rows - a.rows || a.type.localeCompare(b.type));
      return { groups: result, rows, answeredRows, untypedRows };
    },
  };
}

function emptyClassification(type: string): Classification {
  return { leafId: undefined, path: undefined, confidence: 0, confident: false, evidence: [], alternatives: [], productType: type, doubt: 'no leaf shares a word with it' };
}

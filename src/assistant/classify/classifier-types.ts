/**
 * The shapes of the product classifier: its index of one category directory, what it is asked
 * (a product name with the file's other category signals) and what it answers (a leaf, how sure,
 * why, and the next best leaves).
 */
import type { Demographic } from '../demographic-words.js';
import type { FileSections } from './file-sections.js';

/** One way a leaf is named: a name (Russian or Kazakh), a part of an `и` name, or a synonym's rewrite. */
export interface IndexedName {
  /** The name as the directory writes it. */
  text: string;
  language: 'rus' | 'kaz';
  /** Stems of what the leaf is (the words before a preposition; a Kazakh name's last word). */
  head: string[];
  /** Stems of the rest of the name (`для кошек` of `Корм для кошек`): what it is for, never what it is. */
  purpose: string[];
  /** The whole name, not a part of an `и` list. */
  full: boolean;
}

/** One leaf, tokenized once. */
export interface IndexedLeaf {
  id: number;
  /** Russian path, `Электроника / Телефоны / Смартфоны`. */
  path: string;
  /** Kazakh path, when the directory gives one. */
  pathKaz: string;
  names: IndexedName[];
  /** Stems of the levels above the leaf (both languages). */
  ancestorStems: string[];
  /** Whom the leaf is for, by its whole path. */
  demographic: Demographic;
  /** Whom the leaf's own name says it is for (`Детская косметика`, `Книги для малышей`): a narrower leaf. */
  nameDemographic: Demographic;
  /** The leaf's own name says nothing (`Прочее`, `Другие товары`): never a confident answer. */
  catchAll: boolean;
}

/** The classifier's index of one directory: plain data, so that it can be cached beside the directory. */
export interface ClassifierIndex {
  /** Version of the index format and rules; a cached index of another version is built again. */
  version: number;
  /** Hash of the directory's categories the index was built from. */
  directoryHash: string;
  leaves: IndexedLeaf[];
  /** Head stem → positions in `leaves` (sorted, unique). */
  byHeadStem: Record<string, number[]>;
  /** The end of a compound head stem (`чайник` of `электрочайник`) → positions in `leaves`: rivals of the plain word. */
  byCompoundEnd: Record<string, number[]>;
  /** The directory's Cyrillic brand names (normalised, words joined by spaces) that name no leaf: never words of a product type (`known-brands.ts`). */
  brands: string[];
  /** Every brand name of the directory (normalised, words joined by spaces): what tells a brand the service lists from a word it does not know. */
  brandNames: string[];
  /** The one-word values of each dictionary attribute (normalised: `android` of `Операционная система`) and the leaves it is linked to. */
  propertyWords: { words: string[]; leafIds: number[] }[];
  /**
   * The leaves whose goods the directory sizes by a standard size of their own (its text attribute `Типоразмер`, linked to
   * bolts, nuts, pipes and car parts), sorted: a thread with its pitch (`М12х1,5`) is such goods' size, no part number.
   */
  sizedLeafIds: number[];
  /** The top-level sections that sort goods by where a part sits (`collectPositionSections`, `position-words.ts`). */
  positionSections: string[];
  /** The abbreviations the directory names goods by, written in capitals in its leaves' names (`АКПП`, `ГРМ`), normalised (`known-brands.ts`). */
  abbreviations: string[];
  /** Every Cyrillic word of three letters or more the directory's category names use (Russian and Kazakh), normalised, sorted: what a cut word may open (`expand-cut-words.ts`). */
  wholeWords: string[];
}

/** What is known of one product. */
export interface ClassifyInput {
  /** The product name. */
  name: string;
  /** The group rows above the product (outermost first), or a path `A / B / C`. */
  groupPath?: string | readonly string[];
  /** The seller's own category label of the row. */
  label?: string;
  /** The product's brand, whose words are no part of the type. */
  brand?: string;
}

/** Settings of one classification (a mapping's `classify:` block). */
export interface ClassifyOptions {
  /** Leaves never proposed. */
  excludeLeafIds?: ReadonlySet<number>;
  /** Words dropped from every text before it is read (normalised, lower case). */
  excludeWords?: ReadonlySet<string>;
  /** Stems (`stemForIndex`) the seller confirmed never change a kind of product (`classify.neutralWords`). */
  neutralStems?: ReadonlySet<string>;
  /** Brand words of the seller's files (`classify.brandWords`, normalised phrases): like the directory's brands, they end a product type. */
  brandWords?: ReadonlySet<string>;
  /** The file's own sections (`classify.sections`): a pick outside them is never confident (`file-sections.ts`). */
  sections?: FileSections;
  /**
   * Per maker code of the file (`вс`), the top-level section most of its names are sure in but for the code (`read-maker-code-sections.ts`):
   * there the code is a maker of the file's trade, no doubt (`askUnexplainedMakerCode`).
   */
  makerCodeSections?: ReadonlyMap<string, string>;
}

/** Why a leaf was proposed: which phrase of the product matched which name of the leaf. */
export interface Evidence {
  /** The seller's phrase (`паяльная кислота`). */
  phrase: string;
  /** Where it came from. */
  source: 'name' | 'label' | 'group';
  /** The leaf's name, or path level, it matched. */
  matched: string;
  /** How the leaf's words were reached. */
  via: 'name' | 'kazakh name' | 'path' | 'synonym';
  leafId: number;
  path: string;
}

/** One leaf with its score. */
export interface Alternative {
  leafId: number;
  path: string;
  /** 0..1. */
  score: number;
}

/** The classifier's answer. */
export interface Classification {
  /** The proposed leaf (also when not confident); `undefined` when nothing fits at all. */
  leafId: number | undefined;
  /** The proposed leaf's path. */
  path: string | undefined;
  /** 0..1: how well the best leaf fits, lowered when others fit nearly as well. */
  confidence: number;
  /** Safe to take without asking: one leaf fits clearly and nothing in the text contradicts it. */
  confident: boolean;
  /** Why the best leaf was proposed. */
  evidence: Evidence[];
  /** Up to five next best leaves. */
  alternatives: Alternative[];
  /** The product type read from the name (`паяльная кислота`), the key answers are grouped by. */
  productType: string;
  /** Why the answer is not confident, when it is not. */
  doubt?: string;
  /** Words of the type the leaf does not explain, when they are the only doubt: confirmed neutral, they make the leaf confident. */
  heldBy?: string[];
}

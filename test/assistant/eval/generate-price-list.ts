/**
 * A realistic price list whose only category signal is the product name (issue 33, "Done when"):
 * a shop's export with `Артикул`, `Наименование`, `Цена`, `Штрихкод`, `Ед. изм.`, `Остаток`, `Фото`
 * and two nearly empty columns (`Код поставщика`, `Размер`) that must never become the key or the
 * size. Goods come from `PRICE_LIST_KINDS`; how common each kind is follows a long tail (a few kinds
 * make up much of the file, many appear a handful of times), as in real price lists.
 *
 * Deterministic: the same seed gives the same rows. Each row's right leaf is returned beside the
 * file's cells (`truth`, keyed by article), never written into the file the tool reads.
 */
import { writeFile } from 'node:fs/promises';
import { createPrng } from '../../../src/sandbox/create-prng.js';
import type { ReferenceData } from '../../../src/sandbox/reference-data.js';
import { buildPrefixedEan13 } from '../../helpers/seller-file-fixtures.js';
import { PRICE_LIST_KINDS } from './price-list-kinds.js';
import type { PriceListKind } from './price-list-kinds.js';

/** The header of the generated file, in column order. */
export const PRICE_LIST_HEADER = ['Артикул', 'Наименование', 'Цена', 'Штрихкод', 'Ед. изм.', 'Остаток', 'Код поставщика', 'Размер', 'Фото'] as const;

/** One generated row: its cells by header, plus what the tool must not see. */
export interface PriceListRow {
  cells: Record<(typeof PRICE_LIST_HEADER)[number], string>;
  /** The right leaf id, or null when no leaf fits (the right outcome is an open question). */
  leafId: number | null;
  /** The kind's first head phrase, for reading a failure. */
  kind: string;
  /** The seller's own group path of the row (a list written elsewhere, `read-price-list-tsv.ts`): the CSV's `Группа` column. */
  group?: string;
}

/** The header of the seller's group column a list with groups is written with (`writePriceListCsv`). */
export const GROUP_HEADER = 'Группа';

/** The generated price list. */
export interface PriceList {
  rows: PriceListRow[];
  /** Article → right leaf id (null: no leaf fits). */
  truth: Map<string, number | null>;
}

/** Options of `generatePriceList`. */
export interface PriceListOptions {
  rows?: number;
  seed?: number;
  /** When given, every kind's leaf id is checked to carry its name there (a moved id fails). */
  directory?: Pick<ReferenceData, 'categories'>;
}

/** Generates the price list; see the file comment. */
export function generatePriceList(options: PriceListOptions = {}): PriceList {
  const { rows: count = 2000, seed = 33 } = options;
  if (options.directory !== undefined) checkKindLeaves(options.directory);
  const random = createPrng(seed);
  // The writing habits below draw from a stream of their own, so that the kinds and words drawn stay those of the seed.
  const habit = createPrng(seed + HABIT_SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const weights = drawKindWeights(random);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const rows: PriceListRow[] = [];
  const truth = new Map<string, number | null>();
  const names = new Set<string>();
  for (let attempt = 0; rows.length < count && attempt < count * 20; attempt += 1) {
    const kind = drawKind(weights, total, random());
    let name = composeName(kind, pick, random, habit);
    // A large catalog runs out of word combinations: later repeats get a model code, as shops number variants.
    if (names.has(name.toLowerCase()) && attempt >= count * 2) name = `${name} мод. ${rows.length + 1}`;
    if (names.has(name.toLowerCase())) continue;
    names.add(name.toLowerCase());
    const n = rows.length + 1;
    const article = `${pick(['ТВ', 'ХТ', 'ПР', 'ST'])}-${String(100000 + n * 7).padStart(6, '0')}`;
    rows.push({
      cells: {
        Артикул: article,
        Наименование: name,
        Цена: String(Math.round(150 + random() * 40000)),
        Штрихкод: random() < 0.93 ? buildPrefixedEan13(random() < 0.3 ? '487' : '460', 100000 + n) : '',
        'Ед. изм.': pick(['шт', 'шт', 'шт', 'уп', 'кг']),
        Остаток: String(Math.floor(random() * 300)),
        'Код поставщика': n % 97 === 0 ? `P${n}` : '',
        Размер: n === 11 ? 'XL' : '',
        Фото: `https://img.example.kz/p/${n}.jpg`,
      },
      leafId: kind.leaf === null ? null : kind.leaf[0],
      kind: kind.heads[0] ?? '',
    });
    truth.set(article, kind.leaf === null ? null : kind.leaf[0]);
  }
  return { rows, truth };
}

/** A long tail: kind i (in a seeded order) weighs 1 / (rank + 2)^0.8, goods no leaf fits stay rare. */
function drawKindWeights(random: () => number): number[] {
  const order = PRICE_LIST_KINDS.map((_, i) => i).sort(() => random() - 0.5);
  const weights = new Array<number>(PRICE_LIST_KINDS.length).fill(0);
  order.forEach((kindIndex, rank) => {
    const unplaced = PRICE_LIST_KINDS[kindIndex]?.leaf === null;
    weights[kindIndex] = unplaced ? 0.02 : 1 / (rank + 2) ** 0.8;
  });
  return weights;
}

function drawKind(weights: readonly number[], total: number, at: number): PriceListKind {
  let left = at * total;
  for (let i = 0; i < weights.length; i += 1) {
    left -= weights[i] ?? 0;
    if (left <= 0) return PRICE_LIST_KINDS[i] as PriceListKind;
  }
  return PRICE_LIST_KINDS[PRICE_LIST_KINDS.length - 1] as PriceListKind;
}

/**
 * A name as shops write it: mostly `head brand extra size`; sometimes the brand first, the whole
 * name in capitals, a Kazakh head with the Russian one after a slash, or the size before the extra;
 * sometimes the brand in quotes, or a long word cut short with a dot, as accounting exports write them.
 */
function composeName(kind: PriceListKind, pick: <T>(items: readonly T[]) => T, random: () => number, habit: () => number): string {
  const head = pick(kind.heads);
  const drawn = kind.brands.length > 0 && random() < 0.85 ? pick(kind.brands) : '';
  // Accounting exports often quote the brand (`Кефир «Адал» 2,5%`, `Кефир "Адал"`).
  const quoted = habit();
  const brand = drawn === '' || quoted >= QUOTED_BRAND ? drawn : quoted < QUOTED_BRAND / 2 ? `«${drawn}»` : `"${drawn}"`;
  const extra = pick(kind.extras);
  const size = kind.sizes.length > 0 ? pick(kind.sizes) : '';
  const style = random();
  let parts: string[];
  if (style < 0.08 && brand !== '') parts = [brand, lowerFirst(head), extra, size];
  else if (style < 0.14) parts = [head, brand, size, extra];
  else if (style < 0.18 && head !== kind.heads[0]) parts = [`${head} / ${kind.heads[0] ?? ''}`, brand, extra, size];
  else parts = [head, brand, extra, size];
  const written = parts.filter((part) => part !== '').join(' ');
  // A name field of limited length: a long word after the first is cut short with a dot (`Молоко пастер.`, `Шоколад молоч.`).
  const name = habit() < ABBREVIATED ? abbreviateLongWord(written) : written;
  return random() < 0.07 ? name.toUpperCase() : name;
}

// How often a brand is quoted, and how often a long word is cut short.
const QUOTED_BRAND = 0.12;
const ABBREVIATED = 0.06;
const HABIT_SEED = 7919;

/** Cuts the first long lower-case Cyrillic word after the first word to five letters (six when the fifth is a vowel) and a dot. */
function abbreviateLongWord(name: string): string {
  const match = /(?<=\S\s(?:\S+\s)*?)([а-яё]{8,})(?=\s|$)/u.exec(name);
  if (match === null) return name;
  const word = match[1] ?? '';
  const cut = /[аеёиоуыэюя]/u.test(word.charAt(4)) ? 6 : 5;
  return `${name.slice(0, match.index)}${word.slice(0, cut)}.${name.slice(match.index + word.length)}`;
}

function lowerFirst(text: string): string {
  return /^[А-ЯЁӘҒҚҢӨҰҮҺІ][а-яёәғқңөұүһі]/u.test(text) ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}

/** Throws when a kind's leaf id does not carry its name in the directory: a moved id would corrupt the truth. */
function checkKindLeaves(directory: Pick<ReferenceData, 'categories'>): void {
  const names = new Map(directory.categories.filter((category) => category.isLeaf).map((category) => [category.id, category.name.rus]));
  const wrong = PRICE_LIST_KINDS.flatMap((kind) => (kind.leaf !== null && names.get(kind.leaf[0]) !== kind.leaf[1] ? [`${kind.leaf[0]} is "${names.get(kind.leaf[0]) ?? 'no leaf'}", not "${kind.leaf[1]}"`] : []));
  if (wrong.length > 0) throw new Error(`price-list kinds out of step with the directory: ${wrong.join('; ')}`);
}

/** Writes the rows as a `;`-separated UTF-8 CSV, as shops export it; the truth stays out. */
export async function writePriceListCsv(path: string, list: Pick<PriceList, 'rows'>): Promise<void> {
  const quote = (text: string): string => (/[;"\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  // A list with the seller's groups gets their column last; a list without has the header it always had.
  const withGroups = list.rows.some((row) => row.group !== undefined);
  const header = withGroups ? [...PRICE_LIST_HEADER, GROUP_HEADER] : PRICE_LIST_HEADER;
  const cellsOf = (row: PriceListRow): string[] => [...PRICE_LIST_HEADER.map((column) => quote(row.cells[column])), ...(withGroups ? [quote(row.group ?? '')] : [])];
  const lines = [header.join(';'), ...list.rows.map((row) => cellsOf(row).join(';'))];
  await writeFile(path, `${lines.join('\n')}\n`, 'utf8');
}

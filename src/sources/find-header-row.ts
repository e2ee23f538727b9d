/**
 * Finds the header row of a sheet: sellers put titles, logos and notes above it. The first of the
 * scanned rows that holds every expected header wins; failing that, the row holding most of them
 * (at least half); failing that, an error listing the headers that were found. Without expected
 * headers (`mapping init` reads an unknown file), the first row about as wide as the table wins.
 */

import { cutForMessage } from '../core/cut-for-message.js';

/** How many rows are scanned for the header unless the mapping names the row. */
export const HEADER_SCAN_ROWS = 20;

/** One scanned row: its number and the trimmed text of its cells by column position. */
export interface HeaderCandidate {
  row: number;
  names: string[];
}

/** The chosen candidate's position in the list, or why none fits. */
type HeaderChoice = { index: number } | { error: string };

/** Header text as compared: case, surrounding and repeated spaces, and ё/е do not matter. */
export function normalizeHeaderName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase().replaceAll('ё', 'е');
}

/** Chooses the header row among `candidates` (non-empty rows in file order). */
export function findHeaderRow(candidates: readonly HeaderCandidate[], expected: readonly string[] | undefined): HeaderChoice {
  if (candidates.length === 0) return { error: 'no row with values' };
  const wanted = [...new Set((expected ?? []).map(normalizeHeaderName).filter((name) => name !== ''))];
  if (wanted.length === 0) return { index: findWidestFirst(candidates) };

  let best = { index: -1, matches: 0 };
  candidates.forEach((candidate, index) => {
    const present = new Set(candidate.names.map(normalizeHeaderName));
    const matches = wanted.filter((name) => present.has(name)).length;
    if (matches > best.matches) best = { index, matches };
  });
  if (best.index >= 0) {
    const firstFull = candidates.findIndex((candidate) => {
      const present = new Set(candidate.names.map(normalizeHeaderName));
      return wanted.every((name) => present.has(name));
    });
    if (firstFull >= 0) return { index: firstFull };
    if (best.matches >= Math.ceil(wanted.length / 2)) return { index: best.index };
  }

  const fullest = candidates.reduce((a, b) => (countNames(b) > countNames(a) ? b : a));
  const shown = fullest.names.map((name) => name.trim()).filter((name) => name !== '').slice(0, 30);
  const quoted = (names: readonly string[]): string => names.map((name) => `"${cutForMessage(name)}"`).join(', ');
  return {
    error:
      `header row not found: none of the first ${candidates.length} rows with values has the expected columns ` +
      `${quoted(expected ?? [])}; row ${fullest.row} has: ${quoted(shown)}${fullest.names.length > shown.length ? ', …' : ''}`,
  };
}

/**
 * Without expected headers: the first row at least half as wide as the widest scanned row, so a
 * title row ("Каталог товаров на 01.11.2026") above the table is passed over.
 */
function findWidestFirst(candidates: readonly HeaderCandidate[]): number {
  const widest = Math.max(...candidates.map(countNames));
  const index = candidates.findIndex((candidate) => countNames(candidate) >= Math.max(2, Math.ceil(widest / 2)));
  return index >= 0 ? index : 0;
}

function countNames(candidate: HeaderCandidate): number {
  return candidate.names.filter((name) => name !== '').length;
}

/** True when `names` holds every expected header (an empty expectation is always met). */
export function checkHeaderComplete(names: readonly string[], expected: readonly string[] | undefined): boolean {
  const present = new Set(names.map(normalizeHeaderName));
  return (expected ?? []).map(normalizeHeaderName).every((name) => name === '' || present.has(name));
}

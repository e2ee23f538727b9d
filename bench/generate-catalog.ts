/**
 * Generates one catalog (XLSX with shared strings + CSV) in its own process and prints what it
 * wrote as one JSON line. Usage: node --import tsx bench/generate-catalog.ts ROWS MAX_SKUS XLSX CSV
 */
import { writeCatalogFiles } from './write-catalog-files.js';
import { readArgs, readClock } from './measure-support.js';

const [rows, maxSkus, xlsx, csv] = readArgs(4, 'generate-catalog.ts ROWS MAX_SKUS XLSX CSV') as [string, string, string, string];
const start = readClock();
const files = await writeCatalogFiles({ rows: Number(rows), maxSkusPerProduct: Number(maxSkus) }, xlsx, csv);
process.stdout.write(`BENCH ${JSON.stringify({ ...files, ms: readClock() - start })}\n`);

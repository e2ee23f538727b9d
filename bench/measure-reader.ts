/**
 * Our reader alone (`openSource`: encoding/delimiter detection, header shaping, cell flags),
 * touching every cell's text: the middle line between the floor and the dry run.
 * Usage: node --import tsx bench/measure-reader.ts FILE MAPPING
 */
import { loadMapping } from '../src/mapping/load-mapping.js';
import { buildReadOptions } from '../src/mapping/build-read-options.js';
import { openSource } from '../src/sources/open-source.js';
import { printMeasurement, readArgs, readClock, startRssSampler } from './measure-support.js';

const [file, mappingPath] = readArgs(2, 'measure-reader.ts FILE MAPPING') as [string, string];
const mapping = await loadMapping(mappingPath, { cwd: process.cwd() });
const sampler = startRssSampler();
const start = readClock();
let rows = 0;
let cells = 0;
let chars = 0;
const stream = await openSource(file, buildReadOptions(mapping), {});
for await (const row of stream.rows) {
  rows += 1;
  for (const cell of row.cells) {
    if (cell === undefined) continue;
    cells += 1;
    chars += cell.text.length;
  }
}
const ms = readClock() - start;
printMeasurement({ kind: 'reader', rows, ms, peakRssBytes: sampler.stop(), extra: { cells, chars } });

/**
 * The CSV floor: papaparse's streaming parser fed by a streaming UTF-8 `TextDecoder` (so letters
 * split between chunks stay whole), touching every field, nothing else.
 * Usage: node --import tsx bench/measure-floor-csv.ts FILE
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import Papa from 'papaparse';
import { printMeasurement, readArgs, readClock, startRssSampler } from './measure-support.js';

const [file] = readArgs(1, 'measure-floor-csv.ts FILE') as [string];

async function* decode(path: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

const sampler = startRssSampler();
const start = readClock();
let rows = 0;
let cells = 0;
let chars = 0;
await new Promise<void>((resolve, reject) => {
  Papa.parse<string[]>(Readable.from(decode(file)), {
    delimiter: ';',
    step(result) {
      rows += 1;
      for (const field of result.data) {
        cells += 1;
        chars += field.length;
      }
    },
    complete: () => resolve(),
    error: (error: Error) => reject(error),
  });
});
const ms = readClock() - start;
printMeasurement({ kind: 'floor-csv', rows: rows - 1, ms, peakRssBytes: sampler.stop(), extra: { cells, chars } });

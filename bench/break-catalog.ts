/**
 * Writes a copy of a benchmark CSV in which every data row has two errors: a price that is not a
 * number and a barcode whose check digit is wrong. It stands for the usual first try with a new
 * mapping (a wrong decimal setting, a shifted column), where every row is wrong.
 * Usage: node --import tsx bench/break-catalog.ts IN.csv OUT.csv
 * Prints `BENCH { "rows": N, "ms": … }`.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import Papa from 'papaparse';
import { readArgs, readClock } from './measure-support.js';

const [input, output] = readArgs(2, 'break-catalog.ts IN.csv OUT.csv') as [string, string];

async function* decode(path: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

const start = readClock();
const out = createWriteStream(output);
out.write('\uFEFF');
let header: string[] | undefined;
let price = -1;
let barcode = -1;
let rows = 0;
let pending: string[] = [];
const flush = async (): Promise<void> => {
  if (pending.length === 0) return;
  if (!out.write(`${pending.join('\r\n')}\r\n`)) await once(out, 'drain');
  pending = [];
};
const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter: ';' }) as unknown as NodeJS.ReadWriteStream;
Readable.from(decode(input)).pipe(parser);
for await (const record of parser as AsyncIterable<string[]>) {
  if (header === undefined) {
    header = record;
    price = header.indexOf('Цена');
    barcode = header.indexOf('Штрихкод');
    pending.push(Papa.unparse([record], { delimiter: ';' }));
    continue;
  }
  if (record.length < header.length) continue;
  const row = [...record];
  row[price] = 'по запросу';
  const digits = row[barcode] ?? '';
  row[barcode] = digits.slice(0, -1) + String((Number(digits.slice(-1)) + 1) % 10);
  pending.push(Papa.unparse([row], { delimiter: ';' }));
  rows += 1;
  if (pending.length >= 1000) await flush();
}
await flush();
out.end();
await once(out, 'finish');
process.stdout.write(`BENCH ${JSON.stringify({ rows, ms: readClock() - start })}\n`);

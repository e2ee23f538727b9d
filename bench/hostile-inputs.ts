/**
 * Time and peak memory of the readers on hostile inputs, at full size (issue 16):
 * `node --import tsx bench/hostile-inputs.ts [--only name,name]`.
 *
 * Each input is generated into a temp directory (removed at the end) and read in its own Node
 * process through `openSource` (rows drained, the outcome recorded), so its peak RSS is its own;
 * the floor is a process that only streams the same file's bytes. Figures are quoted as ratios
 * against that floor, measured in the same run. test/sources/hostile-inputs.test.ts asserts the
 * outcomes of smaller versions; this script only measures.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openSource } from '../src/sources/open-source.js';
import type { ReadOptions } from '../src/sources/types.js';
import { buildTestWorkbook, buildTestZip, escapeXml } from '../test/helpers/write-test-zip.js';

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const HEADER = ['Артикул', 'Наименование', 'Цена'];
const headerXml = `<row r="1">${HEADER.map((name, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${escapeXml(name)}</t></is></c>`).join('')}</row>`;
const dataRowXml = '<row><c t="inlineStr"><is><t>A-1</t></is></c><c t="inlineStr"><is><t>Чайник электрический</t></is></c><c><v>12990</v></c></row>';

/** One hostile input: how to write it and the options it is read with. */
interface HostileCase {
  name: string;
  file: string;
  write(path: string): Promise<void>;
  options?: ReadOptions;
}

async function writeRepeated(path: string, head: string, piece: string, times: number, tail = ''): Promise<void> {
  const out = createWriteStream(path);
  out.write(head);
  for (let i = 0; i < times; i++) if (!out.write(piece)) await once(out, 'drain');
  out.end(tail);
  await once(out, 'finish');
}

const CASES: HostileCase[] = [
  { name: 'csv-50mb-line', file: 'line.csv', write: (p) => writeRepeated(p, 'Артикул,Цена\n', 'x'.repeat(1024 * 1024), 50, '\n') },
  { name: 'csv-15mb-record-read-whole', file: 'record.csv', write: (p) => writeRepeated(p, 'Артикул,Описание\nA-1,', 'y'.repeat(1024 * 1024), 15, '\n') },
  { name: 'csv-25m-fields', file: 'fields.csv', write: (p) => writeRepeated(p, 'Артикул,Цена\n', 'a,'.repeat(1024 * 1024), 25, '\n') },
  {
    name: 'csv-unclosed-quote-26mb',
    file: 'quote.csv',
    write: (p) => writeRepeated(p, 'Артикул,Цена\nA-1,"12990\n', 'A-2,Чайник электрический,12990\n', 26 * 1024 * 1024 / 40),
  },
  { name: 'csv-million-empty-lines', file: 'empty.csv', write: (p) => writeRepeated(p, 'Артикул,Цена\n', '\n', 1_000_000, 'A-1,5\n') },
  { name: 'csv-52mb-header-cell', file: 'header.csv', write: (p) => writeRepeated(p, '', 'Ш'.repeat(512 * 1024), 50, ',Цена\n1,2\n'), options: { expectedHeaders: ['Артикул', 'Цена'] } },
  {
    name: 'csv-16384-columns',
    file: 'wide.csv',
    write: (p) => writeFile(p, `${Array.from({ length: 16_384 }, (_, i) => `h${i}`).join(',')}\n${Array.from({ length: 1000 }, () => Array.from({ length: 16_384 }, (_, i) => i).join(',')).join('\n')}\n`),
  },
  {
    name: 'xlsx-zip-bomb-2gib',
    file: 'bomb.xlsx',
    write: (p) => writeFile(p, buildTestWorkbook({ sheetEntry: { content: { prefix: `<worksheet ${NS}><sheetData>${headerXml}`, piece: '<row/>'.repeat(174_763), times: 2048, suffix: '</sheetData></worksheet>' } } })),
  },
  {
    name: 'xlsx-1.1m-empty-rows',
    file: 'rows.xlsx',
    write: (p) => writeFile(p, buildTestWorkbook({ sheetEntry: { content: { prefix: `<worksheet ${NS}><sheetData>${headerXml}`, piece: '<row/>', times: 1_100_000, suffix: '</sheetData></worksheet>' } } })),
  },
  {
    name: 'xlsx-1m-data-rows-maxRows-100k',
    file: 'data.xlsx',
    write: (p) => writeFile(p, buildTestWorkbook({ sheetEntry: { content: { prefix: `<worksheet ${NS}><sheetData>${headerXml}`, piece: dataRowXml.repeat(1000), times: 1000, suffix: '</sheetData></worksheet>' } } })),
    options: { maxRows: 100_000 },
  },
  {
    name: 'xlsx-16384-columns',
    file: 'wide.xlsx',
    write: (p) =>
      writeFile(
        p,
        buildTestWorkbook({
          sheetData: `<row>${Array.from({ length: 16_384 }, (_, i) => `<c t="inlineStr"><is><t>h${i}</t></is></c>`).join('')}</row>${`<row>${Array.from({ length: 16_384 }, (_, i) => `<c><v>${i}</v></c>`).join('')}</row>`.repeat(200)}`,
        }),
      ),
  },
  {
    name: 'xlsx-entity-bomb',
    file: 'entities.xlsx',
    write: (p) => {
      const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY e${i + 1} "${`&e${i};`.repeat(10)}">`).join('');
      return writeFile(p, buildTestWorkbook({ sheetXml: `<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY e0 "boom">${entities}]><worksheet ${NS}><sheetData>${headerXml}<row><c t="inlineStr"><is><t>&e9;</t></is></c></row></sheetData></worksheet>` }));
    },
  },
  {
    name: 'xlsx-600mb-workbook-xml',
    file: 'workbook.xlsx',
    write: (p) =>
      writeFile(
        p,
        buildTestZip([
          { name: 'xl/workbook.xml', content: { prefix: `<workbook ${NS}><sheets><sheet name="A" sheetId="1" r:id="rId1" xmlns:r="x"/></sheets><definedNames>`, piece: ' '.repeat(1024 * 1024), times: 600, suffix: '</definedNames></workbook>' } },
          { name: 'xl/_rels/workbook.xml.rels', content: '<Relationships/>' },
        ]),
      ),
  },
];

/** What one measured read gives. */
interface Reading {
  ms: number;
  maxRssMb: number;
  rows: number;
  outcome: string;
}

async function measureOne(mode: 'read' | 'floor', path: string, options: ReadOptions): Promise<Reading> {
  const started = performance.now();
  let rows = 0;
  let outcome = 'read';
  if (mode === 'floor') {
    for await (const chunk of createReadStream(path)) rows += (chunk as Buffer).length > 0 ? 0 : 0;
  } else {
    try {
      const stream = await openSource(path, options, {});
      for await (const row of stream.rows) {
        rows++;
        void row;
      }
    } catch (error) {
      outcome = `${(error as Error).name}: ${(error as Error).message.replace(path, '<file>')}`.slice(0, 160);
    }
  }
  return { ms: Math.round(performance.now() - started), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), rows, outcome };
}

function spawnSelf(mode: string, path: string, options: ReadOptions): Promise<Reading> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, '--child', mode, path, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.once('exit', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith('BENCH '));
      if (line === undefined) reject(new Error(`${mode} ${path} exited ${code} without a result`));
      else resolve(JSON.parse(line.slice(6)) as Reading);
    });
  });
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { child: { type: 'boolean' }, only: { type: 'string' } }, allowPositionals: true });
  if (values.child === true) {
    const [mode = 'read', path = '', options = '{}'] = positionals;
    process.stdout.write(`BENCH ${JSON.stringify(await measureOne(mode as 'read' | 'floor', path, JSON.parse(options) as ReadOptions))}\n`);
    return;
  }
  const only = values.only?.split(',');
  const dir = await mkdtemp(join(tmpdir(), 'bench-hostile-'));
  try {
    console.log('| input | file size | outcome | time | floor time | peak RSS | floor RSS |');
    console.log('|---|---|---|---|---|---|---|');
    for (const hostile of CASES) {
      if (only !== undefined && !only.includes(hostile.name)) continue;
      const path = join(dir, hostile.file);
      await hostile.write(path);
      const size = (await stat(path)).size;
      const floor = await spawnSelf('floor', path, {});
      const read = await spawnSelf('read', path, hostile.options ?? {});
      const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
      console.log(
        `| ${hostile.name} | ${mb(size)} | ${read.outcome.replaceAll('|', '/')} (${read.rows} rows) | ${read.ms} ms | ${floor.ms} ms | ${read.maxRssMb} MB (${(read.maxRssMb / floor.maxRssMb).toFixed(1)}x) | ${floor.maxRssMb} MB |`,
      );
      await rm(path, { force: true });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

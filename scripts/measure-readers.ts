/**
 * Measures the source readers against exceljs's and papaparse's bare streaming reads of the same
 * files: rows per second and peak RSS, each read in its own process. Also measures what the
 * shared-string table costs in exceljs's cache versus our compact table.
 *
 * Usage: node --import tsx scripts/measure-readers.ts [rows=100000] [columns=21]
 * Files are generated in the OS temp directory and removed afterwards. Not a test: the figures
 * go to docs/input-files.md.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { csvReader } from '../src/sources/read-csv.js';
import { xlsxReader } from '../src/sources/read-xlsx.js';
import { createSharedStringTable } from '../src/xlsx/shared-string-table.js';

const WORDS = ['смартфон', 'чехол', 'защитное', 'стекло', 'пылесос', 'беспроводной', 'кофеварка', 'ёлочная', 'игрушка', 'наушники', 'зарядное', 'устройство', 'быстрая', 'зарядка', 'кабель', 'металлический', 'корпус', 'водонепроницаемый', 'подсветка', 'гарантия'];
const CATEGORIES = ['Смартфоны', 'Аксессуары', 'Бытовая техника', 'Игрушки', 'Одежда', 'Обувь', 'Посуда', 'Текстиль'];
const COLORS = ['красный', 'синий', 'зелёный', 'чёрный', 'белый', 'серый', 'жёлтый', 'коричневый'];

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length] as T;
}

function buildWords(row: number, count: number, salt: number): string {
  const words: string[] = [];
  for (let k = 0; k < count; k++) words.push(pick(WORDS, row * 31 + k * 7 + salt));
  return words.join(' ');
}

/** One realistic catalog row of `columns` cells: texts unique per row, like names and descriptions. */
function buildRow(row: number, columns: number): (string | number)[] {
  const base: (string | number)[] = [
    `ART-${100000 + row}`,
    4600000000000 + row,
    `${buildWords(row, 3, 1)} ${row}`,
    `${buildWords(row, 14, 2)}, модель ${row}`,
    pick(CATEGORIES, row),
    `Бренд ${row % 50}`,
    1000 + (row % 9000) + 0.5,
    12,
    pick(COLORS, row),
    pick(['XS', 'S', 'M', 'L', 'XL'], row),
    pick(['хлопок', 'полиэстер', 'сталь', 'пластик'], row),
    'Казахстан',
    (row % 500) / 10,
    10 + (row % 40),
    20 + (row % 30),
    5 + (row % 20),
    `https://cdn.example.kz/p/${row}.jpg`,
    `${buildWords(row, 5, 3)} ${row}`,
    12,
    row % 300,
    pick(['в наличии', 'под заказ'], row),
  ];
  return Array.from({ length: columns }, (_, i) => base[i % base.length] as string | number);
}

function buildHeader(columns: number): string[] {
  return Array.from({ length: columns }, (_, i) => `Колонка ${i + 1}`);
}

async function writeFiles(dir: string, rows: number, columns: number): Promise<{ xlsx: string; csv: string }> {
  const xlsx = join(dir, 'catalog.xlsx');
  const csv = join(dir, 'catalog.csv');
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsx, useSharedStrings: true, useStyles: false });
  const sheet = writer.addWorksheet('Товары');
  sheet.addRow(buildHeader(columns)).commit();
  const out = createWriteStream(csv);
  out.write(`${buildHeader(columns).join(';')}\n`);
  for (let r = 0; r < rows; r++) {
    const cells = buildRow(r, columns);
    sheet.addRow(cells).commit();
    const line = `${cells.map((cell) => (typeof cell === 'string' && /[;"\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : String(cell))).join(';')}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  sheet.commit();
  await writer.commit();
  out.end();
  await once(out, 'finish');
  return { xlsx, csv };
}

/** Child process: one read, printing `{ rows, ms, maxRssMb }` as JSON. */
async function runChild(mode: string, file: string): Promise<void> {
  const started = performance.now();
  let rows = 0;
  let chars = 0;
  if (mode === 'ours-csv' || mode === 'ours-xlsx') {
    const stream = await (mode === 'ours-csv' ? csvReader : xlsxReader).open(file, {}, {});
    for await (const row of stream.rows) {
      rows++;
      for (const cell of row.cells) chars += cell?.text.length ?? 0;
    }
  } else if (mode === 'bare-papaparse') {
    await new Promise<void>((resolve, reject) => {
      Papa.parse(createReadStream(file, { encoding: 'utf8' }), {
        delimiter: ';',
        step: (result: Papa.ParseStepResult<string[]>) => {
          rows++;
          for (const cell of result.data) chars += cell.length;
        },
        complete: () => resolve(),
        error: reject,
      });
    });
    rows--;
  } else if (mode === 'bare-exceljs') {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', worksheets: 'emit', styles: 'cache' });
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        rows++;
        row.eachCell((cell) => {
          chars += String(cell.value).length;
        });
      }
    }
    rows--;
  } else if (mode === 'strings-exceljs' || mode === 'strings-ours') {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage();
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: mode === 'strings-ours' ? 'emit' : 'cache', worksheets: 'emit' });
    const table = createSharedStringTable();
    for await (const item of (reader as unknown as { parse(): AsyncIterable<{ eventType?: string; text?: unknown; value?: { iterator?: { destroy?: () => void } } }> }).parse()) {
      if (item.eventType === undefined) table.add(String(item.text));
      else if (item.eventType === 'worksheet') {
        item.value?.iterator?.destroy?.();
        break;
      }
    }
    const kept: unknown = mode === 'strings-ours' ? table : (reader as unknown as { sharedStrings: unknown[] }).sharedStrings;
    gc?.();
    const after = process.memoryUsage();
    const count = mode === 'strings-ours' ? table.size : (kept as unknown[]).length;
    const mb = (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 1e6;
    process.stdout.write(`${JSON.stringify({ strings: count, mb: Number(mb.toFixed(1)) })}\n`);
    return;
  }
  const ms = performance.now() - started;
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ rows, ms: Math.round(ms), rowsPerSecond: Math.round((rows / ms) * 1000), maxRssMb: Math.round(maxRssMb), chars })}\n`);
}

async function main(): Promise<void> {
  const [flag, mode, file] = process.argv.slice(2);
  if (flag === '--child' && mode !== undefined && file !== undefined) {
    await runChild(mode, file);
    return;
  }
  const rows = Number(process.argv[2] ?? 100_000);
  const columns = Number(process.argv[3] ?? 21);
  const dir = await mkdtemp(join(tmpdir(), 'measure-readers-'));
  try {
    const started = performance.now();
    const files = await writeFiles(dir, rows, columns);
    process.stdout.write(
      `${rows} rows × ${columns} columns: XLSX ${(statSync(files.xlsx).size / 1e6).toFixed(1)} MB, CSV ${(statSync(files.csv).size / 1e6).toFixed(1)} MB (written in ${Math.round((performance.now() - started) / 1000)} s)\n`,
    );
    const self = fileURLToPath(import.meta.url);
    const run = (mode: string, file: string, heapCapMb?: number): string => {
      const cap = heapCapMb === undefined ? [] : [`--max-old-space-size=${heapCapMb}`];
      try {
        return execFileSync(process.execPath, [...cap, '--expose-gc', '--import', 'tsx', self, '--child', mode, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
      } catch {
        return 'failed (out of memory?)';
      }
    };
    for (const [mode, file] of [
      ['ours-csv', files.csv],
      ['bare-papaparse', files.csv],
      ['ours-xlsx', files.xlsx],
      ['bare-exceljs', files.xlsx],
      ['strings-exceljs', files.xlsx],
      ['strings-ours', files.xlsx],
    ] as const) {
      process.stdout.write(`${mode.padEnd(16)} ${run(mode, file)}\n`);
    }
    // Peak RSS says little about what is held: V8 grows its heap lazily when nothing presses it.
    // A small old-space cap shows that the readers need no memory in proportion to the rows.
    for (const [mode, file] of [
      ['ours-csv', files.csv],
      ['ours-xlsx', files.xlsx],
    ] as const) {
      process.stdout.write(`${`${mode}/64MB`.padEnd(16)} ${run(mode, file, 64)}\n`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();

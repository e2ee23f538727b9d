/**
 * The XLSX floor: exceljs's streaming `WorkbookReader` with its defaults (shared strings cached
 * in exceljs's array) reading the file and touching every cell's value, nothing else.
 * Usage: node --import tsx bench/measure-floor-xlsx.ts FILE
 */
import ExcelJS from 'exceljs';
import { printMeasurement, readArgs, readClock, startRssSampler } from './measure-support.js';

const [file] = readArgs(1, 'measure-floor-xlsx.ts FILE') as [string];
const sampler = startRssSampler();
const start = readClock();
let rows = 0;
let cells = 0;
let chars = 0;
const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
for await (const worksheet of reader) {
  for await (const row of worksheet) {
    rows += 1;
    row.eachCell((cell) => {
      cells += 1;
      const value = cell.value;
      chars += typeof value === 'string' ? value.length : 1;
    });
  }
}
const ms = readClock() - start;
printMeasurement({ kind: 'floor-xlsx', rows: rows - 1, ms, peakRssBytes: sampler.stop(), extra: { cells, chars } });

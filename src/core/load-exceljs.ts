/**
 * exceljs, loaded on first use. Loading it costs about 30 MB of memory and a noticeable start-up
 * time, which a CSV run or a command without workbooks should not pay.
 */
import { createRequire } from 'node:module';
import type * as ExcelJS from 'exceljs';

const require = createRequire(import.meta.url);
let loaded: typeof ExcelJS | undefined;

/** Returns the exceljs module, loading it the first time. */
export function loadExcelJs(): typeof ExcelJS {
  loaded ??= require('exceljs') as typeof ExcelJS;
  return loaded;
}

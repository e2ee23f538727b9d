/**
 * A CSV read with `headerRow: none` has no header record: its annotated copy and
 * `rejected-rows.csv` head the columns by the reader's letters and keep every seller row as data.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import { csvReader } from '../../src/sources/read-csv.js';
import type { ReadOptions } from '../../src/sources/types.js';
import { collectRows } from '../sources/temp-files.js';
import { makeIssue, makeOutcomeOf, makeParts, makeTempDir, writeCopiesAndSummary } from './report-builders.js';

const OPTIONS: ReadOptions = { headerRow: 'none', ignoreHeaderPrefix: '_', maxCellLength: 32_767, maxRows: 1_000_000 };

describe('the copies of a CSV without a header row', () => {
  it('write a header of column letters and every record as a data row', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'no-header.csv');
    await writeFile(path, 'A-1;Чайник;100\nA-2;Кружка;\nA-3;Ложка;7\n');
    const stream = await csvReader.open(path, OPTIONS, {});
    const rows = await collectRows(stream);
    expect(rows.map((row) => row.row)).toEqual([1, 2, 3]);
    const outcomes: RowOutcome[] = [
      { row: 1, status: 'valid', issues: [] },
      { row: 2, status: 'invalid', issues: [makeIssue({ code: 'required_field_missing', row: 2, column: 'C', message: 'price is empty' })] },
      { row: 3, status: 'valid', issues: [] },
    ];
    const paths = await writeCopiesAndSummary({
      dir: join(dir, 'report'),
      summary: buildRunSummary(makeParts()),
      sourcePath: path,
      info: stream.info,
      readOptions: OPTIONS,
      outcomeOf: makeOutcomeOf(outcomes),
    });
    const annotated = (await readFile(paths.annotated ?? '', 'utf8')).replace(/^\uFEFF/u, '').split(/\r?\n/u);
    expect(annotated[0]?.startsWith('A;B;C;')).toBe(true);
    expect(annotated.slice(1, 4).map((line) => line.split(';').slice(0, 3).join(';'))).toEqual(['A-1;Чайник;100', 'A-2;Кружка;', 'A-3;Ложка;7']);
    const rejected = await readFile(paths.rejectedRows ?? '', 'utf8');
    expect(rejected).toContain('A-2;Кружка');
    expect(rejected).not.toContain('A-1;Чайник');
  });
});

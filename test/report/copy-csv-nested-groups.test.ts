import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyCsvRecords } from '../../src/report/copy-csv-records.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import { createAnnotatedCsvSink } from '../../src/report/write-annotated-csv.js';
import { createRejectedRowsSink } from '../../src/report/write-rejected-rows-csv.js';
import type { CsvCopyRecord } from '../../src/sources/open-csv-copy-records.js';
import { makeIssue, makeOutcomeOf, makeTempDir } from './report-builders.js';

const HEADER = ['Артикул', 'Цена'];

/** A record as the reader's text mode hands it: a group row opening `level`, or a data row. */
function group(row: number, text: string, level: number): CsvCopyRecord {
  return { row, fields: [text, ''], text: `${text};`, kind: 'group', level };
}
function data(row: number, key: string, price: string): CsvCopyRecord {
  return { row, fields: [key, price], text: `${key};${price}`, kind: 'data' };
}

async function* yieldAll(records: readonly CsvCopyRecord[]): AsyncGenerator<CsvCopyRecord> {
  yield* records;
}

const invalid = (row: number): RowOutcome => ({ row, status: 'invalid', issues: [makeIssue({ code: 'price_not_number', message: 'price is not a number', row, column: 'B', header: 'Цена' })] });

describe('copyCsvRecords: rejected rows under nested group rows', () => {
  it('writes each group row in effect once, before the first rejected row under it, as the group levels nest, skip and close', async () => {
    const dir = await makeTempDir();
    const records = [
      group(2, 'Электроника', 1),
      group(3, 'Смартфоны', 2),
      data(4, 'A-1', 'x'),
      data(5, 'A-2', 'y'),
      group(6, 'Чехлы', 2),
      data(7, 'A-3', 'z'),
      group(8, 'Одежда', 1),
      // Level 2 skipped: the group opens level 3 under "Одежда".
      group(9, 'Женская', 3),
      data(10, 'A-4', 'w'),
      group(11, 'Обувь', 1),
      data(12, 'A-5', '5'),
      data(13, 'A-6', 'v'),
    ];
    const outcomes = [4, 5, 7, 10, 13].map(invalid);
    const outcomeOf = makeOutcomeOf([...outcomes, { row: 12, status: 'valid', issues: [] }]);
    const annotated = await createAnnotatedCsvSink({ header: HEADER, outPath: join(dir, 'annotated.csv'), delimiter: ';', outcomeOf, headerRow: 1 });
    const rejected = await createRejectedRowsSink({ header: HEADER, outPath: join(dir, 'rejected-rows.csv'), delimiter: ';' });
    await copyCsvRecords({ copy: { delimiter: ';', leading: [], header: { row: 1, fields: HEADER, text: HEADER.join(';') }, width: 2, records: yieldAll(records) }, annotated, rejected, outcomeOf });
    await annotated.close();
    await rejected.close();
    const error = 'column B (Цена): price is not a number';
    expect(await readFile(join(dir, 'rejected-rows.csv'), 'utf8')).toBe(
      [
        '\uFEFFrow;status;issue_code;message;Артикул;Цена',
        ';;;;Электроника;',
        ';;;;Смартфоны;',
        `4;invalid;price_not_number;${error};A-1;x`,
        `5;invalid;price_not_number;${error};A-2;y`,
        ';;;;Чехлы;',
        `7;invalid;price_not_number;${error};A-3;z`,
        ';;;;Одежда;',
        ';;;;Женская;',
        `10;invalid;price_not_number;${error};A-4;w`,
        ';;;;Обувь;',
        `13;invalid;price_not_number;${error};A-6;v`,
        '',
      ].join('\r\n'),
    );
    const copy = (await readFile(join(dir, 'annotated.csv'), 'utf8')).split('\r\n');
    expect(copy.slice(0, 4)).toEqual(['\uFEFFАртикул;Цена;_status;_errors;_product_id;_sku_id;_job_id', 'Электроника;', 'Смартфоны;', `A-1;x;invalid;${error};;;`]);
    expect(copy).toHaveLength(14);
  });
});

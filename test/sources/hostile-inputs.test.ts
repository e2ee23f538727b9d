/**
 * Hostile inputs through the CLI (`validate`): each is refused with exit 2 and a message naming the
 * file and what is wrong, or read with its good rows, never a crash or an unbounded read. Time and
 * peak memory of the same inputs at full size are measured by `bench/hostile-inputs.ts` (figures
 * in docs/input-files.md); this test asserts only outcomes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_HEADER, writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { buildTestWorkbook, buildTestZip, escapeXml } from '../helpers/write-test-zip.js';
import { createTestDir, startTestSandbox } from '../reliability/fault-kit.js';

async function setUp() {
  const dir = await createTestDir('catalog-hostile-');
  const sandbox = await startTestSandbox(dir);
  const fixture = await writeCatalogFixture({ dir, products: 2, format: 'csv' });
  const env = { CATALOG_BASE_URL: sandbox.url, CATALOG_CLIENT_ID: 'sandbox-seller', CATALOG_CLIENT_SECRET: 'sandbox-secret-1', CATALOG_STATE_DIR: join(dir, 'state') };
  const lines = (await readFile(fixture.file, 'utf8')).split('\r\n').filter((line) => line !== '');
  const validate = async (name: string, content: string | Uint8Array) => {
    const file = join(dir, name);
    await writeFile(file, content);
    return { file, run: await runCliCaptured(['validate', file, '--mapping', fixture.mapping], { env, cwd: dir }) };
  };
  return { lines, validate };
}

const headerXml = `<row r="1">${FIXTURE_HEADER.map((name, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${escapeXml(name)}</t></is></c>`).join('')}</row>`;
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

describe('hostile CSV', () => {
  it('a million empty lines before the data: read, the rows valid', async () => {
    const { lines, validate } = await setUp();
    const { run } = await validate('empty-lines.csv', `${lines[0]}\r\n${'\r\n'.repeat(1_000_000)}${lines.slice(1).join('\r\n')}\r\n`);
    expect(run.code).toBe(0);
  });

  it('a 50 MB line: exit 2 naming the file and the row, the message short', async () => {
    const { lines, validate } = await setUp();
    const { file, run } = await validate('long-line.csv', `${lines.join('\r\n')}\r\n${'x;'.repeat(25 * 1024 * 1024)}\r\n`);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file}: row 4: a record longer than 16,777,216 characters`);
    expect(run.stderr.length).toBeLessThan(2_000);
  });

  it('16,384 columns: read up to column XFD', async () => {
    const { lines, validate } = await setUp();
    const extra = (prefix: string): string => Array.from({ length: 16_384 - FIXTURE_HEADER.length }, (_, i) => `${prefix}${i}`).join(';');
    const [head = '', ...rows] = lines;
    const { run } = await validate('wide.csv', `${head};${extra('Доп')}\r\n${rows.map((row) => `${row};${extra('v')}`).join('\r\n')}\r\n`);
    expect(run.code).toBe(0);
  });
});

describe('hostile XLSX', () => {
  it('a zip bomb (a sheet inflating to 2 GiB from 3 MB): refused from the zip directory, exit 2', async () => {
    const { validate } = await setUp();
    const bomb = buildTestWorkbook({
      sheetEntry: { content: { prefix: `<worksheet ${NS}><sheetData>${headerXml}`, piece: '<row/>'.repeat(174_763), times: 2048, suffix: '</sheetData></worksheet>' } },
    });
    const { file, run } = await validate('bomb.xlsx', bomb);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(file);
    expect(run.stderr).toMatch(/part xl\/worksheets\/sheet1\.xml would inflate from 3 MB to 2,048 MB \(\d+:1, more than 250:1\): a zip bomb/);
  });

  it('a part inflating past its declared size: stopped there, exit 2', async () => {
    const { validate } = await setUp();
    const liar = buildTestWorkbook({
      sheetEntry: { content: { prefix: `<worksheet ${NS}><sheetData>${headerXml}`, piece: '<row/>'.repeat(100_000), times: 100, suffix: '</sheetData></worksheet>' }, declaredSize: 4096 },
    });
    const { run } = await validate('liar.xlsx', liar);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/inflates past its declared size of 4096 bytes/);
  });

  it('more row elements than Excel has rows (empty rows of a bomb under the ratio bound): stopped at 1,048,576, exit 2', async () => {
    const { validate } = await setUp();
    const rows = buildTestWorkbook({
      sheetEntry: { content: { prefix: `<worksheet ${NS}><sheetData>${headerXml}`, piece: '<row/>', times: 1_100_000, suffix: '</sheetData></worksheet>' } },
    });
    const { run } = await validate('rows.xlsx', rows);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/rows past Excel's last row 1,048,576/);
  });

  it('an entity bomb (a DTD defining nested entities): refused for its DTD, exit 2', async () => {
    const { validate } = await setUp();
    const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY e${i + 1} "${`&e${i};`.repeat(10)}">`).join('');
    const sheetXml = `<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY e0 "boom">${entities}]><worksheet ${NS}><sheetData>${headerXml}<row r="2"><c r="A2" t="inlineStr"><is><t>&e9;</t></is></c></row></sheetData></worksheet>`;
    const { file, run } = await validate('entities.xlsx', buildTestWorkbook({ sheetXml }));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(file);
    expect(run.stderr).toMatch(/corrupt or truncated \(sheet "[^"]+": a part holds a DTD \(<!DOCTYPE>\), which no spreadsheet writer produces: an entity bomb/);
  });

  it('a 600 MB workbook.xml: refused from the zip directory, exit 2', async () => {
    const { validate } = await setUp();
    const workbookXml = { prefix: `<workbook ${NS}><sheets><sheet name="A" sheetId="1" r:id="rId1" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"/></sheets><definedNames>`, piece: ' '.repeat(1024 * 1024), times: 600, suffix: '</definedNames></workbook>' };
    const huge = buildTestZip([
      { name: '_rels/.rels', content: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>' },
      { name: 'xl/workbook.xml', content: workbookXml },
      { name: 'xl/_rels/workbook.xml.rels', content: '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' },
      { name: 'xl/worksheets/sheet1.xml', content: `<worksheet ${NS}><sheetData>${headerXml}</sheetData></worksheet>` },
    ]);
    const { run } = await validate('big-workbook.xlsx', huge);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/part xl\/workbook\.xml declares 600 MB, more than the 16 MB such a part can sensibly hold/);
  });
});

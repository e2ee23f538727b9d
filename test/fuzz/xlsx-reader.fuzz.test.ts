/**
 * Bad input for the XLSX reader: truncated and bit-flipped workbooks, random bytes, and workbooks
 * whose zip is sound but whose XML is broken (unbalanced tags, bad shared-string indexes, deep
 * nesting, entity tricks, huge cells, thousands of columns). The outcome is always rows with
 * located issues or a `SourceReadError`/`LimitError` naming the file; never a crash, never a hang.
 */
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStoredZip, buildXlsxParts } from './build-xlsx-bytes.js';
import { checkReadOutcome, createFuzzDir, readWhole } from './fuzz-kit.js';

const ROWS: (string | number)[][] = [
  ['Артикул', 'Штрихкод', 'Наименование', 'Цена'],
  ['SM-1', '4600000000022', 'Смартфон A1 — «қазақ» ә ғ қ', 99990],
  ['SM-2', '4600000000039', 'Чехол', 1990.5],
  ['SM-3', '4600000000046', '=1+1', -5],
];

/** Counts of generated inputs, for docs/reliability.md. */
export const XLSX_RUNS = { byteMutations: 150, random: 60, xmlMutations: 200, shapes: 25 } as const;

let fuzz: Awaited<ReturnType<typeof createFuzzDir>>;
let excelBytes: Buffer;
beforeAll(async () => {
  fuzz = await createFuzzDir();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Товары');
  for (const row of ROWS) sheet.addRow(row);
  excelBytes = Buffer.from(await workbook.xlsx.writeBuffer());
});
afterAll(() => fuzz.cleanup());

describe('the hand-made workbook', () => {
  it('reads back as written (so the mutations below break a file that works)', async () => {
    const path = await fuzz.write('plain.xlsx', buildStoredZip(buildXlsxParts(ROWS)));
    const outcome = await readWhole(path);
    expect(outcome.kind).toBe('rows');
    if (outcome.kind === 'rows') {
      expect(outcome.info.header.map((c) => c.name)).toEqual(ROWS[0]);
      expect(outcome.rows.map((r) => r.cells.map((c) => c?.text))).toEqual([
        ['SM-1', '4600000000022', 'Смартфон A1 — «қазақ» ә ғ қ', '99990'],
        ['SM-2', '4600000000039', 'Чехол', '1990.5'],
        ['SM-3', '4600000000046', '=1+1', '-5'],
      ]);
    }
  });
});

describe('zip part order', () => {
  // Apple Numbers exports and some generators store the sheet before xl/sharedStrings.xml;
  // exceljs's own zip walk then handed the sheet over without its strings and every text cell read
  // as "#REF!". The reader now parses the strings through the zip directory before the sheet.
  it('a workbook whose sheet precedes its shared strings reads its text, or fails clearly', async () => {
    const path = await fuzz.write('numbers-order.xlsx', buildStoredZip(buildXlsxParts(ROWS, { sheetBeforeStrings: true })));
    const outcome = await readWhole(path);
    expect(checkReadOutcome(outcome, path)).toEqual([]);
    if (outcome.kind === 'rows') expect(outcome.info.header.map((c) => c.name)).toEqual(ROWS[0]);
  });

  it('reads exact text, rich-text runs joined, when the sheet comes first and styles and strings last', async () => {
    const rows: (string | number)[][] = [
      ['Артикул', 'Наименование', 'Цена'],
      ['SM-1', 'placeholder', 99990],
      ['SM-2', 'placeholder', 1990.5],
      ['SM-3', 'placeholder', 5],
    ];
    const parts = buildXlsxParts(rows, { sheetBeforeStrings: true });
    const sheet = parts['xl/worksheets/sheet1.xml'] as string;
    const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    // Same strings, same order as the builder numbered them: runs with fonts, phonetic guides (not
    // shown by Excel), spaces kept, entities, Excel's _x000D_ escape, a line break, a self-closed si.
    const items = [
      '<si><t>Артикул</t></si>',
      '<si><r><t>Наимено</t></r><r><rPr><b/><rFont val="Arial"/></rPr><t>вание</t></r></si>',
      '<si><t>Цена</t></si>',
      '<si><t>SM-1</t></si>',
      '<si>\n  <r><rPr><i/></rPr><t xml:space="preserve">Смартфон </t></r>\n  <r><rPr><b/></rPr><t>«Қазақ» &amp; Ёжик</t></r>\n  <rPh sb="0" eb="1"><t>ふりがな</t></rPh><phoneticPr fontId="1"/>\n</si>',
      '<si><t>SM-2</t></si>',
      '<si><r><t xml:space="preserve">  Чехол_x000D_\r\n</t></r><r><t>для &#1046;&#x416; </t></r></si>',
      '<si><t>SM-3</t></si>',
      '<si/>',
    ];
    parts['xl/sharedStrings.xml'] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${ns}" count="${items.length}" uniqueCount="${items.length}">${items.join('\n')}</sst>`;
    // The price column gets a style, stored after the sheet too: its number format must still apply.
    parts['xl/worksheets/sheet1.xml'] = sheet.replace('<c r="C3">', '<c r="C3" s="1">');
    parts['xl/styles.xml'] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="${ns}"><numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.00&quot;₸&quot;"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;
    expect(Object.keys(parts).slice(-3)).toEqual(['xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml', 'xl/styles.xml']);

    const path = await fuzz.write('numbers-rich.xlsx', buildStoredZip(parts));
    const outcome = await readWhole(path);
    if (outcome.kind === 'error') throw outcome.error;
    expect(outcome.info.header.map((c) => c.name)).toEqual(['Артикул', 'Наименование', 'Цена']);
    expect(outcome.rows.map((r) => r.cells.map((c) => c?.text))).toEqual([
      ['SM-1', 'Смартфон «Қазақ» & Ёжик', '99990'],
      ['SM-2', '  Чехол\r\nдля ЖЖ ', '1990.5'],
      ['SM-3', '', '5'],
    ]);
    expect(outcome.rows[1]?.cells[2]?.numberFormat).toBe('#,##0.00"₸"');
    expect(outcome.rows.flatMap((r) => r.cells).filter((c) => c?.kind === 'error')).toEqual([]);
  });
});

describe('generated XLSX inputs', () => {
  it('truncated and bit-flipped workbooks (written by exceljs, deflated) never crash or hang the reader', async () => {
    const damage = fc.oneof(
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('flip' as const), flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 12 }) }),
      fc.record({ kind: fc.constant('overwrite' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) }),
    );
    await fc.assert(
      fc.asyncProperty(damage, async (d) => {
        let bytes = Buffer.from(excelBytes);
        if (d.kind === 'truncate') bytes = bytes.subarray(0, d.at % bytes.length);
        else if (d.kind === 'flip') for (const [at, mask] of d.flips) bytes[at % bytes.length] = (bytes[at % bytes.length] as number) ^ mask;
        else Buffer.from(d.bytes).copy(bytes, d.at % bytes.length);
        const path = await fuzz.write('damaged.xlsx', bytes);
        expect(checkReadOutcome(await readWhole(path), path)).toEqual([]);
      }),
      { numRuns: XLSX_RUNS.byteMutations, interruptAfterTimeLimit: 40_000, seed: 5 },
    );
  });

  it('random bytes, and a zip signature followed by random bytes, never crash or hang the reader', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4000 }), fc.boolean(), async (random, zipLike) => {
        const bytes = zipLike ? Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), random]) : Buffer.from(random);
        const path = await fuzz.write('random.xlsx', bytes);
        expect(checkReadOutcome(await readWhole(path), path)).toEqual([]);
      }),
      { numRuns: XLSX_RUNS.random, interruptAfterTimeLimit: 20_000, seed: 9 },
    );
  });

  it('a sound zip holding broken XML never crashes or hangs the reader', async () => {
    const partName = fc.constantFrom('xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml', 'xl/workbook.xml', '[Content_Types].xml', 'xl/_rels/workbook.xml.rels');
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('insert' as const),
        at: fc.nat(),
        text: fc.constantFrom(
          '<',
          '>',
          '</row>',
          '<row r="0">',
          '<row r="99999999999">',
          '<c r="ZZZZZ1" t="s"><v>999999</v></c>',
          '<c r="A1" t="s"><v>-1</v></c>',
          '<c r="A2" t="n"><v>1e400</v></c>',
          '<c r="A2" t="d"><v>not a date</v></c>',
          '<c r="A2" t="e"><v>#REF!</v></c>',
          '<c r="A2"><f>1+1</f></c>',
          '&bogus;',
          '&#0;',
          '&#xD800;',
          '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>',
          '<![CDATA[',
          '\u0000',
          '"',
          `<si><t>${'я'.repeat(50_000)}</t></si>`,
          '<x>'.repeat(2_000),
        ),
      }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
    );
    await fc.assert(
      fc.asyncProperty(partName, fc.array(edit, { minLength: 1, maxLength: 4 }), async (name, edits) => {
        const parts = buildXlsxParts(ROWS);
        let text = parts[name] as string;
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          if (e.kind === 'truncate') text = text.slice(0, at);
          else if (e.kind === 'insert') text = text.slice(0, at) + e.text + text.slice(at);
          else text = text.slice(0, at) + text.slice(at + e.length);
        }
        const path = await fuzz.write('broken-xml.xlsx', buildStoredZip({ ...parts, [name]: text }));
        expect(checkReadOutcome(await readWhole(path), path)).toEqual([]);
      }),
      { numRuns: XLSX_RUNS.xmlMutations, interruptAfterTimeLimit: 60_000, seed: 13 },
    );
  });

  it('odd but valid shapes (thousands of columns, duplicate headers, huge cells, empty sheets) give rows or a clear error', async () => {
    const shape = fc.record({
      columns: fc.integer({ min: 1, max: 3_000 }),
      rows: fc.integer({ min: 0, max: 5 }),
      duplicateHeaders: fc.boolean(),
      hugeCell: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(shape, async (s) => {
        const header = Array.from({ length: s.columns }, (_, i) => (s.duplicateHeaders && i % 2 === 0 ? 'Цена' : `c${i}`));
        const body = Array.from({ length: s.rows }, (_, r) => header.map((_, c) => (s.hugeCell && c === 0 && r === 0 ? 'ж'.repeat(40_000) : r * s.columns + c)));
        const path = await fuzz.write('shape.xlsx', buildStoredZip(buildXlsxParts([header, ...body])));
        const outcome = await readWhole(path, { maxCellLength: 32_767 });
        expect(checkReadOutcome(outcome, path)).toEqual([]);
        if (outcome.kind === 'rows' && s.hugeCell && s.rows > 0) expect(outcome.rows[0]?.cells[0]?.flags).toContain('truncated');
      }),
      { numRuns: XLSX_RUNS.shapes, interruptAfterTimeLimit: 30_000, seed: 17 },
    );
  });
});

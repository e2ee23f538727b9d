import { describe, expect, it } from 'vitest';
import { buildColumnLetter, parseCellRef, parseColumnLetter } from '../../src/sources/column-letter.js';
import { detectDelimiter } from '../../src/sources/detect-delimiter.js';
import { checkHeaderComplete, findHeaderRow, normalizeHeaderName } from '../../src/sources/find-header-row.js';
import {
  buildIsoDate,
  buildSerialText,
  buildPlainDigits,
  readNumberFormatKind,
  checkExponentText,
  checkScientificFormat,
  interpretNumber,
} from '../../src/sources/interpret-number.js';
import { parseRange } from '../../src/xlsx/load-merged-ranges.js';
import { parseWorkbookParts } from '../../src/xlsx/parse-workbook-parts.js';
import { createSharedStringTable } from '../../src/xlsx/shared-string-table.js';
import { decodeOoxmlEscapes, decodeXmlText } from '../../src/xlsx/xml-text.js';

describe('column letters', () => {
  it('converts positions to Excel letters and back', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(buildColumnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(['A', 'z', 'AA', 'AAA'].map(parseColumnLetter)).toEqual([0, 25, 26, 702]);
    expect(parseColumnLetter('A1')).toBeUndefined();
    expect(parseCellRef('$C$12')).toEqual({ column: 2, row: 12 });
    expect(parseCellRef('C0')).toBeUndefined();
  });
});

describe('interpretNumber', () => {
  it('gives a barcode stored as a number its full digits', () => {
    expect(interpretNumber(4601234567890)).toEqual({ text: '4601234567890', flags: [] });
    expect(interpretNumber(123456789012345)).toEqual({ text: '123456789012345', flags: [] });
  });

  it('flags integers with more than 15 digits: Excel kept only 15', () => {
    expect(interpretNumber(4601234567890123)).toEqual({ text: '4601234567890123', flags: ['precision_lost'] });
    expect(interpretNumber(4.60123456789012e21)).toEqual({ text: '4601234567890120000000', flags: ['precision_lost'] });
    expect(interpretNumber(-1234567890123456)).toMatchObject({ flags: ['precision_lost'] });
  });

  it('shows fractions with Excel’s 15 significant digits, without exponent', () => {
    expect(interpretNumber(1119.9999999999998).text).toBe('1120');
    expect(interpretNumber(0.1 + 0.2).text).toBe('0.3');
    expect(interpretNumber(12.5).text).toBe('12.5');
    expect(interpretNumber(1e-7).text).toBe('0.0000001');
    expect(interpretNumber(1.5e-10).flags).toEqual([]);
  });

  it('flags numbers whose format is scientific', () => {
    expect(interpretNumber(4601234567890, '0.00E+00')).toEqual({ text: '4601234567890', flags: ['exponent'] });
    expect(interpretNumber(5, '"E+"0')).toEqual({ text: 'E+5', flags: [] });
  });

  it('pads to the zeros of the format and writes its literal prefix, as Excel shows them', () => {
    expect(interpretNumber(9102, '000000').text).toBe('009102');
    expect(interpretNumber(-7, '000').text).toBe('-007');
    expect(interpretNumber(41.6, '0000').text).toBe('0042');
    expect(interpretNumber(42, '\\A[Red]000').text).toBe('A042');
    expect(interpretNumber(5, '[$₸-43F]00').text).toBe('₸05');
    // Anything else reads as General: one zero, fractions, thousands, suffixes, sections, conditions.
    for (const format of ['0', '0.00', '#,##0', '000" шт"', '000;-000', '[>100]000', '000-00-00']) {
      expect(interpretNumber(42, format).text, format).toBe('42');
    }
  });

  it('writes exponent notation out in plain digits', () => {
    expect(buildPlainDigits(1e21)).toBe('1000000000000000000000');
    expect(buildPlainDigits(-2.5e-3)).toBe('-0.0025');
    expect(buildPlainDigits(1.25e22)).toBe('12500000000000000000000');
  });

  it('recognises exponent text that Excel produced, not codes that only look alike', () => {
    for (const text of ['4,60123E+12', '4.60123e12', ' 4.6E+12 ', '1E+15', '-1.5E-3']) expect(checkExponentText(text), text).toBe(true);
    for (const text of ['12E45', 'E+12', '4601234567890', 'A4.6E+12', '4.6E+']) expect(checkExponentText(text), text).toBe(false);
  });

  it('tells date formats from number formats', () => {
    for (const format of ['dd.mm.yyyy', 'mm-dd-yy', 'm/d/yy h:mm', '[$-419]d mmmm yyyy', 'h:mm:ss', 'yyyy-mm-dd"T"hh:mm']) {
      expect(readNumberFormatKind(format), format).toMatch(/^(date|time)$/);
    }
    for (const format of ['General', '0.00', '#,##0 "шт"', '0.00E+00', '[Red]#,##0', '# ##0\\ "руб."', '@']) {
      expect(readNumberFormatKind(format), format).toBe('number');
    }
    expect(checkScientificFormat('##0.0E+0')).toBe(true);
    expect(checkScientificFormat('0.00')).toBe(false);
  });

  it('tells dates, times of day, durations and numbers apart, by the first section of the format', () => {
    const kinds = { 'dd.mm.yyyy': 'date', 'mmm-yy': 'date', mm: 'date', 'h:mm AM/PM': 'time', 'hh:mm:ss': 'time', '[h]:mm': 'duration', '[mm]:ss': 'duration', '[Red]0.00': 'number', '0;-0;"day"': 'number', '#,##0 "шт"': 'number' };
    for (const [format, kind] of Object.entries(kinds)) expect(readNumberFormatKind(format), format).toBe(kind);
  });

  it('shows serials as Excel does: its 29 February 1900, times from day 0, nothing for negative serials', () => {
    expect(buildSerialText(59, 'date', false)?.text).toBe('1900-02-28');
    expect(buildSerialText(60, 'date', false)?.text).toBe('1900-02-29');
    expect(buildSerialText(60.5, 'date', false)?.text).toBe('1900-02-29T12:00:00');
    expect(buildSerialText(61, 'date', false)?.text).toBe('1900-03-01');
    expect(buildSerialText(0, 'date', true)?.text).toBe('1904-01-01');
    expect(buildSerialText(1.75, 'time', false)?.text).toBe('18:00:00');
    expect(buildSerialText(-1, 'date', false)).toBeUndefined();
  });

  it('writes dates as ISO, with the time only when there is one', () => {
    expect(buildIsoDate(new Date(Date.UTC(2024, 2, 1)))).toBe('2024-03-01');
    expect(buildIsoDate(new Date(Date.UTC(2024, 2, 1, 10, 30) - 1))).toBe('2024-03-01T10:30:00');
  });
});

describe('detectDelimiter', () => {
  it.each([
    [',', 'a,b,c\n1,2,3\n4,5,6\n'],
    [';', 'Артикул;Цена;Описание\nA1;12,50;"Синий; большой"\nA2;3,10;x\n'],
    ['\t', 'a\tb\tc\n1\t2,5\t3\n'],
    ['|', 'a|b|c\n1|2|3\n'],
  ])('finds %j', (delimiter, sample) => {
    expect(detectDelimiter(sample)).toBe(delimiter);
  });

  it('ignores delimiters inside quotes, including quoted line breaks', () => {
    expect(detectDelimiter('a;b\n"x,\ny,z";2\n"p,q";3\n')).toBe(';');
  });

  it('is not swayed by title lines holding commas above a table whose descriptions hold them too', () => {
    // Each row of goods: 4 fields by `;`, its description 3 commas (every row alike), so commas
    // agree on as many lines as semicolons once the two title lines are counted with them.
    const rows = Array.from({ length: 6 }, (_, i) => `A${i};Чайник;Сталь, 1,7 л, 2200 Вт;12990,50`);
    const sample = ['Прайс-лист ТОО «Ромашка», г. Алматы, ул. Абая, 1', 'Дата, время: 01.12.2026, 10:00', 'Артикул;Наименование;Описание;Цена', ...rows].join('\n');
    expect(detectDelimiter(`${sample}\n`)).toBe(';');
  });

  it('counts a table line without the candidate against it: a ragged comma file with `;` in one column', () => {
    // The tool that wrote it drops trailing empty cells: 3 to 7 fields a line.
    const lines = ['sku,name,price,composition,color,size,weight'];
    for (let i = 0; i < 40; i++) lines.push([`S${i}`, `Item ${i}`, `${100 + i}`, i % 2 ? 'cotton 95%; elastane 5%' : 'cotton', 'black', 'M', '1.2'].slice(0, 3 + (i % 5)).join(','));
    expect(detectDelimiter(`${lines.join('\n')}\n`)).toBe(',');
  });

  it('falls back to a comma for a single column', () => {
    expect(detectDelimiter('Артикул\nA1\nA2\n')).toBe(',');
  });
});

describe('findHeaderRow', () => {
  const rows = [
    { row: 1, names: ['Прайс-лист ТОО «Ромашка»'] },
    { row: 2, names: ['', 'на 01.03.2024'] },
    { row: 4, names: ['Артикул', 'Наименование', 'Цена '] },
    { row: 5, names: ['A1', 'Чайник', '100'] },
  ];

  it('takes the first row holding every expected header, ignoring case, spaces and ё', () => {
    expect(findHeaderRow(rows, ['артикул', 'ЦЕНА'])).toEqual({ index: 2 });
    expect(normalizeHeaderName('  Всё  цены ')).toBe('все цены');
    expect(checkHeaderComplete(['Артикул', 'Цена'], ['цена'])).toBe(true);
  });

  it('takes the first row about as wide as the table when nothing is expected, passing over title rows', () => {
    expect(findHeaderRow(rows, undefined)).toEqual({ index: 2 });
    expect(findHeaderRow([{ row: 1, names: ['Артикул', 'Цена'] }, { row: 2, names: ['A1', '100'] }], undefined)).toEqual({ index: 0 });
    expect(findHeaderRow([{ row: 1, names: ['only'] }], [])).toEqual({ index: 0 });
  });

  it('accepts the best row when at least half of the expected headers are there', () => {
    expect(findHeaderRow(rows, ['Артикул', 'Цена', 'Бренд'])).toEqual({ index: 2 });
  });

  it('lists the headers it found when no row fits', () => {
    const choice = findHeaderRow(rows, ['SKU', 'Price', 'Brand']);
    expect(choice).toEqual({ error: expect.stringContaining('row 4 has: "Артикул", "Наименование", "Цена"') });
    expect((choice as { error: string }).error).toContain('"SKU", "Price", "Brand"');
  });
});

describe('workbook parts', () => {
  it('reads sheet names, order, visibility, parts and the 1904 date system', () => {
    const workbook = `<?xml version="1.0"?><workbook xmlns:r="r"><workbookPr date1904="1"/><sheets>
      <sheet name="Инструкция" sheetId="3" state="hidden" r:id="rId3"/>
      <sheet name="Товары &amp; цены" sheetId="1" r:id="rId1"/>
      <sheet name="Диаграмма" sheetId="2" r:id="rId2"/></sheets></workbook>`;
    const rels = `<Relationships><Relationship Id="rId1" Type="http://x/worksheet" Target="worksheets/sheet1.xml"/>
      <Relationship Id="rId3" Type="http://x/worksheet" Target="/xl/worksheets/sheet3.xml"/>
      <Relationship Id="rId2" Type="http://x/chartsheet" Target="chartsheets/sheet1.xml"/></Relationships>`;
    expect(parseWorkbookParts(workbook, rels)).toEqual({
      date1904: true,
      sheets: [
        { name: 'Инструкция', state: 'hidden', part: 'xl/worksheets/sheet3.xml', isWorksheet: true },
        { name: 'Товары & цены', state: 'visible', part: 'xl/worksheets/sheet1.xml', isWorksheet: true },
        { name: 'Диаграмма', state: 'visible', part: 'xl/chartsheets/sheet1.xml', isWorksheet: false },
      ],
    });
  });

  it('decodes XML entities and Excel’s _xHHHH_ escapes', () => {
    expect(decodeXmlText('a &lt;b&gt; &amp;amp; &#1046;&#x416;')).toBe('a <b> &amp; ЖЖ');
    expect(decodeOoxmlEscapes('строка_x000D_\nдве')).toBe('строка\r\nдве');
  });

  it('parses merged ranges', () => {
    expect(parseRange('B2:A5')).toEqual({ top: 2, bottom: 5, left: 0, right: 1 });
    expect(parseRange('C3')).toEqual({ top: 3, bottom: 3, left: 2, right: 2 });
    expect(parseRange('nope')).toBeUndefined();
  });
});

describe('shared string table', () => {
  it('returns every string exactly, Cyrillic in one byte a letter, the rest in UTF-8', () => {
    const table = createSharedStringTable();
    const texts = ['', 'Смартфон Ёлка №5 «новинка» — 100%', 'Қазақстан өнімі', 'emoji 😀', 'x'.repeat(200_000), 'last'];
    for (const text of texts) table.add(text);
    expect(texts.map((_, i) => table.get(i))).toEqual(texts);
    expect(table.get(texts.length)).toBeUndefined();
    expect(table.get(-1)).toBeUndefined();
    expect(table.size).toBe(texts.length);
  });

  it('keeps Russian text at about one byte a letter', () => {
    const table = createSharedStringTable();
    const text = 'Беспроводные наушники с шумоподавлением';
    for (let i = 0; i < 100_000; i++) table.add(`${text} ${i}`);
    const letters = 100_000 * (text.length + 6);
    // UTF-8 or JS strings would take two bytes a Cyrillic letter; allow one page and two index chunks of slack.
    expect(table.byteLength()).toBeLessThan(letters * 1.1 + 2 ** 20 + 2 * 2 ** 16 * 5);
    expect(table.get(99_999)).toBe(`${text} 99999`);
  });

  it('keeps Kazakh text at about one byte a letter, every letter back as it was', () => {
    const table = createSharedStringTable();
    const text = 'Қазақстанда өндірілген әмбебап ұнтақ, үш түрлі ғана өнім, һәм ң Ә Ғ Қ Ң Ө Ұ Ү Һ І і';
    for (let i = 0; i < 100_000; i++) table.add(`${text} ${i}`);
    const letters = 100_000 * (text.length + 6);
    expect(table.byteLength()).toBeLessThan(letters * 1.1 + 2 ** 20 + 2 * 2 ** 16 * 5);
    expect(table.get(99_999)).toBe(`${text} 99999`);
    expect(table.get(4096)).toBe(`${text} 4096`);
  });

  it('stores a string with a letter of both pages, or of neither, as UTF-8, and the swapped-out letters intact', () => {
    const table = createSharedStringTable();
    const texts = ['Ђорђе Ўладзімір Љубљана Њ Ќ Ћ Џ ѓ', 'қазақ Ђорђе', 'қазақ 😀', 'қ'.repeat(70_000), 'ә'.repeat(65_536), 'ғ', 'Ёё № « » — € ™ °'];
    for (const text of texts) table.add(text);
    expect(texts.map((_, i) => table.get(i))).toEqual(texts);
  });

  it('hands out the same string again for a repeated index, and the right one whatever the order of the reads', () => {
    const table = createSharedStringTable();
    const count = 20_000;
    for (let i = 0; i < count; i++) table.add(`строка ${i} ${'ж'.repeat(i % 50)}`);
    const first = table.get(7);
    expect(table.get(7)).toBe(first);
    // Reads that fall on the same cache slot, back and forth, and far apart.
    for (const index of [7, 7 + 4096, 7, 7 + 3 * 4096, count - 1, 0, 7 + 4096, count - 1]) {
      expect(table.get(index)).toBe(`строка ${index} ${'ж'.repeat(index % 50)}`);
    }
  });

  it('does not keep a table of huge strings in its cache of recent ones', () => {
    const table = createSharedStringTable();
    const big = (i: number): string => `${i}`.padEnd(30_000, 'щ');
    for (let i = 0; i < 300; i++) table.add(big(i));
    // More characters than the cache holds, read twice: every read is still exact.
    for (let round = 0; round < 2; round++) for (let i = 0; i < 300; i++) expect(table.get(i)).toBe(big(i));
  });
});

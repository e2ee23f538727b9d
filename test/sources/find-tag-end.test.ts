/**
 * The one scan for a tag's end (`findTagEnd`) and the tag pattern (`XML_TAG_REST`) every scanner of
 * the workbook's markup uses: a `>` inside a quoted attribute value, of either quote kind, ends no
 * tag (XML escapes only `<` and the quote there); a tag cut by a chunk's end is not ended early.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { createSharedStringsParser } from '../../src/xlsx/parse-shared-strings.js';
import { createSharedStringTable } from '../../src/xlsx/shared-string-table.js';
import { readLenientAttribute } from '../../src/xlsx/xml-markup.js';
import { findNonTagEnd, findTagEnd, findXmlTags, XML_TAG_REST } from '../../src/xlsx/xml-text.js';

describe('findTagEnd', () => {
  const cases: [string, string][] = [
    ['<v>', '<v>'],
    ['<c r="A1" s="1">', '<c r="A1" s="1">'],
    ['<c r="A1" foo="a>b">', '<c r="A1" foo="a>b">'],
    [`<c r='A1' foo='a>b' bar="it's > that"/>`, `<c r='A1' foo='a>b' bar="it's > that"/>`],
    [`<row r="2" a='"x>"' b="'>'">`, `<row r="2" a='"x>"' b="'>'">`],
    ['<c r="A1" foo="a>b>c>d" bar="e>f">', '<c r="A1" foo="a>b>c>d" bar="e>f">'],
  ];
  it.each(cases)('finds the end of %s', (tag, whole) => {
    const text = `${tag}<v>1</v></c>`;
    expect(text.slice(0, findTagEnd(text, 1) + 1)).toBe(whole);
    // The same from inside the name, as the copy calls it past `<c`.
    expect(text.slice(0, findTagEnd(text, 2) + 1)).toBe(whole);
  });

  it('says the tag goes on (-1) when the text ends inside a quoted value or before the `>`', () => {
    expect(findTagEnd('<c r="A1" foo="a>b', 1)).toBe(-1);
    expect(findTagEnd(`<c r='A1`, 1)).toBe(-1);
    expect(findTagEnd('<c r="A1"', 1)).toBe(-1);
    expect(findTagEnd('<c r="A1" foo="a>b">', 1)).toBe(19);
  });
});

describe('findNonTagEnd', () => {
  it("ends a comment, CDATA section or processing instruction at its own terminator, whatever quotes or '>' it holds", () => {
    const text = `<x/><!-- a "q > --><![CDATA[don't > ]]><?note don't?><c r="1">`;
    const comment = text.indexOf('<!--');
    const cdata = text.indexOf('<![CDATA[');
    const pi = text.indexOf('<?');
    expect(findNonTagEnd(text, comment)).toBe(cdata);
    expect(findNonTagEnd(text, cdata)).toBe(pi);
    expect(findNonTagEnd(text, pi)).toBe(text.indexOf('<c'));
  });

  it('says a tag is none of them (undefined) and an unended one goes on (-1); `<!-->` is no whole comment', () => {
    expect(findNonTagEnd('<c r="1">', 0)).toBeUndefined();
    expect(findNonTagEnd('<!DOCTYPE x>', 0)).toBeUndefined();
    expect(findNonTagEnd('<!-- open', 0)).toBe(-1);
    expect(findNonTagEnd('<![CDATA[ ]]', 0)).toBe(-1);
    expect(findNonTagEnd('<?pi ?', 0)).toBe(-1);
    expect(findNonTagEnd('<!-->', 0)).toBe(-1);
  });
});

describe('XML_TAG_REST and the small parts', () => {
  it('matches a start tag whole, a `>` in a value included, and does not run on past a tag that does not end', () => {
    const pattern = new RegExp(`<sheet(?=[\\s/>])${XML_TAG_REST}>`, 'g');
    const xml = `<sheets><sheet name="Цены>опт" sheetId="1" r:id="rId1"/><sheet name='a>b' sheetId="2" r:id="rId2"/></sheets>`;
    expect(Array.from(xml.matchAll(pattern), (m) => m[0])).toEqual([`<sheet name="Цены>опт" sheetId="1" r:id="rId1"/>`, `<sheet name='a>b' sheetId="2" r:id="rId2"/>`]);
    // Linear: a long unended tag fails at once; a backtracking storm would run into this test's
    // timeout (speed itself is the bench's to measure, not a timed assertion's).
    expect(pattern.test(`<sheet ${'a="b" '.repeat(20_000)}`)).toBe(false);
  }, 10_000);

  it('reads the workbook parts’ tags whole (findXmlTags)', () => {
    const tags = findXmlTags(`<sheets><x:sheet name="Цены>опт" sheetId="1" r:id="rId1"/></sheets>`, 'sheet');
    expect(tags.map((tag) => Object.fromEntries(tag))).toEqual([{ name: 'Цены>опт', sheetId: '1', 'r:id': 'rId1' }]);
  });

  it('reads one attribute by its name, decoded, never from inside another’s value (readLenientAttribute)', () => {
    const tag = `<row my:note="see r='9'" myr="7" r = '&#53;' outlineLevel="1">`;
    expect(readLenientAttribute(tag, 'r')).toBe('5');
    expect(readLenientAttribute(tag, 'outlineLevel')).toBe('1');
    expect(readLenientAttribute(tag, 'spans')).toBeUndefined();
    expect(readLenientAttribute('<row r="&bad;">', 'r')).toBe('&bad;');
  });
});

describe('the shared strings with a `>` in an attribute value', () => {
  it('reads the text after the tag, not the rest of the value, wherever the chunks are cut', () => {
    const xml = `<sst xmlns="urn:x" xmlns:my="urn:my"><si><t my:x="a>b" xml:space='preserve'>один</t></si><si><r><rPr><rFont val="Font>1"/></rPr><t>два</t></r></si></sst>`;
    const bytes = Buffer.from(xml, 'utf8');
    for (let cut = 1; cut < bytes.length; cut += 3) {
      const table = createSharedStringTable();
      const parser = createSharedStringsParser(table, 'xl/sharedStrings.xml');
      parser.write(bytes.subarray(0, cut));
      parser.write(bytes.subarray(cut));
      parser.end();
      expect([table.get(0), table.get(1)], `cut at ${cut}`).toEqual(['один', 'два']);
    }
  });

  it('ends a processing instruction at its `?>`, an odd quote in it pairing with nothing, wherever the chunks are cut', () => {
    const xml = `<sst><si><?note don't?><t>a</t></si><si><t>O'Brien</t></si><si><t>b</t></si></sst>`;
    const bytes = Buffer.from(xml, 'utf8');
    for (let cut = 0; cut <= bytes.length; cut++) {
      const table = createSharedStringTable();
      const parser = createSharedStringsParser(table, 'xl/sharedStrings.xml');
      parser.write(bytes.subarray(0, cut));
      parser.write(bytes.subarray(cut));
      parser.end();
      expect(Array.from({ length: table.size }, (_, i) => table.get(i)), `cut at ${cut}`).toEqual(['a', "O'Brien", 'b']);
    }
  });

  it('refuses a DTD, wherever the chunks are cut, rather than guess where it ends', () => {
    const xml = `<!DOCTYPE sst [<!-- don't --><!ENTITY x "y">]><sst><si><t>a</t></si></sst>`;
    const bytes = Buffer.from(xml, 'utf8');
    for (let cut = 0; cut <= bytes.length; cut++) {
      const parser = createSharedStringsParser(createSharedStringTable(), 'xl/sharedStrings.xml');
      expect(() => {
        parser.write(bytes.subarray(0, cut));
        parser.write(bytes.subarray(cut));
        parser.end();
      }, `cut at ${cut}`).toThrow(/xl\/sharedStrings\.xml is malformed \(a DTD \(<!DOCTYPE…\), which no spreadsheet writer produces/);
    }
  });
});

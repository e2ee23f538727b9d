import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { createSharedStringsParser } from '../../src/xlsx/parse-shared-strings.js';
import { createSharedStringTable } from '../../src/xlsx/shared-string-table.js';

function parseChunks(chunks: readonly Buffer[]): string[] {
  const table = createSharedStringTable();
  const parser = createSharedStringsParser(table, 'xl/sharedStrings.xml');
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return Array.from({ length: table.size }, (_, i) => table.get(i) ?? '<missing>');
}

const SST = [
  '\uFEFF<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n',
  '<!-- written by hand --><x:sst xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="7">',
  '<x:si><x:t>Чайник Bosch</x:t></x:si>',
  '<x:si><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">Ёлка </x:t></x:r><x:r><x:t>«Қазақ» ә ғ</x:t></x:r>',
  '<x:rPh sb="0" eb="1"><x:t>ふりがな</x:t></x:rPh><x:phoneticPr fontId="1"/></x:si>',
  '<x:si><x:t/></x:si><x:si/>',
  '<x:si><x:t>a &lt;b&gt; &amp; &quot;c&quot; &#1046;&#x416; 😀</x:t></x:si>',
  '<x:si><x:t>строка_x000D_\r\nдве\rтри _x005F_x000D_</x:t></x:si>',
  '<x:si><x:t><![CDATA[<сырой> & текст]]></x:t></x:si>',
  '</x:sst>\n',
].join('');

const EXPECTED = ['Чайник Bosch', 'Ёлка «Қазақ» ә ғ', '', '', 'a <b> & "c" ЖЖ 😀', 'строка\r\nдве\nтри _x000D_', '<сырой> & текст'];

describe('createSharedStringsParser', () => {
  it('reads plain and rich strings, entities, escapes, line endings and CDATA; skips phonetic guides', () => {
    expect(parseChunks([Buffer.from(SST, 'utf8')])).toEqual(EXPECTED);
  });

  it('gives the same strings wherever the chunks are cut (inside letters, tags, entities, CR LF)', () => {
    const bytes = Buffer.from(SST, 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(parseChunks([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at byte ${cut}`).toEqual(EXPECTED);
    }
    // One byte at a time: every letter, tag and reference split.
    expect(parseChunks(Array.from(bytes, (byte) => Buffer.from([byte])))).toEqual(EXPECTED);
  });

  it('keeps invalid bytes as U+FFFD in their own string only', () => {
    const bytes = Buffer.concat([Buffer.from('<sst><si><t>я'), Buffer.from([0xd0]), Buffer.from('</t></si><si><t>ок</t></si></sst>')]);
    expect(parseChunks([bytes])).toEqual(['я\uFFFD', 'ок']);
  });

  it('refuses a part cut inside a string, or with broken structure, naming the part', () => {
    const cut = Buffer.from('<sst><si><t>Чайник</t></si><si><t>Кру', 'utf8');
    expect(() => parseChunks([cut])).toThrow(/xl\/sharedStrings\.xml is malformed \(the part ends inside a string.*after string 1\)/);
    expect(() => parseChunks([Buffer.from('<sst><si><t>a</t></si><si><t')])).toThrow(/ends inside a string/);
    expect(() => parseChunks([Buffer.from('<sst><si><t>a</t><si><t>b</t></si></sst>')])).toThrow(/<si> inside <si>/);
    expect(() => parseChunks([Buffer.from('<sst></si></sst>')])).toThrow(/<\/si> without <si>/);
    expect(() => parseChunks([Buffer.from('<sst><si><t>&#x110000;</t></si></sst>')])).toThrow(/xl\/sharedStrings\.xml is malformed \(a malformed character reference &#x110000;.*after string 0\)/);
    // As the sheet refuses them: a reference to a character XML excludes, an undefined entity, a stray "&".
    expect(() => parseChunks([Buffer.from('<sst><si><t>a</t></si><si><t>&#0;</t></si></sst>')])).toThrow(/malformed \(a malformed character reference &#0;.*after string 1\)/);
    expect(() => parseChunks([Buffer.from('<sst><si><t>&#xD800;</t></si></sst>')])).toThrow(/malformed character reference &#xD800;/);
    expect(() => parseChunks([Buffer.from('<sst><si><t>&nbsp;</t></si></sst>')])).toThrow(/malformed \(undefined entity &nbsp;/);
    expect(() => parseChunks([Buffer.from('<sst><si><t>AT&T</t></si></sst>')])).toThrow(/malformed \(a "&" that starts no entity/);
    // A stray "&" at the very end of the part's last text chunk: refused at the end, not kept waiting.
    expect(() => parseChunks([Buffer.from('<sst><si><t>a &'), Buffer.from(' b</t></si></sst>')])).toThrow(/starts no entity/);
  });

  it('does not expand DOCTYPE entities: a DTD is refused, as in the sheet', () => {
    const xml = '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]><sst><si><t>&b;</t></si></sst>';
    expect(() => parseChunks([Buffer.from(xml)])).toThrow(/malformed \(a DTD \(<!DOCTYPE…\)/);
  });

  it('keeps a long table compactly: 200,000 Cyrillic strings in well under 8 MB', () => {
    const table = createSharedStringTable();
    const parser = createSharedStringsParser(table, 'xl/sharedStrings.xml');
    parser.write(Buffer.from('<sst>'));
    for (let i = 0; i < 200_000; i += 1000) {
      parser.write(Buffer.from(Array.from({ length: 1000 }, (_, k) => `<si><t>Товар номер ${i + k}</t></si>`).join(''), 'utf8'));
    }
    parser.write(Buffer.from('</sst>'));
    parser.end();
    expect(table.size).toBe(200_000);
    expect(table.get(123_456)).toBe('Товар номер 123456');
    expect(table.byteLength()).toBeLessThan(8 * 1024 * 1024);
  });
});

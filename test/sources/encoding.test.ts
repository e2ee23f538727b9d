import { Buffer } from 'node:buffer';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { createStreamDecoder, type DecodedText } from '../../src/sources/decode-text.js';
import { detectEncoding, parseEncodingName, type TextEncodingName } from '../../src/sources/detect-encoding.js';

const RUSSIAN = 'Артикул;Наименование;Цена\nA-1;Чайник электрический, объём 1,7 л;12 990\nA-2;Щётка зубная «Эко»;450\n';
const KAZAKH = 'Артикул;Атауы;Бағасы\nA-1;Қазақстанда өндірілген әмбебап шәйнек;12 990\nA-2;Үлкен ұшақ ойыншығы, көгілдір;450\n';

function decodeInChunks(encoding: TextEncodingName, bytes: Uint8Array, size: number, start = 0): DecodedText {
  const decoder = createStreamDecoder(encoding, start);
  const parts: DecodedText[] = [];
  for (let at = 0; at < bytes.length; at += size) parts.push(decoder.write(bytes.subarray(at, at + size)));
  parts.push(decoder.end());
  return { text: parts.map((p) => p.text).join(''), marks: parts.flatMap((p) => p.marks) };
}

describe('detectEncoding', () => {
  it('reads BOMs', () => {
    expect(detectEncoding(Buffer.from('\uFEFFабв'))).toMatchObject({ encoding: 'utf-8', bomLength: 3, guessed: false });
    expect(detectEncoding(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('абв', 'utf16le')]))).toMatchObject({ encoding: 'utf-16le', bomLength: 2 });
    expect(detectEncoding(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('абв', 'utf16le').swap16()]))).toMatchObject({ encoding: 'utf-16be', bomLength: 2 });
  });

  it('takes valid UTF-8 without BOM for UTF-8, and ASCII too', () => {
    expect(detectEncoding(Buffer.from(RUSSIAN))).toMatchObject({ encoding: 'utf-8', bomLength: 0, guessed: false });
    expect(detectEncoding(Buffer.from('a,b\n1,2\n'))).toMatchObject({ encoding: 'utf-8', guessed: false });
  });

  it('keeps UTF-8 when a few bytes are damaged (they are reported per cell)', () => {
    const bytes = Buffer.concat([Buffer.from(RUSSIAN), Buffer.from([0xd0, 0x41]), Buffer.from(RUSSIAN)]);
    expect(detectEncoding(bytes).encoding).toBe('utf-8');
  });

  it('does not hold a letter cut by the end of the sample against UTF-8', () => {
    const bytes = Buffer.from(RUSSIAN + 'Ж').subarray(0, -1);
    expect(detectEncoding(bytes, false).encoding).toBe('utf-8');
  });

  it('tells Windows-1251 Russian from KZ-1048 Kazakh, as a guess', () => {
    expect(detectEncoding(iconv.encode(RUSSIAN, 'windows-1251'))).toMatchObject({ encoding: 'windows-1251', guessed: true });
    expect(detectEncoding(iconv.encode(KAZAKH, 'rk1048'))).toMatchObject({ encoding: 'kz-1048', guessed: true });
    // Ukrainian in 1251 has ї and є (KZ-1048's ү and ғ) but no ы or э: not Kazakh.
    expect(detectEncoding(iconv.encode('Назва;Ціна\nЇжак-їжачок, євро;5\n', 'windows-1251')).encoding).toBe('windows-1251');
  });

  it('spots UTF-16 without BOM by its zero bytes', () => {
    expect(detectEncoding(Buffer.from('Article,Price\nA1,100\n', 'utf16le'))).toMatchObject({ encoding: 'utf-16le', guessed: true });
  });

  it('normalises encoding names', () => {
    expect(['UTF8', 'cp1251', 'Windows-1251', 'rk1048', 'KZ-1048', 'utf-16be'].map(parseEncodingName)).toEqual([
      'utf-8',
      'windows-1251',
      'windows-1251',
      'kz-1048',
      'kz-1048',
      'utf-16be',
    ]);
    expect(parseEncodingName('koi8-r')).toBeUndefined();
  });
});

describe('createStreamDecoder', () => {
  it.each([
    ['utf-8', Buffer.from(KAZAKH + '😀')],
    ['utf-16le', Buffer.from(KAZAKH + '😀', 'utf16le')],
    ['utf-16be', Buffer.from(KAZAKH + '😀', 'utf16le').swap16()],
    ['windows-1251', iconv.encode(RUSSIAN, 'windows-1251')],
    ['kz-1048', iconv.encode(KAZAKH, 'rk1048')],
  ] as const)('%s: decodes whole characters whatever the chunk size', (encoding, bytes) => {
    const expected = encoding === 'windows-1251' ? RUSSIAN : encoding === 'kz-1048' ? KAZAKH : KAZAKH + '😀';
    for (const size of [1, 2, 3, 5, 7, 64, 4096]) {
      const decoded = decodeInChunks(encoding, bytes, size);
      expect(decoded.text, `chunks of ${size}`).toBe(expected);
      expect(decoded.marks).toEqual([]);
    }
  });

  it('marks invalid UTF-8 with its byte offset, one U+FFFD per invalid sequence, split or not', () => {
    const bytes = Buffer.concat([Buffer.from('ab'), Buffer.from([0xd0]), Buffer.from('c'), Buffer.from([0xe2, 0x82]), Buffer.from('Ж'), Buffer.from([0xff])]);
    for (const size of [1, 2, 3, 100]) {
      const decoded = decodeInChunks('utf-8', bytes, size, 3);
      expect(decoded.text).toBe('ab\uFFFDc\uFFFDЖ\uFFFD');
      expect(decoded.marks).toEqual([
        { byteOffset: 5, bytes: 'D0', genuine: false },
        { byteOffset: 7, bytes: 'E2 82', genuine: false },
        { byteOffset: 11, bytes: 'FF', genuine: false },
      ]);
    }
  });

  it('marks a U+FFFD that the file really contains as genuine', () => {
    const decoded = decodeInChunks('utf-8', Buffer.from('x\uFFFDy'), 2);
    expect(decoded).toEqual({ text: 'x\uFFFDy', marks: [{ byteOffset: 1, bytes: 'EF BF BD', genuine: true }] });
  });

  it('marks a sequence cut by the end of the file', () => {
    const decoded = decodeInChunks('utf-8', Buffer.from('abЖ').subarray(0, 3), 10);
    expect(decoded).toEqual({ text: 'ab\uFFFD', marks: [{ byteOffset: 2, bytes: 'D0', genuine: false }] });
  });

  it('marks lone UTF-16 surrogates and an odd last byte', () => {
    const units = Buffer.from('a\uD800b', 'utf16le');
    const decoded = decodeInChunks('utf-16le', Buffer.concat([units, Buffer.from([0x41])]), 3, 2);
    expect(decoded.text).toBe('a\uFFFDb\uFFFD');
    expect(decoded.marks).toEqual([
      { byteOffset: 4, bytes: '00 D8', genuine: false },
      { byteOffset: 8, bytes: '41', genuine: false },
    ]);
  });

  it('marks the one byte Windows-1251 and KZ-1048 leave unmapped', () => {
    const decoded = decodeInChunks('windows-1251', Buffer.from([0xc0, 0x98, 0xc1]), 2);
    expect(decoded).toEqual({ text: 'А\uFFFDБ', marks: [{ byteOffset: 1, bytes: '98', genuine: false }] });
  });
});

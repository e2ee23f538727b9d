import { describe, expect, it } from 'vitest';
import { decodeXmlEntities } from '../../src/sources/xml-text.js';

/** The pattern the decoder once was, for the texts it decoded right. */
function decodeWithPattern(text: string): string {
  const named = new Map([['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"]]);
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return named.get(name) ?? whole;
  });
}

/** A deterministic stream of texts made of entity-like pieces (32-bit LCG: every piece is drawn). */
function* generateTexts(count: number): Generator<string> {
  const pieces = ['&', ';', 'x', 'X', 'amp', 'AMP', 'lt', 'gt;', '1046', '41', 'fF', 'Ж', '&#', '&#x', '99999999'];
  let seed = 7;
  const next = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed >>> 8;
  };
  for (let i = 0; i < count; i++) {
    let text = '';
    const length = next() % 12;
    for (let j = 0; j < length; j++) text += pieces[next() % pieces.length];
    yield text;
  }
}

/** The text decoded, or the class of the error thrown. */
function attempt(decode: (text: string) => string, text: string): string {
  try {
    return decode(text);
  } catch (error) {
    return `threw ${(error as Error).name}`;
  }
}

describe('decodeXmlEntities', () => {
  it('decodes as the pattern did, on texts made of entity-like pieces', () => {
    let decimal = 0;
    let hex = 0;
    let refused = 0;
    for (const text of generateTexts(20_000)) {
      const decoded = attempt(decodeXmlEntities, text);
      expect(decoded, JSON.stringify(text)).toBe(attempt(decodeWithPattern, text));
      if (decoded.startsWith('threw')) refused += 1;
      else if (/&#\d+;/.test(text)) decimal += 1;
      else if (/&#x[0-9a-f]+;/i.test(text)) hex += 1;
    }
    // The texts reach every kind: decimal and hex references, and references past Unicode (refused by both).
    expect(Math.min(decimal, hex, refused), JSON.stringify({ decimal, hex, refused })).toBeGreaterThan(25);
  });

  it('decodes the named, decimal and hex entities, and keeps whatever else follows a &', () => {
    expect(decodeXmlEntities('&lt;p&gt;Чайник &amp; кружка&lt;/p&gt;')).toBe('<p>Чайник & кружка</p>');
    expect(decodeXmlEntities('&#1046;&#x416;&#X416;&quot;&apos;')).toBe('ЖЖЖ"\'');
    expect(decodeXmlEntities('AT&T; 5 & 6; &#x; &#; &; &nbsp; &Amp;')).toBe('AT&T; 5 & 6; &#x; &#; &; &nbsp; &Amp;');
    expect(decodeXmlEntities('&&amp;')).toBe('&&');
  });

  it('keeps names of the object prototype as they stand, and refuses code points past Unicode', () => {
    // The pattern's replacer looked names up in a plain object: `&constructor;` became a function's text.
    expect(decodeXmlEntities('&constructor; &toString; &valueOf;')).toBe('&constructor; &toString; &valueOf;');
    for (const text of ['&#1114112;', 'a &#x110000; b', '&#99999999999999999999;']) expect(() => decodeXmlEntities(text)).toThrow(RangeError);
    expect(decodeXmlEntities('&#1114111;')).toBe(String.fromCodePoint(0x10ffff));
  });
});

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

/** A deterministic stream of texts made of entity-like pieces. */
function* generateTexts(count: number): Generator<string> {
  const pieces = ['&', ';', '#', 'x', 'X', 'amp', 'AMP', 'lt', 'gt;', 'quot', 'apos', '1046', '41', 'fF', 'g', ' ', 'Ж', '&amp;', '&#', '&#x', '<p>', '0'];
  let seed = 7;
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  for (let i = 0; i < count; i++) {
    let text = '';
    const length = next() % 12;
    for (let j = 0; j < length; j++) text += pieces[next() % pieces.length];
    yield text;
  }
}

describe('decodeXmlEntities', () => {
  it('decodes as the pattern did, on texts made of entity-like pieces', () => {
    for (const text of generateTexts(20_000)) expect(decodeXmlEntities(text), JSON.stringify(text)).toBe(decodeWithPattern(text));
  });

  it('decodes the named, decimal and hex entities, and keeps whatever else follows a &', () => {
    expect(decodeXmlEntities('&lt;p&gt;Чайник &amp; кружка&lt;/p&gt;')).toBe('<p>Чайник & кружка</p>');
    expect(decodeXmlEntities('&#1046;&#x416;&#X416;&quot;&apos;')).toBe('ЖЖЖ"\'');
    expect(decodeXmlEntities('AT&T; 5 & 6; &#x; &#; &; &nbsp; &Amp;')).toBe('AT&T; 5 & 6; &#x; &#; &; &nbsp; &Amp;');
    expect(decodeXmlEntities('&&amp;')).toBe('&&');
  });

  it('keeps names of the object prototype as they stand, and refuses code points past Unicode', () => {
    // The pattern's replacer looked names up in a plain object: `&constructor;` became a function's text.
    expect(decodeXmlEntities('&constructor; &toString; &__proto__;')).toBe('&constructor; &toString; &__proto__;');
    for (const text of ['&#1114112;', 'a &#x110000; b', '&#99999999999999999999;']) expect(() => decodeXmlEntities(text)).toThrow(RangeError);
    expect(decodeXmlEntities('&#1114111;')).toBe(String.fromCodePoint(0x10ffff));
  });
});

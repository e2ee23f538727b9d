import { describe, expect, it } from 'vitest';
import { decodeXmlText, XmlTextError } from '../../src/xlsx/xml-text.js';

/**
 * XML 1.0 read from its grammar, written apart from the decoder (a pattern per production), for
 * the texts of the generated stream: the decoded text, or `error` where a conforming parser refuses.
 */
function decodeBySpecification(raw: string): string {
  const named = new Map([['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"]]);
  const text = raw.replace(/\r\n?/g, '\n');
  const reference = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|([^;&]*));|&/g;
  let refused = false;
  const decoded = text.replace(reference, (whole, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (hex !== undefined || decimal !== undefined) {
      const code = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(decimal ?? '', 10);
      const allowed = code === 9 || code === 10 || code === 13 || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
      if (allowed) return String.fromCodePoint(code);
    } else if (name !== undefined && named.has(name)) return named.get(name) ?? '';
    refused = true;
    return whole;
  });
  return refused ? 'error' : decoded;
}

/** A deterministic stream of texts made of entity-like pieces (32-bit LCG: every piece is drawn). */
function* generateTexts(count: number): Generator<string> {
  // Whole references as well as their fragments, so that a good share of the texts is well formed.
  const pieces = ['&amp;', '&lt;', '&#1046;', '&#x416;', '&#13;', 'Ж', 'a', ' ', '\r', '\n', '&', ';', 'x', 'X', 'amp', 'gt;', '1046', '0', 'D800', 'fF', '&#', '&#x', '99999999'];
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

/** The text decoded, or `error` for an `XmlTextError` (any other error fails the test). */
function attempt(text: string): string {
  try {
    return decodeXmlText(text);
  } catch (error) {
    if (error instanceof XmlTextError) return 'error';
    throw error;
  }
}

describe('decodeXmlText', () => {
  it('decodes as XML 1.0 reads character data, on texts made of entity-like pieces', () => {
    const seen = { decimal: 0, hex: 0, refused: 0, lineEnds: 0 };
    for (const text of generateTexts(20_000)) {
      const decoded = attempt(text);
      expect(decoded, JSON.stringify(text)).toBe(decodeBySpecification(text));
      if (decoded === 'error') seen.refused += 1;
      else if (/&#\d+;/.test(text)) seen.decimal += 1;
      else if (/&#x[0-9a-f]+;/i.test(text)) seen.hex += 1;
      else if (text.includes('\r')) seen.lineEnds += 1;
    }
    // The texts reach every kind: decimal and hex references, line ends, and refused texts.
    expect(Math.min(...Object.values(seen)), JSON.stringify(seen)).toBeGreaterThan(25);
  });

  it('decodes the five entities and character references, and normalises line ends', () => {
    expect(decodeXmlText('&lt;p&gt;Чайник &amp; кружка&lt;/p&gt;')).toBe('<p>Чайник & кружка</p>');
    expect(decodeXmlText('&#1046;&#x416;&#x1F600;&quot;&apos;&amp;amp;')).toBe('ЖЖ😀"\'&amp;');
    expect(decodeXmlText('a\r\nb\rc\n')).toBe('a\nb\nc\n');
    // A reference to a carriage return is the character itself, not a line end to normalise.
    expect(decodeXmlText('a&#13;&#10;b&#xD;')).toBe('a\r\nb\r');
    expect(decodeXmlText('&#1114111;&#9;')).toBe(`${String.fromCodePoint(0x10ffff)}\t`);
  });

  it('refuses what XML does not define, saying what and where', () => {
    const refused: [string, RegExp][] = [
      ['AT&T', /a "&" that starts no entity \("&T"\) in the sheet/],
      ['5 & 6;', /a "&" that starts no entity/],
      ['&;', /a "&" that starts no entity/],
      ['&#;', /a "&" that starts no entity/],
      ['&#x;', /a "&" that starts no entity/],
      // Only a lower-case x marks a hex reference.
      ['&#X416;', /a "&" that starts no entity/],
      ['&#12a;', /a "&" that starts no entity/],
      ['&nbsp;', /undefined entity &nbsp; in the sheet/],
      ['&Amp;', /undefined entity &Amp;/],
      ['&Жук;', /undefined entity &Жук;/],
      // Names of the object prototype are not looked up as entities.
      ['&constructor;', /undefined entity &constructor;/],
      ['&#0;', /malformed character reference &#0; .*in the sheet/],
      ['&#x1F;', /malformed character reference &#x1F;/],
      ['&#xD800;', /malformed character reference &#xD800;/],
      ['&#xDFFF;', /malformed character reference/],
      ['&#xFFFE;', /malformed character reference/],
      ['&#1114112;', /malformed character reference/],
      ['a &#x110000; b', /malformed character reference/],
      ['&#99999999999999999999;', /malformed character reference/],
    ];
    for (const [text, message] of refused) {
      expect(() => decodeXmlText(text, 'the sheet'), text).toThrow(message);
      expect(() => decodeXmlText(text), text).toThrow(XmlTextError);
    }
  });

  it('reads an attribute value as XML does: literal tabs and line ends become spaces, references stay', () => {
    expect(decodeXmlText('a\tb\r\nc\rd\ne', undefined, true)).toBe('a b c d e');
    expect(decodeXmlText('a&#9;b&#10;c&#13;&amp;', undefined, true)).toBe('a\tb\nc\r&');
    expect(decodeXmlText('A1', undefined, true)).toBe('A1');
    expect(() => decodeXmlText('a & b', 'the sheet', true)).toThrow(/starts no entity.*in the sheet/);
    expect(() => decodeXmlText('a<b', 'the sheet', true)).toThrow(/a "<" inside an attribute value in the sheet/);
    expect(decodeXmlText('a>b', undefined, true)).toBe('a>b');
  });
});

/**
 * The copy's attribute reading and editing of one start tag: attribute by attribute, each value
 * whole between its quotes, so that a value holding ` r='Z9'`, `s="…"` or a `>` is never read or
 * edited as another attribute.
 */
import { describe, expect, it } from 'vitest';
import { readAttribute, readDecodedAttribute, readLenientAttribute, removeAttribute, setAttribute } from '../../src/xlsx/xml-markup.js';

describe('attributes of one start tag in the copy', () => {
  const tag = `<c my:note="see r='Z9' s='4'" r="B2" my:x='a>b' s="1">`;

  it('reads an attribute by name, not from inside another attribute’s value', () => {
    expect(readAttribute(tag, 'r')).toBe('B2');
    expect(readAttribute(tag, 's')).toBe('1');
    expect(readAttribute(tag, 't')).toBeUndefined();
    expect(readAttribute(`<row myr="5" r = '6'>`, 'r')).toBe('6');
    expect(readDecodedAttribute(`<c r='&#66;2'>`, 'r')).toBe('B2');
    expect(readLenientAttribute(`<col min="&#49;" max="AT&T">`, 'min')).toBe('1');
    expect(readLenientAttribute(`<col min="&#49;" max="AT&T">`, 'max')).toBe('AT&T');
  });

  it('sets and removes the attribute itself, the rest of the tag as written', () => {
    expect(setAttribute(tag, 's', '7')).toBe(`<c my:note="see r='Z9' s='4'" r="B2" my:x='a>b' s="7">`);
    expect(setAttribute(tag, 't', 'inlineStr')).toBe(`<c my:note="see r='Z9' s='4'" r="B2" my:x='a>b' s="1" t="inlineStr">`);
    expect(removeAttribute(`<row r="2" my:x="a spans='1:3'" spans="1:3">`, 'spans')).toBe(`<row r="2" my:x="a spans='1:3'">`);
  });
});

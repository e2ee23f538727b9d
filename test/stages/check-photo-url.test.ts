import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPhotoUrl } from '../../src/stages/rules/photos.js';

/** What `new URL` says, the judgement the fast path must reproduce. */
function judgeByUrl(text: string, requireHttps: boolean): boolean {
  try {
    const url = new URL(text);
    return url.hostname !== '' && (url.protocol === 'https:' || (!requireHttps && url.protocol === 'http:'));
  } catch {
    return false;
  }
}

describe('checkPhotoUrl', () => {
  it.each([
    ['https://cdn.example.kz/p/1.jpg', true, true],
    ['http://cdn.example.kz/p/1.jpg', true, false],
    ['http://cdn.example.kz/p/1.jpg', false, true],
    ['HTTPS://CDN.EXAMPLE.KZ/A.JPG', true, true],
    ['https://10.0.0.1/a.jpg', true, true],
    ['https://example.kz:8443/a.jpg', true, true],
    ['https://xn--80ak6aa92e.com/a.jpg', true, true],
    ['ftp://example.kz/a.jpg', false, false],
    ['cdn.example.kz/a.jpg', false, false],
    ['https://', false, false],
    ['https://exa mple.kz/a.jpg', false, false],
  ])('judges %s (https required: %s) as %s', (text, requireHttps, expected) => {
    expect(checkPhotoUrl(text, requireHttps)).toBe(expected);
  });

  it('agrees with new URL on link-like text', () => {
    const label = fc.oneof(
      fc.stringMatching(/^[a-zA-Z0-9-]{1,8}$/),
      fc.constantFrom('xn--80ak6aa92e', 'xn--', '0x1f', '255', '1', 'localhost', 'a_b', 'ы'),
    );
    const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
    const link = fc.record({
      scheme: fc.constantFrom('http', 'https', 'HTTPS', 'Http', 'ftp', 'file', 'h ttp'),
      slashes: fc.constantFrom('://', ':/', ':', '://x@', ':///'),
      host,
      trailingDot: fc.boolean(),
      port: fc.constantFrom('', ':8080', ':', ':99999', ':x'),
      path: fc.stringMatching(/^[/?#][\x20-\x7e]{0,12}$|^$/),
    });
    fc.assert(
      fc.property(link, fc.boolean(), (parts, requireHttps) => {
        const text = `${parts.scheme}${parts.slashes}${parts.host}${parts.trailingDot ? '.' : ''}${parts.port}${parts.path}`;
        expect(checkPhotoUrl(text, requireHttps)).toBe(judgeByUrl(text, requireHttps));
      }),
      { numRuns: 20_000 },
    );
  });
});

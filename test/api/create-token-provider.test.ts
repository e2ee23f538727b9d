import { describe, expect, it } from 'vitest';
import { checkCredentials } from '../../src/api/request-service-token.js';
import { createTokenProvider } from '../../src/api/create-token-provider.js';
import { createRedactor } from '../../src/api/redact-secrets.js';

describe('createTokenProvider', () => {
  const setup = (expiresIn: number, refreshMarginSeconds = 60) => {
    let clock = 0;
    let issued = 0;
    const provider = createTokenProvider(
      {
        refreshMarginSeconds,
        requestToken: async () => {
          issued += 1;
          await new Promise((resolve) => setTimeout(resolve, 1));
          return { accessToken: `token-${issued}`, expiresIn, tokenType: 'Bearer' };
        },
      },
      { monotonic: () => clock },
    );
    return { provider, advance: (seconds: number) => (clock += seconds * 1000), issued: () => issued };
  };

  it('caches the token and refreshes it the margin before expiry', async () => {
    const { provider, advance, issued } = setup(3600);
    expect(await provider.getToken()).toBe('token-1');
    advance(3539);
    expect(await provider.getToken()).toBe('token-1');
    advance(1);
    expect(await provider.getToken()).toBe('token-2');
    expect(issued()).toBe(2);
  });

  it('caps the margin to half of a short lifetime', async () => {
    const { provider, advance } = setup(60, 600);
    expect(await provider.getToken()).toBe('token-1');
    advance(29);
    expect(await provider.getToken()).toBe('token-1');
    advance(1);
    expect(await provider.getToken()).toBe('token-2');
  });

  it('shares one request between concurrent callers', async () => {
    const { provider, issued } = setup(3600);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => provider.getToken()));
    expect(new Set(tokens)).toEqual(new Set(['token-1']));
    expect(issued()).toBe(1);
  });

  it('invalidates only the token that was refused', async () => {
    const { provider, issued } = setup(3600);
    await provider.getToken();
    provider.invalidate('token-1');
    provider.invalidate('token-1');
    const [a, b] = await Promise.all([provider.getToken(), provider.getToken()]);
    expect([a, b]).toEqual(['token-2', 'token-2']);
    provider.invalidate('token-1');
    expect(await provider.getToken()).toBe('token-2');
    expect(issued()).toBe(2);
  });
});

describe('checkCredentials', () => {
  it('accepts valid credentials', () => {
    expect(checkCredentials({ clientId: 'a', clientSecret: 'abcdefg1' })).toEqual([]);
  });

  it('names each broken rule and never the secret', () => {
    const issues = checkCredentials({ clientId: '', clientSecret: 'sEcret' });
    expect(issues.map((issue) => issue.code)).toEqual(['client_id_empty', 'client_secret_too_short', 'client_secret_no_digit']);
    expect(JSON.stringify(issues)).not.toContain('sEcret');
  });
});

describe('createRedactor', () => {
  it('replaces every secret it is given, including ones set later', () => {
    let token: string | undefined = undefined;
    const redact = createRedactor(() => ['secret-123', token]);
    expect(redact('bad secret-123 and secret-123')).toBe('bad *** and ***');
    token = 'tok-abc';
    expect(redact('Bearer tok-abc')).toBe('Bearer ***');
  });
});

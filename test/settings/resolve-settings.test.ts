import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { describeSettings, resolveSettings } from '../../src/settings/resolve-settings.js';

describe('resolveSettings', () => {
  it('applies defaults < file < env < flags and records the source of each value', () => {
    const resolved = resolveSettings({
      file: { path: 'settings.yaml', values: { concurrency: 2, stateDir: 'from-file', timeoutMs: 1000 } },
      env: { CATALOG_CONCURRENCY: '6', CATALOG_STATE_DIR: 'from-env' },
      flags: { stateDir: 'from-flag', baseUrl: undefined },
    });
    expect(resolved.settings.concurrency).toBe(6);
    expect(resolved.settings.stateDir).toBe('from-flag');
    expect(resolved.settings.timeoutMs).toBe(1000);
    expect(resolved.settings.batchSize).toBe(30);
    expect(resolved.sources).toMatchObject({ concurrency: 'env', stateDir: 'flag', timeoutMs: 'file' });
    expect(resolved.sources.batchSize).toBeUndefined();
  });

  it('reports every invalid value with where it came from', () => {
    let caught: unknown;
    try {
      resolveSettings({ env: { CATALOG_CONCURRENCY: 'many' }, flags: { batchSize: 31 } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const messages = (caught as ConfigError).issues.map((i) => i.message).join('\n');
    expect(messages).toContain('environment variable CATALOG_CONCURRENCY');
    expect(messages).toContain('flag --batch-size');
  });

  it('takes a sandbox dialect by name or as structural names joined by +, and refuses any other', () => {
    expect(resolveSettings({ file: { path: 'settings.yaml', values: { sandboxDialect: 'pascal' } } }).settings.sandboxDialect).toBe('pascal');
    expect(resolveSettings({ file: { path: 'settings.yaml', values: { sandboxDialect: 'cursor+translations' } } }).settings.sandboxDialect).toBe('cursor+translations');
    expect(() => resolveSettings({ file: { path: 'settings.yaml', values: { sandboxDialect: 'cursor+pascal' } } })).toThrow(/not a sandbox dialect/);
  });

  it('takes rateLimit from the file, the environment (CATALOG_RATE_LIMIT) or --rate-limit, in that order, and has none by default', () => {
    expect(resolveSettings({}).settings.rateLimit).toBeUndefined();
    const file = { path: 'settings.yaml', values: { rateLimit: 5 } };
    expect(resolveSettings({ file }).settings.rateLimit).toBe(5);
    const fromEnv = resolveSettings({ file, env: { CATALOG_RATE_LIMIT: '12.5' } });
    expect(fromEnv.settings.rateLimit).toBe(12.5);
    expect(fromEnv.sources.rateLimit).toBe('env');
    const fromFlag = resolveSettings({ file, env: { CATALOG_RATE_LIMIT: '12.5' }, flags: { rateLimit: 50 } });
    expect(fromFlag.settings.rateLimit).toBe(50);
    expect(fromFlag.sources.rateLimit).toBe('flag');
    expect(() => resolveSettings({ env: { CATALOG_RATE_LIMIT: '0' } })).toThrow(/rateLimit from environment variable CATALOG_RATE_LIMIT/);
    expect(() => resolveSettings({ flags: { rateLimit: -1 } })).toThrow(/flag --rate-limit/);
  });

  it('never shows the client secret when settings are described', () => {
    const resolved = resolveSettings({ env: { CATALOG_CLIENT_SECRET: 'topsecret-42' } });
    expect(JSON.stringify(describeSettings(resolved))).not.toContain('topsecret-42');
  });

  it('rejects a settings file that is not an object', () => {
    expect(() => resolveSettings({ file: { path: 'x.yaml', values: [1, 2] } })).toThrow(ConfigError);
  });
});

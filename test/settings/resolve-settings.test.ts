import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { formatIssueLine } from '../../src/core/issue.js';
import { createTranslator } from '../../src/i18n/create-translator.js';
import { describeSettings } from '../../src/settings/describe-settings.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';

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

  it('words a bad value in the run\'s language: what the schema asked for and where the value came from, no English of zod\'s', () => {
    let caught: unknown;
    try {
      resolveSettings({
        file: { path: 'settings.yaml', values: { timeoutMs: 50, unmapped: 1, clientId: '' } },
        env: { CATALOG_CONCURRENCY: '0' },
        flags: { batchSize: 31, sandboxDialect: 'nonsense' },
      });
    } catch (error) {
      caught = error;
    }
    const issues = (caught as ConfigError).issues;
    const render = (language: 'en' | 'ru' | 'kk'): string => issues.map((issue) => formatIssueLine(issue, createTranslator(language))).join('\n');
    // English: zod's words.
    expect(render('en')).toContain('concurrency from environment variable CATALOG_CONCURRENCY: Too small: expected number to be >=1');
    expect(render('en')).toContain('batchSize from flag --batch-size: Too big: expected number to be <=30');
    const ru = render('ru');
    expect(ru).toContain('concurrency (переменная окружения CATALOG_CONCURRENCY): слишком мало: нужно число не меньше 1');
    expect(ru).toContain('timeoutMs (файл настроек settings.yaml): слишком мало: нужно число не меньше 100');
    expect(ru).toContain('batchSize (параметр --batch-size): слишком много: нужно число не больше 30');
    expect(ru).toContain('clientId (файл настроек settings.yaml): слишком коротко: нужно символов не меньше 1');
    expect(ru).toContain('unmapped (файл настроек settings.yaml): неизвестная настройка');
    const kk = render('kk');
    expect(kk).toContain('concurrency (орта айнымалысы CATALOG_CONCURRENCY): тым аз: кемінде 1 болатын сан керек');
    expect(kk).toContain('batchSize (--batch-size параметрі): тым көп: ең көбі 30 болатын сан керек');
    for (const text of [ru, kk]) expect(text).not.toMatch(/Too (small|big)|expected|from (environment|flag|settings)/);
    // A check worded by our own schema keeps its words (the dialect's names).
    expect(ru).toMatch(/sandboxDialect \(параметр --sandbox-dialect\): .*not a sandbox dialect/);
  });

  it('says the type a wrong value had (never the value) and an invalid URL as zod does, in every language', () => {
    let caught: unknown;
    try {
      resolveSettings({ file: { path: 'settings.yaml', values: { clientSecret: 12345678, baseUrl: 'not a url' } } });
    } catch (error) {
      caught = error;
    }
    const issues = (caught as ConfigError).issues;
    const render = (language: 'en' | 'ru' | 'kk'): string => issues.map((issue) => formatIssueLine(issue, createTranslator(language))).join('\n');
    const en = render('en');
    expect(en).toContain('clientSecret from settings file settings.yaml: Invalid input: expected string, received number');
    expect(en).toContain('baseUrl from settings file settings.yaml: Invalid URL');
    expect(render('ru')).toContain('clientSecret (файл настроек settings.yaml): ожидается текст (получено: number)');
    expect(render('ru')).toContain('baseUrl (файл настроек settings.yaml): неверный адрес (URL)');
    expect(render('kk')).toContain('мәтін күтіледі (берілгені: number)');
    for (const language of ['en', 'ru', 'kk'] as const) expect(render(language)).not.toContain('12345678');
  });
});


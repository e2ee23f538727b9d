/**
 * Event lines, the progress line and the ETA in each language (`terminal.json`), and how a run's
 * stated language is read from the command line before its settings are.
 */
import { describe, expect, it } from 'vitest';
import { applyEvent, createProgressState, formatDuration, renderLogLine, renderProgressLine } from '../../src/cli/render-event.js';
import { readStatedLanguage } from '../../src/cli/run-language.js';
import { createTranslator } from '../../src/i18n/create-translator.js';

const en = createTranslator('en');
const ru = createTranslator('ru');
const kk = createTranslator('kk');

describe('event lines in the run language', () => {
  it('says a stage and its detail from the catalog message the event carries', () => {
    const event = { type: 'stage:start', stage: 'submit', detail: '136 products in requests of 30, 4 at a time', text: { key: 'stage.submit.start', data: { count: 136, batchSize: 30, concurrency: 4 } } } as const;
    expect(renderLogLine(event, en)).toBe('» submit: 136 products in requests of 30, 4 at a time');
    expect(renderLogLine(event, ru)).toBe('» отправка: товаров к отправке: 136, по 30 в запросе, одновременно запросов: 4');
    expect(renderLogLine(event, kk)).toBe('» жіберу: жіберілетін тауарлар: 136, бір сұраныста 30, бір уақытта 4 сұраныс');
  });

  it('falls back to the English detail or message of an event without one, and names an unknown stage as it is', () => {
    expect(renderLogLine({ type: 'stage:start', stage: 'match', detail: 'matching columns' }, ru)).toBe('» match: matching columns');
    expect(renderLogLine({ type: 'log', level: 'warn', message: 'something new' }, ru)).toBe('предупреждение: something new');
  });

  it('counts directories with the language plural forms and number format', () => {
    const event = { type: 'directories:loaded', source: 'service', counts: { categories: 2043, attributes: 40, values: 297, brands: 3261 } } as const;
    expect(renderLogLine(event, en)).toBe('directories from the service: 2,043 categories, 40 attributes, 297 values, 3,261 brands');
    expect(renderLogLine(event, ru)).toBe('справочники из сервиса: 2\u00a0043 категории, 40 характеристик, 297 значений, 3\u00a0261 бренд');
  });

  it('draws the progress line and the ETA in the language', () => {
    const state = createProgressState();
    applyEvent(state, { type: 'stage:start', stage: 'submit', detail: '200 products' }, 0);
    applyEvent(state, { type: 'submit:accepted', batch: 0, jobId: 'j1', products: 100 }, 60_000);
    expect(renderProgressLine(state, ru, 60_000)).toBe('строки: 0 │ отправлено товаров: 100/200 [██████░░░░░░] 50% │ задания: 0/1 │ осталось ≈ 1 мин 00 с');
    expect(formatDuration(3_723_000, kk)).toBe('1 сағ 02 мин');
    expect(formatDuration(65_000, en)).toBe('1m 05s');
  });
});

describe('readStatedLanguage', () => {
  it('takes the last valid --lang before --, then CATALOG_LANG', () => {
    expect(readStatedLanguage(['import', 'f', '--lang', 'kk', '--lang=ru'], {})).toBe('ru');
    expect(readStatedLanguage(['import', 'f', '--', '--lang', 'kk'], { CATALOG_LANG: 'en' })).toBe('en');
    expect(readStatedLanguage(['import', '--lang', 'xx'], { CATALOG_LANG: 'de' })).toBeUndefined();
  });
});

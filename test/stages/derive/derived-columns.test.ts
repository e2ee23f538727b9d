import { describe, expect, it } from 'vitest';
import { renderIssueMessage } from '../../../src/core/issue.js';
import { createTranslator } from '../../../src/i18n/create-translator.js';
import { buildReadOptions } from '../../../src/mapping/build-read-options.js';
import { mappingSchema } from '../../../src/mapping/mapping-schema.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { createRowMapper } from '../../../src/stages/create-row-mapper.js';
import { compileCategoryLookup } from '../../../src/stages/derive/lookup-category.js';
import { compileStep } from '../../../src/stages/derive/transform-rules.js';
import type { DeriveStep } from '../../../src/mapping/derive-schema.js';
import { makeDirectories, makeInfo, makeMapping, makeProductRow } from '../../helpers/builders.js';

const directories = makeDirectories();
const index = createDirectoryIndex(directories);

function run(step: DeriveStep, text: string, edit: Parameters<typeof makeMapping>[0] = () => {}): string | undefined {
  return compileStep(step, { mapping: makeMapping(edit), index, compileCategoryLookup }).apply(text);
}

describe('derive steps', () => {
  it('regex keeps the first group, a named group, or the whole match', () => {
    expect(run({ regex: '(\\d+(?:[.,]\\d+)?)\\s*л(?!\\p{L})' }, 'Сок яблочный 0,45 л')).toBe('0,45');
    // `\b` knows only Latin letters in JavaScript: after a Cyrillic letter it never matches.
    expect(run({ regex: '(\\d+)\\s*л\\b' }, 'Сок 1 л')).toBeUndefined();
    expect(run({ regex: { pattern: '(?<size>\\d{2})/\\d{2}', group: 'size' } }, 'Куртка 44/46')).toBe('44');
    expect(run({ regex: '\\d+ г' }, 'Чай 100 г')).toBe('100 г');
    expect(run({ regex: '(\\d+) мл' }, 'Шампунь')).toBeUndefined();
  });

  it('lookup finds the brand or category named inside the text, longest phrase first, mapping keys first', () => {
    expect(run({ lookup: 'brand' }, 'Смартфон SAMSUNG Galaxy A15 128 ГБ')).toBe('Samsung');
    expect(run({ lookup: 'brand' }, 'Смартфон без бренда')).toBeUndefined();
    expect(run({ lookup: 'brand' }, 'Футболка Кутюр хлопок', (m) => (m.brands = { Кутюр: 500 }))).toBe('Кутюр');
    // Categories by the classifier: the leaf's path (unique where names repeat), a mapping key first.
    expect(run({ lookup: 'category' }, 'Джинсы мужские синие')).toBe('Одежда / Мужская одежда / Джинсы');
    expect(run({ lookup: 'category' }, 'Футболки мужские')).toBe('Футболки мужские');
  });

  it('lookup category reads the product type, never a leaf named in a purpose or a composition', () => {
    // Today's tree has `Джинсы` and two `Футболки`; a name that only mentions jeans in its purpose is no jeans.
    expect(run({ lookup: 'category' }, 'Ремень для джинсов кожаный')).toBeUndefined();
    expect(run({ lookup: 'category' }, 'Пятновыводитель, для футболок и джинсов')).toBeUndefined();
    const reports: string[] = [];
    const step = compileStep({ lookup: 'category' }, { mapping: makeMapping(), index, compileCategoryLookup });
    // `Футболка` names two leaves (men's and children's): a question, not the first one found (the reason given is
    // the qualifier the leaf's path says and the name does not, or the rival leaf that fits as well).
    expect(step.apply('Футболка хлопковая белая', (code, severity, data) => reports.push(`${code} ${severity} ${renderIssueMessage({ code, message: '', data: { ...data, column: 'c' } }, createTranslator('en'))}`))).toBeUndefined();
    expect(reports).toEqual([expect.stringMatching(/^category_uncertain warning "c": "Футболка хлопковая белая": product type "футболка хлопковая" names no leaf clearly — (another leaf fits as well|the leaf's path says "(мужская|детская)", the name does not) .*nearest: Одежда \/ (Детская|Мужская) одежда \/ Футболки/)]);
    expect(step.apply('Футболка детская хлопковая', () => reports.push('unexpected'))).toBe('Одежда / Детская одежда / Футболки');
  });

  it('split cuts a cell and keeps a piece or all of them', () => {
    expect(run({ split: '/' }, '44/46')).toBe('44;46');
    expect(run({ split: { separator: '-', take: 'first' } }, 'S-M')).toBe('S');
    expect(run({ split: { separator: ',', take: 'last' } }, '2000000001067, 790920044894')).toBe('790920044894');
    expect(run({ split: { separator: ',', take: 3 } }, 'a,b')).toBeUndefined();
  });

  it('map replaces known texts and keeps or refuses the others', () => {
    expect(run({ map: { 'Кыз.': 'Красный' }, otherwise: 'keep' }, 'кыз.')).toBe('Красный');
    expect(run({ map: { 'Кыз.': 'Красный' }, otherwise: 'keep' }, 'Синий')).toBe('Синий');
    expect(run({ map: { 'Кыз.': 'Красный' }, otherwise: 'fail' }, 'Синий')).toBeUndefined();
  });

  it('scale multiplies by a rate; unit converts between units of one kind', () => {
    expect(run({ scale: 495.5, decimals: 2 }, '12,40 USD')).toBe('6144.2');
    expect(run({ scale: 2, decimals: 0 }, 'нет цены')).toBeUndefined();
    expect(run({ unit: 'мл', decimals: 3 }, 'Вода 0,45 л')).toBe('450');
    expect(run({ unit: 'кг', decimals: 3 }, 'Гречка 900г')).toBe('0.9');
    expect(run({ unit: 'мл', decimals: 3 }, '250')).toBe('250');
    expect(run({ unit: 'мл', decimals: 3 }, '2 кг')).toBeUndefined();
  });

  it('when gives one value when a test holds and another (or none) otherwise', () => {
    expect(run({ when: { startsWith: '487' }, then: 'да', else: 'нет' }, '4870001234567')).toBe('да');
    expect(run({ when: { startsWith: '487' }, then: 'да', else: 'нет' }, '4601234567893')).toBe('нет');
    expect(run({ when: { matches: '^46[0-9]' }, then: 'Россия' }, '4870001234567')).toBeUndefined();
  });
});

describe('derived columns in the row mapper', () => {
  it('feeds fields and attributes from one column, reporting a step that finds nothing at the source cell', () => {
    const info = makeInfo();
    const mapping = makeMapping((m) => {
      m.columns = { ...m.columns, brand: 'Бренд из названия', isLocalMade: 'Казахстан по штрихкоду' };
      m.attributes = [
        { code: 'color', column: 'Цвет' },
        { code: 'size', column: 'Размер из названия' },
        { code: 'material', column: 'Материал', separator: ',' },
      ];
      m.derive = [
        { name: 'Бренд из названия', from: 'Наименование', steps: [{ lookup: 'brand' }] },
        { name: 'Размер из названия', from: 'Наименование', steps: [{ regex: '\\b(S|M|L)\\b' }], onFail: 'error' },
        { name: 'Казахстан по штрихкоду', from: 'Штрихкод', steps: [{ when: { startsWith: '487' }, then: 'да', else: 'нет' }] },
      ];
    });
    const mapper = createRowMapper(mapping, directories, info);
    expect(mapper.setupIssues).toEqual([]);
    const good = mapper(makeProductRow(info, 5, { Наименование: 'Футболка Samsung M' }));
    expect(good.issues).toEqual([]);
    expect(good.record?.product.brandId).toBe(500);
    expect(good.record?.product.isLocalMade).toBe(false);
    expect(good.record?.sku.attributes).toContainEqual({ code: 'size', valueCodes: ['m'] });

    const bad = mapper(makeProductRow(info, 6, { Наименование: 'Футболка Apple XL' }));
    expect(bad.record?.valid).toBe(false);
    expect(bad.issues).toEqual([
      expect.objectContaining({
        code: 'derived_value_missing',
        severity: 'error',
        row: 6,
        column: 'C',
        header: 'Наименование',
        message: expect.stringContaining('"Размер из названия": step regex'),
      }),
    ]);
  });

  it('lookup category puts a name in the leaf its type names, and asks (category_uncertain, severity from the mapping) where unsure', () => {
    const info = makeInfo();
    const mapping = makeMapping((m) => {
      m.columns = { ...m.columns, category: 'Категория из названия' };
      m.categories = {};
      m.derive = [{ name: 'Категория из названия', from: 'Наименование', steps: [{ lookup: 'category' }] }];
      m.classify = { exclude: { leaves: ['Одежда / Детская одежда / Футболки', 'Нет такой'], words: [] }, uncertain: 'error' };
    });
    const mapper = createRowMapper(mapping, directories, info);
    expect(mapper.setupIssues).toEqual([expect.objectContaining({ code: 'unknown_category', severity: 'warning', message: expect.stringContaining('"Нет такой"') })]);
    // With the children's leaf excluded, a bare `Футболка` has one leaf left.
    const good = mapper(makeProductRow(info, 5, { Наименование: 'Футболка хлопковая' }));
    expect(good.record?.product.categoryId).toBe(111);
    // No leaf at all: the step's plain `derived_value_missing` (severity from `onFail`).
    const none = mapper(makeProductRow(info, 6, { Наименование: 'Ремень для джинсов' }));
    expect(none.issues.filter((issue) => issue.code === 'category_uncertain' || issue.code === 'derived_value_missing').map((issue) => [issue.code, issue.severity])).toEqual([['derived_value_missing', 'warning']]);
    // A plain leaf for a purpose its path does not name: proposed, asked, not taken.
    const unsure = mapper(makeProductRow(info, 7, { Наименование: 'Джинсы для беременных' }));
    expect(unsure.issues.filter((issue) => issue.code === 'category_uncertain' || issue.code === 'derived_value_missing').map((issue) => [issue.code, issue.severity, issue.stage])).toEqual([['category_uncertain', 'error', 'map']]);
    expect(unsure.record?.valid).toBe(false);
  });

  it('reports a derived column taken from a column the header lacks, once', () => {
    const info = makeInfo();
    const mapping = makeMapping((m) => {
      m.derive = [{ name: 'Объём', from: 'Объём товара', steps: [{ unit: 'мл' }] }];
    });
    const mapper = createRowMapper(mapping, directories, info);
    expect(mapper.setupIssues).toEqual([expect.objectContaining({ code: 'mapped_column_missing', path: 'derive.Объём' })]);
  });

  it('refuses invalid regular expressions and duplicate names when the mapping is parsed', () => {
    const result = mappingSchema.safeParse({
      ...makeMapping(),
      derive: [
        { name: 'A', from: 'Наименование', steps: [{ regex: '(' }] },
        { name: 'a', from: 'Наименование', steps: [{ split: '/' }] },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).join('\n')).toMatch(/invalid regular expression[\s\S]*defined twice/);
  });

  it('leaves derived and _group columns out of the headers that find the header row, and adds their sources', () => {
    const mapping = makeMapping((m) => {
      m.columns = { ...m.columns, category: '_group1', brand: 'Бренд из названия' };
      m.derive = [{ name: 'Бренд из названия', from: 'Полное наименование', steps: [{ lookup: 'brand' }] }];
    });
    const headers = buildReadOptions(mapping).expectedHeaders ?? [];
    expect(headers).not.toContain('_group1');
    expect(headers).not.toContain('Бренд из названия');
    expect(headers).toContain('Полное наименование');
  });
});

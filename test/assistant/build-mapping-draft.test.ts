import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { buildMappingDraft, TODO_PLACEHOLDER } from '../../src/assistant/build-mapping-draft.js';
import { buildMappingDraftInput } from '../../src/assistant/build-mapping-draft-input.js';
import { matchColumns } from '../../src/assistant/match-columns.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { checkMappingRules } from '../../src/mapping/check-mapping-rules.js';
import { parseMapping } from '../../src/mapping/parse-mapping.js';
import type { SourceInfo } from '../../src/sources/types.js';
import { buildSandboxDirectories } from './measure-matching.js';

const directories = buildSandboxDirectories();
const matchers = createDirectoryMatchers(directories);

function buildDraft(columns: Record<string, string[]>, rows = 4): string {
  const names = Object.keys(columns);
  const info: SourceInfo = {
    file: 'seller.csv',
    format: 'csv',
    headerRow: 1,
    header: names.map((name, index) => ({ index, letter: String.fromCharCode(65 + index), name })),
    totalBytes: 0,
  };
  const values = new Map(names.map((name, index) => [index, columns[name] ?? []]));
  return buildMappingDraft(buildMappingDraftInput({ file: 'seller.csv', profile: { info, values, truncated: new Set(), rows }, matchers, generatedAt: '2026-01-01T00:00:00.000Z' })).text;
}

/** Every path holding the placeholder. */
function listTodoPaths(doc: Document): string[] {
  const paths: string[] = [];
  const visit = (node: unknown, path: string[]): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        if (isScalar(pair.value) && pair.value.value === TODO_PLACEHOLDER) paths.push([...path, key].join('.'));
        else visit(pair.value, [...path, key]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item, [...path, String(i)]));
    }
  };
  visit(doc.contents, []);
  return paths;
}

function checkErrors(doc: Document): string[] {
  const parsed = parseMapping(doc.toJS());
  if (parsed.issues !== undefined) return parsed.issues.map((issue) => `${issue.code} ${issue.path ?? ''}`);
  return checkMappingRules(parsed.mapping, directories)
    .filter((issue) => issue.severity === 'error')
    .map((issue) => `${issue.code} ${issue.path ?? ''}`);
}

const SELLER_COLUMNS = {
  Артикул: ['A1', 'A2', 'A3', 'A4'],
  Наименование: ['a', 'b'],
  Описание: ['x'],
  Категория: ['Брюки', 'Кроссовки'],
  Бренд: ['Apple', 'Tecno'],
  Цвет: ['чёрный', 'хаки'],
  Размер: ['S', 'M'],
  Пол: ['Женский'],
  Цена: ['1'],
  Штрихкод: ['1', '2'],
  Фото: ['u'],
};

describe('buildMappingDraft', () => {
  it('writes matches with their scores and TODOs with candidates', () => {
    const text = buildDraft(SELLER_COLUMNS);
    expect(text).toContain('Apple: 1002 # exact: Apple');
    // A bare name that several leaves share, or that narrower leaves hold, is a question, with every leaf and its Kazakh path.
    expect(text).toMatch(/Брюки: TODO # TODO: choose one of: 1\) Одежда \/ Женская одежда \/ Брюки \[30106\] \(Киім \/ Әйелдер киімі \/ Шалбарлар\) \(\d\.\d\d\) 2\) Одежда \/ Мужская одежда \/ Брюки \[30204\] \(Киім \/ Ерлер киімі \/ Шалбарлар\) \(\d\.\d\d\) 3\) /);
    expect(text).toMatch(/Кроссовки: TODO # TODO: choose one of: 1\) Обувь \/ .+ \[\d+\] \(Аяқ киім \/ .+\) \(1\.00\) 2\) .+ 3\) .+/);
    expect(text).toMatch(/Tecno: TODO # TODO: choose one of: 1\)/);
    expect(text).toMatch(/shopId: TODO # TODO: your shop id/);
  });

  it('cannot be used while any single TODO is left', () => {
    const text = buildDraft(SELLER_COLUMNS);
    const todos = listTodoPaths(parseDocument(text));
    expect(todos).toEqual(expect.arrayContaining(['defaults.shopId', 'defaults.vat', 'defaults.isLocalMade', 'categories.Кроссовки', 'brands.Tecno', 'attributes.0.values.хаки']));
    const answers: Record<string, unknown> = { 'defaults.shopId': 1001, 'defaults.vat': 0, 'defaults.isLocalMade': true, 'categories.Кроссовки': 40101, 'brands.Tecno': 1001 };
    for (const left of todos) {
      const doc = parseDocument(text);
      for (const path of todos) {
        if (path === left) continue;
        const keys = path.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));
        if (answers[path] === undefined) doc.deleteIn(keys);
        else doc.setIn(keys, answers[path]);
      }
      // Required attributes of the chosen categories: give them a value so that only `left` remains.
      const attributes = doc.get('attributes', true);
      if (isSeq(attributes)) {
        for (const item of attributes.items) if (isMap(item) && !item.has('column') && !item.has('value')) item.set('value', 'x');
      }
      expect(checkErrors(doc), left).not.toEqual([]);
    }
  });

  it('keeps seller texts that look like other YAML types as text keys', () => {
    const text = buildDraft({ Артикул: ['1'], Цена: ['1'], Штрихкод: ['1'], Наименование: ['n'], Цвет: ['yes', '42', 'a: b', '#1'] });
    const values = (parseDocument(text).toJS() as { attributes: { values: Record<string, string> }[] }).attributes[0]?.values ?? {};
    expect(Object.keys(values).sort()).toEqual(['#1', '42', 'a: b', 'yes']);
  });

  it('says which required columns are missing', () => {
    const text = buildDraft({ Наименование: ['n'] }, 1);
    expect(text).toContain('TODO: no column looks like the price; add "price: <header>".');
    expect(text).toContain('TODO: no column looks like the barcode');
    expect(text).toContain('TODO: no photo column');
    expect(parseMapping(parseDocument(text).toJS()).issues?.length).toBeGreaterThan(0);
  });
});

describe('categories that share names with several leaves', () => {
  // The four categories of the issue, as a new user's file has them.
  const columns = {
    Артикул: ['A1', 'A2', 'A3', 'A4'],
    Наименование: ['Galaxy A06', 'Футболка базовая', 'Чайник 1.7 л', 'Кроссовки беговые'],
    Категория: ['Смартфоны', 'Футболки', 'Чайники', 'Кроссовки'],
    Цена: ['1'],
    Штрихкод: ['1', '2'],
    Фото: ['u'],
  };

  it('are TODOs listing every leaf with its Russian and Kazakh path, never exact matches', () => {
    const text = buildDraft(columns);
    expect(text).toContain('Смартфоны: 10101 # exact');
    const line = (key: string): string => text.split('\n').find((l) => l.trimStart().startsWith(`${key}:`)) ?? '';
    // `Футболки` is the kids' leaf by name, and part of the men's `Футболки и поло` and the women's `Футболки и топы`.
    expect(line('Футболки')).toMatch(/^ {2}Футболки: TODO # TODO: choose one of: /);
    for (const id of ['30104', '30201', '30304']) expect(line('Футболки')).toContain(`[${id}]`);
    expect(line('Футболки')).toContain('(Киім / Балалар киімі / Футболкалар)');
    for (const id of ['40101', '40201', '40301']) expect(line('Кроссовки')).toContain(`[${id}]`);
    // `Чайники` are kettles for the stove and electric kettles: a question too.
    expect(line('Чайники')).toMatch(/TODO # TODO: choose one of: .*\[60108\]/);
  });

  it('say in the TODO why a pick that looked sure was left a question', () => {
    const text = buildDraft({ ...columns, Категория: ['Свечи зажигания', 'Свечи зажигания', 'Свечи зажигания', 'Свечи зажигания'] });
    const line = text.split('\n').find((l) => l.trimStart().startsWith('Свечи зажигания:')) ?? '';
    expect(line).toMatch(/TODO # TODO: choose one of: .*\(not sure: the leaf does not explain "зажигания" of the label\)/);
  });

  it('are decided by the gender or age words of the label, of its product names, or of its path', () => {
    const matcher = matchers.categoryMatcher();
    expect(matcher.match('Футболки мужские').best?.key).toBe('30201');
    expect(matcher.match('Ерлерге арналған футболка').best?.key).toBe('30201');
    expect(matcher.match('Футболки', { productNames: ['Футболка детская с принтом', 'Футболка для мальчика'] }).best?.key).toBe('30304');
    expect(matcher.match('Женская одежда / Свитеры').best?.key).toBe('30111');
    expect(matcher.match('Автотовары / Аккумуляторы').best?.key).toBe('100404');
    // `проводные` is the opposite of `беспроводные`, neither a typo nor a kind of it.
    expect(matcher.match('Наушники проводные').best?.key).toBe('10302');
    // Still TODO: nothing tells them apart, or the label names a branch.
    expect(matcher.match('Аккумуляторы').status).toBe('todo');
    expect(matcher.match('Обувь / Женская обувь').status).toBe('todo');
    // The other categories of the file only reorder a TODO's candidates.
    const withSiblings = matcher.match('Футболки', { siblingIds: [30101, 30102] });
    expect(withSiblings.status).toBe('todo');
    expect(withSiblings.candidates[0]?.key).toBe('30104');
  });

  it('asks for the required attributes no column feeds, per category, with what each accepts', () => {
    const text = buildDraft({ ...columns, Категория: ['Смартфоны', 'Футболки мужские'] });
    expect(text).toMatch(/categoryDefaults:\n(?: {2}#.*\n)+ {2}Смартфоны:\n {4}attributes:\n/);
    expect(text).toMatch(/ {6}operating_system: TODO # TODO: Операционная система \(operating_system\), required, one of: Android \(os_android\), iOS \(os_ios\)/);
    // Free text and numbers are asked for as such, never as values to map.
    expect(text).toMatch(/ {6}model: TODO # TODO: Модель \(model\), required: free text/);
    expect(text).toMatch(/ {2}Футболки мужские:\n {4}attributes:\n(?: {6}.*\n)* {6}gender: TODO # TODO: Пол \(gender\), required, one of: /);
    // A TODO left there is refused by the schema, at its path.
    const parsed = parseMapping(parseDocument(text).toJS());
    expect(parsed.issues?.map((issue) => issue.path)).toEqual(expect.arrayContaining(['categoryDefaults.Смартфоны.attributes.model', 'categoryDefaults.Смартфоны.attributes.operating_system']));
  });
});

describe('free text and numbers', () => {
  it('are never offered for value mapping: their columns are checked for type and length instead', () => {
    const text = buildDraft({
      Артикул: ['A1', 'A2', 'A3'],
      Наименование: ['Смартфон'],
      Категория: ['Смартфоны'],
      Модель: ['Galaxy A06', 'Galaxy A16', 'Redmi 13C'],
      'Гарантия, мес.': ['12', '24 мес', 'два года'],
      Цена: ['1'],
      Штрихкод: ['1'],
      Фото: ['u'],
    });
    expect(text).not.toMatch(/Galaxy A06:/);
    expect(text).toMatch(/- code: model # .*\n {4}column: Модель # free text, sent as written: 3 distinct values, the longest 10 characters/);
    expect(text).toMatch(/- code: warranty_months # .*\n {4}column: Гарантия, мес\. # a number: 1 of 3 distinct values are not \("два года"\); those rows will be refused/);
  });
});

describe('a draft for a service where the barcode is optional', () => {
  it('asks for no barcode column, and says why', () => {
    const info: SourceInfo = {
      file: 'skus.csv',
      format: 'csv',
      headerRow: 1,
      header: ['Артикул', 'Наименование', 'Цена'].map((name, index) => ({ index, letter: String.fromCharCode(65 + index), name })),
      totalBytes: 0,
    };
    const values = new Map([
      [0, ['A1', 'A2']],
      [1, ['Футболка', 'Худи']],
      [2, ['5990', '12990']],
    ]);
    const input = buildMappingDraftInput({ file: 'skus.csv', profile: { info, values, truncated: new Set(), rows: 2 }, matchers, generatedAt: '2026-01-01T00:00:00.000Z' });
    const required = buildMappingDraft(input);
    const optional = buildMappingDraft({ ...input, barcodeRequired: false });
    expect(required.text).toContain('TODO: no column looks like the barcode');
    expect(optional.text).not.toContain('TODO: no column looks like the barcode');
    expect(optional.text).toContain('the service profile makes the barcode optional');
    expect(optional.summary.openFields).toBe(required.summary.openFields - 1);
  });
});

describe('a draft given the column matches its caller made (issue 33 item 6, init28)', () => {
  it('takes them as made, reads the same draft, and leaves the caller\'s array as it was', () => {
    const header = ['Цвет', 'Цвет товара', 'Наименование'];
    const info: SourceInfo = { file: 'c.csv', format: 'csv', headerRow: 1, header: header.map((name, index) => ({ index, letter: String.fromCharCode(65 + index), name })), totalBytes: 0 };
    const values = new Map([
      [0, ['Черный', 'Белый']],
      [1, ['Черный', 'Белый']],
      [2, ['Футболка', 'Худи']],
    ]);
    const profile = { info, values, truncated: new Set<number>(), rows: 2 };
    const made = buildMappingDraftInput({ file: 'c.csv', profile, matchers, generatedAt: '2026-01-01T00:00:00.000Z' });
    const columns = matchColumns(info.header, { matchers, valuesOf: (index) => values.get(index) ?? [], rows: 2 });
    const before = [...columns];
    const given = buildMappingDraftInput({ file: 'c.csv', profile, matchers, generatedAt: '2026-01-01T00:00:00.000Z', columns });
    expect(buildMappingDraft(given).text).toBe(buildMappingDraft(made).text);
    // The second colour column feeds an attribute the first feeds: the draft says so in its own copy.
    expect(given.columns.filter((match) => match.target.kind === 'attribute')).toHaveLength(1);
    expect(columns).toEqual(before);
    // What is handed in is used, not made again: a column the caller left unmatched stays unmatched.
    const unmatched = columns.map((match) => (match.column.name === 'Наименование' ? { ...match, target: { kind: 'none' as const }, status: 'todo' as const, candidates: [] } : match));
    expect(buildMappingDraftInput({ file: 'c.csv', profile, matchers, generatedAt: '2026-01-01T00:00:00.000Z', columns: unmatched }).columns.find((match) => match.column.name === 'Наименование')?.target.kind).toBe('none');
  });
});

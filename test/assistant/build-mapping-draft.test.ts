import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { buildMappingDraft, TODO_PLACEHOLDER } from '../../src/assistant/build-mapping-draft.js';
import { buildMappingDraftInput } from '../../src/assistant/build-mapping-draft-input.js';
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
  Категория: ['Платье', 'Кроссовки'],
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
    expect(text).toMatch(/Платье: 30101 # score 0\.\d\d: Одежда \/ Женская одежда \/ Платья/);
    expect(text).toMatch(/Кроссовки: TODO # TODO: choose one of: 1\) Обувь \/ .+ \[\d+\] \(1\.00\) 2\) .+ 3\) .+/);
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

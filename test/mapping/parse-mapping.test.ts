import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MappingError } from '../../src/core/errors.js';
import { buildReadOptions } from '../../src/mapping/build-read-options.js';
import { decodeMappingYaml, loadMapping } from '../../src/mapping/load-mapping.js';
import { parseMapping } from '../../src/mapping/parse-mapping.js';
import { renderIssueMessage } from '../../src/core/issue.js';
import { createTranslator } from '../../src/i18n/create-translator.js';
import { makeMappingInput } from '../helpers/builders.js';

const GOOD_YAML = `
# yaml-language-server: $schema=../schemas/mapping.schema.json
version: 1
input:
  sheet: Товары
  decimal: ','
columns:
  productKey: Артикул
  barcode: {letter: b}
  name: {rus: Наименование, kaz: Атауы}
  description: {rus: Описание}
  category: Категория
  brand: {header: Бренд}
  price: Цена
  photos: {columns: [Фото 1, Фото 2], separator: ';'}
defaults: {shopId: 7, vat: 12, isLocalMade: false}
categories:
  Футболки мужские: Одежда / Мужская одежда / Футболки
  Джинсы: 112
attributes:
  - {code: color, column: Цвет, values: {бордо: red, "красно-синий": [red, blue]}}
  - {code: material, value: Хлопок}
`;

async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mapping-test-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('parseMapping', () => {
  it('parses a complete mapping and applies every default', () => {
    const decoded = decodeMappingYaml(GOOD_YAML, 'shop.yaml');
    expect(decoded.issues).toBeUndefined();
    const result = parseMapping(decoded.document, 'shop.yaml');
    expect(result.issues).toBeUndefined();
    const mapping = result.mapping!;
    expect(mapping.columns.barcode).toEqual({ letter: 'b' });
    expect(mapping.input).toEqual({ sheet: 'Товары', decimal: ',', thousands: [' ', '\u00a0', '\u202f'], fillMerged: [], groupRows: true });
    expect(mapping.derive).toEqual([]);
    expect(mapping.attributes[0]?.values).toEqual({ бордо: 'red', 'красно-синий': ['red', 'blue'] });
    expect(mapping.attributes[1]?.values).toEqual({});
    expect(mapping.unmapped).toBe('error');
    expect(mapping.batchSize).toBe(30);
    expect(mapping.validation).toEqual({
      vat: [0, 12, 16],
      kazakh: 'warning',
      requireDescription: true,
      requireBarcode: true,
      photos: { min: 1, max: 15, requireHttps: false },
      barcode: { repairLeadingZeros: false, several: 'error' },
    });
    expect(mapping.booleans.true).toContain('иә');
    expect(mapping.booleans.false).toContain('жоқ');
    expect(mapping.blank['description.kaz']).toBe('keep');
  });

  it('reports every schema problem with its path and the file name', () => {
    const input = makeMappingInput() as Record<string, unknown>;
    const result = parseMapping(
      {
        ...input,
        columns: { ...(input.columns as object), price: 12, barcod: 'x' },
        batchSize: 0,
        unmapped: 'guess',
        validation: { kazakh: 'sometimes' },
        attributes: [{ code: 'color', column: { letter: '1A' } }],
      },
      'shop.yaml',
    );
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "code": "mapping_invalid_value",
          "data": {
            "expected": "string or object",
            "got": "number 12",
            "variant": "expected",
          },
          "file": "shop.yaml",
          "message": "expected string or object, got number 12",
          "path": "columns.price",
          "severity": "error",
          "stage": "mapping",
        },
        {
          "code": "mapping_unknown_key",
          "data": {
            "count": 1,
            "keys": ""barcod"",
            "variant": "keys",
          },
          "file": "shop.yaml",
          "message": "unknown key "barcod"",
          "path": "columns",
          "severity": "error",
          "stage": "mapping",
        },
        {
          "code": "mapping_invalid_value",
          "data": {
            "detail": "a column letter such as C or AB",
            "rule": "custom",
            "variant": "rule",
          },
          "file": "shop.yaml",
          "message": "a column letter such as C or AB",
          "path": "attributes[0].column.letter",
          "severity": "error",
          "stage": "mapping",
        },
        {
          "code": "mapping_invalid_value",
          "data": {
            "rule": "one_of",
            "values": ""error"|"auto"",
            "variant": "rule",
          },
          "file": "shop.yaml",
          "message": "Invalid option: expected one of "error"|"auto"",
          "path": "unmapped",
          "severity": "error",
          "stage": "mapping",
        },
        {
          "code": "mapping_invalid_value",
          "data": {
            "rule": "one_of",
            "values": ""error"|"warning"|"off"",
            "variant": "rule",
          },
          "file": "shop.yaml",
          "message": "Invalid option: expected one of "error"|"warning"|"off"",
          "path": "validation.kazakh",
          "severity": "error",
          "stage": "mapping",
        },
        {
          "code": "mapping_out_of_range",
          "data": {
            "bound": "1",
            "rule": "at_least",
            "variant": "rule",
          },
          "file": "shop.yaml",
          "message": "Too small: expected number to be >=1",
          "path": "batchSize",
          "severity": "error",
          "stage": "mapping",
        },
      ]
    `);
  });

  it('names required fields that have neither a column nor a default', () => {
    const result = parseMapping({ columns: { productKey: 'Артикул' }, attributes: [{ code: 'color' }] }, 'thin.yaml');
    expect(result.issues?.map((issue) => `${issue.code} ${issue.path}`)).toEqual([
      'required_field_unmapped columns.price',
      'required_field_unmapped columns.barcode',
      'required_field_unmapped columns.name.rus',
      'required_field_unmapped columns.shopId',
      'required_field_unmapped columns.category',
      'required_field_unmapped columns.brand',
      'required_field_unmapped columns.vat',
      'required_field_unmapped columns.isLocalMade',
      'required_field_unmapped columns.description.rus',
      'required_field_unmapped columns.photos',
      'attribute_source_invalid attributes[0]',
    ]);
    expect(result.issues?.every((issue) => issue.file === 'thin.yaml' && issue.severity === 'error')).toBe(true);
  });

  it('reports a document that is not a mapping at all', () => {
    expect(parseMapping(null, 'empty.yaml').issues).toEqual([
      {
        stage: 'mapping',
        severity: 'error',
        code: 'mapping_invalid_type',
        message: 'expected object, got null',
        data: { variant: 'expected', expected: 'object', got: 'null' },
        file: 'empty.yaml',
        path: '(root)',
      },
    ]);
  });
});

describe('decodeMappingYaml', () => {
  it('reports YAML syntax errors and duplicate keys with their line', () => {
    const decoded = decodeMappingYaml('columns:\n  productKey: A\n  productKey: B\nbad: [1, 2\n', 'bad.yaml');
    const codes = decoded.issues?.map((issue) => [issue.code, issue.row]);
    expect(codes).toContainEqual(['mapping_yaml_invalid', 3]);
    expect(decoded.issues?.every((issue) => issue.file === 'bad.yaml' && !issue.message.includes('\n'))).toBe(true);
  });

  it('refuses custom and unknown tags instead of reading them as strings', () => {
    const decoded = decodeMappingYaml('a: !!js/function "return 1"\nb: !!binary aGk=\nc: !env HOME\n', 'tags.yaml');
    expect(decoded.issues?.map((issue) => [issue.code, issue.row])).toEqual([
      ['mapping_yaml_tag', 1],
      ['mapping_yaml_tag', 2],
      ['mapping_yaml_tag', 3],
    ]);
  });

  it('bounds alias expansion', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]', 'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]'].join('\n');
    const decoded = decodeMappingYaml(bomb, 'bomb.yaml', 20);
    expect(decoded.issues?.[0]?.code).toBe('mapping_yaml_invalid');
    expect(decodeMappingYaml('a: &a [1]\nb: *a\n', 'ok.yaml').document).toEqual({ a: [1], b: [1] });
  });

  it('refuses several documents in one file', () => {
    expect(decodeMappingYaml('a: 1\n---\nb: 2\n', 'two.yaml').issues?.[0]?.code).toBe('mapping_yaml_invalid');
  });
});

describe('loadMapping', () => {
  it('loads a file relative to the working directory', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'shop.yaml'), `\ufeff${GOOD_YAML}`);
    const mapping = await loadMapping('shop.yaml', { cwd: dir });
    expect(mapping.columns.productKey).toBe('Артикул');
  });

  it('throws MappingError with every issue of a bad file', async () => {
    const dir = await makeTempDir();
    await writeFile(join(dir, 'bad.yaml'), 'columns: {productKey: A}\nbatchSize: many\n');
    const error = await loadMapping('bad.yaml', { cwd: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MappingError);
    const issues = (error as MappingError).issues;
    expect(issues.map((issue) => issue.path)).toEqual(['batchSize']);
    expect(issues[0]?.file).toBe('bad.yaml');
  });

  it('throws MappingError for a missing file and for a file over the size limit', async () => {
    const dir = await makeTempDir();
    const missing = await loadMapping('nope.yaml', { cwd: dir }).catch((e: unknown) => e);
    expect((missing as MappingError).issues[0]?.code).toBe('mapping_unreadable');
    await writeFile(join(dir, 'big.yaml'), `# ${'x'.repeat(2000)}\n`);
    const big = await loadMapping('big.yaml', { cwd: dir }, { maxBytes: 1000 }).catch((e: unknown) => e);
    expect((big as MappingError).issues[0]?.code).toBe('mapping_too_large');
  });
});

describe('buildReadOptions', () => {
  it('passes the input section to the readers, with the headers the mapping names', () => {
    const parsed = parseMapping(decodeMappingYaml(GOOD_YAML, 'shop.yaml').document, 'shop.yaml');
    expect(buildReadOptions(parsed.mapping!)).toEqual({
      sheet: 'Товары',
      expectedHeaders: ['Артикул', 'Категория', 'Бренд', 'Наименование', 'Атауы', 'Описание', 'Цена', 'Фото 1', 'Фото 2', 'Цвет'],
      groupRows: { outline: true, merged: true, singleCell: false, bold: false, keyColumn: 'Артикул' },
    });
    const tabbed = parseMapping({ ...makeMappingInput(), input: { delimiter: 'tab', fillMerged: ['Наименование'], encoding: 'windows-1251', headerRow: 3 } });
    expect(buildReadOptions(tabbed.mapping!)).toMatchObject({ delimiter: '\t', fillMerged: ['Наименование'], encoding: 'windows-1251', headerRow: 3 });
  });
});

describe("the schema's own checks in the run's language", () => {
  const document = {
    columns: { productKey: 'Артикул', name: { rus: 'Наименование' }, barcode: 'Штрихкод', photos: 'Фото' },
    defaults: { shopId: 7, category: 112, brand: 3, vat: 12, isLocalMade: false, description: { rus: 'нет' } },
    validation: { photos: { min: 3, max: 1 } },
    rows: { skip: [{ column: 'Статус', matches: '(' }] },
    derive: [
      { name: 'Размер', from: 'Наименование', steps: [{ regex: { pattern: '(', group: 1 } }] },
      { name: 'размер', from: 'Наименование', steps: [{ lookup: 'brand' }] },
    ],
  };

  it('names each rule for the catalog: English as zod carried it, Russian and Kazakh without English words', () => {
    const issues = parseMapping(document, 'shop.yaml').issues ?? [];
    const rules = issues.map((issue) => issue.data?.['rule']);
    expect(rules).toEqual(expect.arrayContaining(['required_price', 'min_above_max', 'not_a_regex', 'invalid_regex', 'derived_twice']));
    const en = createTranslator('en');
    for (const issue of issues.filter((each) => each.data?.['rule'] !== undefined)) {
      expect(renderIssueMessage(issue, en)).toBe(issue.message);
    }
    expect(issues.map((issue) => issue.message)).toEqual(expect.arrayContaining(['a price column is required', 'min is larger than max', 'derived column "размер" is defined twice']));
    for (const language of ['ru', 'kk'] as const) {
      const translator = createTranslator(language);
      for (const issue of issues.filter((each) => typeof each.data?.['rule'] === 'string' && String(each.data['rule']) !== 'custom')) {
        const text = renderIssueMessage(issue, translator).replace(/\/\(\/: .*$/, '');
        expect(text, `${language}: ${issue.message}`).not.toMatch(/required|larger|twice|regular|valid/);
      }
    }
  });
});

/**
 * Issue 36, item 8: attributes from characteristic column triples (`Название_Характеристики`,
 * `Измерение_Характеристики`, `Значение_Характеристики`, × N), as prom/Satu-style exports hold them:
 * each characteristic name the mapping maps feeds its attribute as a column would; a name neither
 * mapped nor ignored is reported once per file.
 */
import { describe, expect, it } from 'vitest';
import type { Issue } from '../../src/core/issue.js';
import type { MappingInput } from '../../src/mapping/mapping-schema.js';
import { createRowMapper } from '../../src/stages/create-row-mapper.js';
import type { SourceCell, SourceRow } from '../../src/sources/types.js';
import { makeDirectories, makeInfo, makeMapping, makeRow } from '../helpers/builders.js';

const directories = makeDirectories();
const BASE = ['Артикул', 'Штрихкод', 'Наименование', 'Атауы', 'Описание', 'Сипаттама', 'Категория', 'Бренд', 'Цена', 'НДС', 'Размер', 'Фото', 'Казахстан'];

type Triple = [name: string, unit: string, value: string];

/** A header of the base columns and `count` triples, named as `names(i)` gives them. */
function makeHeader(count: number, names: (i: number) => [string, string, string]): string[] {
  const header = [...BASE];
  for (let i = 0; i < count; i++) header.push(...names(i));
  return header;
}

const PLAIN = (): [string, string, string] => ['Название_Характеристики', 'Измерение_Характеристики', 'Значение_Характеристики'];

function makeRowWith(header: string[], row: number, triples: Triple[]): SourceRow {
  const info = makeInfo({ header: BASE });
  const base = makeRow(info, row, {
    Артикул: 'TS-1',
    Штрихкод: '4601234567893',
    Наименование: 'Футболка мужская',
    Атауы: 'Ерлерге арналған футболка',
    Описание: '<p>Хлопковая футболка</p>',
    Сипаттама: '<p>Мақта футболка</p>',
    Категория: 'Футболки мужские',
    Бренд: 'Qazaq Style',
    Цена: '4 990,00',
    НДС: '12',
    Размер: 'M',
    Фото: 'https://cdn.example.kz/ts-1-red.jpg',
    Казахстан: 'да',
  });
  const cells: (SourceCell | undefined)[] = [...base.cells, ...new Array<undefined>(header.length - BASE.length)];
  triples.forEach((triple, i) => {
    triple.forEach((text, j) => {
      if (text !== '') cells[BASE.length + i * 3 + j] = { kind: 'string', text, value: text };
    });
  });
  return { row, cells };
}

function editMapping(input: MappingInput): void {
  input.attributes = [{ code: 'size', column: 'Размер' }];
  input.characteristics = {
    name: 'Название_Характеристики',
    unit: 'Измерение_Характеристики',
    value: 'Значение_Характеристики',
    attributes: { Цвет: 'color', материал: { code: 'material', separator: ',' } },
    ignore: ['Страна производитель'],
  };
}

function mapRows(header: string[], rows: Triple[][], edit: (input: MappingInput) => void = editMapping) {
  const mapper = createRowMapper(makeMapping(edit), directories, makeInfo({ header }));
  const issues: Issue[] = [...mapper.setupIssues];
  const records = rows.map((triples, i) => {
    const result = mapper(makeRowWith(header, i + 2, triples));
    issues.push(...result.issues);
    return result.record;
  });
  return { records, issues };
}

describe('characteristic columns', () => {
  it('feeds each mapped characteristic to its attribute, whatever triple names it', () => {
    const header = makeHeader(3, PLAIN);
    const { records, issues } = mapRows(header, [
      [
        ['Материал', '', 'Хлопок, Полиэстер'],
        ['Цвет', '', 'Красный'],
        ['Вес', 'г', '200'],
      ],
      [
        ['Цвет', '', 'Синий'],
        ['Вес', 'г', '150'],
        ['Страна производитель', '', 'Казахстан'],
      ],
    ]);
    expect(records[0]?.valid).toBe(true);
    expect(records[0]?.product.attributes).toEqual([{ code: 'material', valueCodes: ['cotton', 'polyester'] }]);
    expect(records[0]?.sku.attributes).toEqual([
      { code: 'size', valueCodes: ['m'] },
      { code: 'color', valueCodes: ['red'] },
    ]);
    expect(records[1]?.sku.attributes).toContainEqual({ code: 'color', valueCodes: ['blue'] });
    // "Вес" is reported once for the file, on the first row naming it; the ignored name never.
    expect(issues.filter((issue) => issue.code === 'characteristic_not_mapped')).toMatchObject([
      { severity: 'warning', row: 2, column: 'T', header: 'Название_Характеристики', value: 'Вес' },
    ]);
  });

  it('an unknown value is reported as for an attribute column', () => {
    const { records, issues } = mapRows(makeHeader(2, PLAIN), [[['Цвет', '', 'Фуксия']]]);
    expect(records[0]?.valid).toBe(false);
    expect(issues.map((issue) => issue.code)).toContain('unknown_attribute_value');
  });

  it('finds triples whose headers carry a number (as a reader suffixes repeated headers)', () => {
    const header = makeHeader(2, (i) => (i === 0 ? PLAIN() : ['Название_Характеристики_2', 'Измерение_Характеристики (2)', 'Значение_Характеристики.2']));
    const { records, issues } = mapRows(
      header,
      [
        [
          ['Размер обуви', '', ''],
          ['Цвет', '', 'Красный'],
        ],
      ],
      (input) => {
        editMapping(input);
        input.characteristics = { ...input.characteristics!, ignore: ['Размер обуви'] };
      },
    );
    expect(issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    expect(records[0]?.sku.attributes).toContainEqual({ code: 'color', valueCodes: ['red'] });
  });

  it('withUnit: the value is sent with its unit after it', () => {
    const rows: Triple[][] = [[['Цвет', 'оттенок', 'Красный']]];
    expect(mapRows(makeHeader(1, PLAIN), rows).records[0]?.sku.attributes).toContainEqual({ code: 'color', valueCodes: ['red'] });
    const { issues } = mapRows(makeHeader(1, PLAIN), rows, (input) => {
      editMapping(input);
      input.characteristics!.withUnit = true;
    });
    expect(issues.find((issue) => issue.code === 'unknown_attribute_value')?.value).toBe('Красный оттенок');
  });

  it('reports columns the header lacks and attribute codes the directory lacks, once per file', () => {
    const { issues } = mapRows(BASE, [[]], (input) => {
      editMapping(input);
      input.characteristics!.attributes = { Цвет: 'colour' };
    });
    expect(issues.map((issue) => `${issue.severity} ${issue.code} ${issue.row}`)).toEqual([
      'error mapped_column_missing 1',
      'error characteristic_attribute_unknown 1',
    ]);
  });
});

/**
 * Required attributes by scope (issue 37, item 5): a requirement the directory states only per
 * attribute (scope unclear) is a warning and the product is sent; the mapping's `required:` (per
 * attribute, and per category under `categoryDefaults`) and `validation.requiredAttributes` decide
 * over the directory.
 */
import { describe, expect, it } from 'vitest';
import type { Directories } from '../../src/domain/index.js';
import type { MappingInput } from '../../src/mapping/mapping-schema.js';
import { createProductAssembler } from '../../src/stages/assemble-products.js';
import { createRowMapper } from '../../src/stages/create-row-mapper.js';
import { createMemoryProductSink } from '../../src/stages/product-sink.js';
import { makeDirectories, makeInfo, makeMapping, makeProductRow } from '../helpers/builders.js';

const info = makeInfo();
const BARCODE = '4601234567893';

/** The builders' directories with material's requirement stated once for the attribute (scope unclear). */
function unclearDirectories(): Directories {
  const directories = makeDirectories();
  const material = directories.attributes.find((a) => a.code === 'material');
  if (material === undefined) throw new Error('builders lost the material attribute');
  material.categories = material.categories.map((link) => ({ ...link, isRequired: true, requirementScope: 'unclear' as const }));
  return directories;
}

/** One SKU row of category 111 without a material, assembled; `code severity` of each issue and whether a draft was built. */
function assembleWithoutMaterial(directories: Directories, edit?: (input: MappingInput) => void) {
  const mapping = makeMapping(edit);
  const mapRow = createRowMapper(mapping, directories, info);
  const sink = createMemoryProductSink();
  const assembler = createProductAssembler({ mapping, directories, sink });
  const { record } = mapRow(makeProductRow(info, 2, { Штрихкод: BARCODE, Размер: 'M', Материал: '' }));
  if (record === null) throw new Error('the row did not map');
  assembler.add(record);
  assembler.finish();
  const entry = sink.entries()[0];
  return { issues: (entry?.issues ?? []).map((issue) => `${issue.code} ${issue.severity}: ${issue.message}`), sent: entry?.draft !== null && entry?.draft !== undefined };
}

describe('required attributes by scope', () => {
  it('reports a requirement stated per category as an error (the product is not sent)', () => {
    const { issues, sent } = assembleWithoutMaterial(makeDirectories());
    expect(issues).toEqual(['required_attribute_missing error: product lacks attribute material (Материал), required in category 111']);
    expect(sent).toBe(false);
  });

  it('reports a requirement of unclear scope as a warning naming what to set, and sends the product', () => {
    const { issues, sent } = assembleWithoutMaterial(unclearDirectories());
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^required_attribute_missing warning: product lacks attribute material \(Материал\), the service states it required for the attribute, not per category \(it may be optional in category 111\)/);
    expect(issues[0]).toMatch(/required: true or false on the attribute in the mapping .* validation\.requiredAttributes: error/);
    expect(sent).toBe(true);
  });

  it('makes it an error with validation.requiredAttributes: error, and every requirement a warning with warning', () => {
    expect(assembleWithoutMaterial(unclearDirectories(), (m) => void (m.validation = { ...m.validation, requiredAttributes: 'error' }))).toMatchObject({ sent: false, issues: [expect.stringMatching(/^required_attribute_missing error/)] });
    expect(assembleWithoutMaterial(makeDirectories(), (m) => void (m.validation = { ...m.validation, requiredAttributes: 'warning' }))).toMatchObject({ sent: true, issues: [expect.stringMatching(/^required_attribute_missing warning/)] });
  });

  it("follows the attribute's required: in the mapping over the directory and the validation setting", () => {
    const setRequired = (required: boolean) => (m: MappingInput) => {
      m.attributes = (m.attributes ?? []).map((a) => (a.code === 'material' ? { ...a, required } : a));
      m.validation = { ...m.validation, requiredAttributes: 'error' };
    };
    expect(assembleWithoutMaterial(unclearDirectories(), setRequired(false))).toEqual({ issues: [], sent: true });
    expect(assembleWithoutMaterial(unclearDirectories(), setRequired(true))).toEqual({ issues: ['required_attribute_missing error: product lacks attribute material (Материал), required in category 111 by the mapping'], sent: false });
  });

  it("follows categoryDefaults.<category>.required over the attribute's own word", () => {
    const edit = (perCategory: boolean) => (m: MappingInput) => {
      m.attributes = (m.attributes ?? []).map((a) => (a.code === 'material' ? { ...a, required: !perCategory } : a));
      m.categoryDefaults = { '111': { required: { material: perCategory } } };
    };
    expect(assembleWithoutMaterial(makeDirectories(), edit(false))).toEqual({ issues: [], sent: true });
    expect(assembleWithoutMaterial(unclearDirectories(), edit(true))).toMatchObject({ sent: false, issues: [expect.stringMatching(/^required_attribute_missing error: .*by the mapping$/)] });
  });
});

/**
 * `mapping review` classifies each name once: the file's sections are applied to the types it collected
 * without them (`askGroupsOutsideFileSections`), and the result is the types a second pass with the
 * sections would have given (rows, placed and open rows, proposal, doubt, evidence), on a file of one
 * trade and on a mixed one with sections set.
 */
import { describe, expect, it } from 'vitest';
import type { ClassifyOptions } from '../../../src/assistant/classify/classifier-types.js';
import { countByTopSection, readFileSections, type FileSections } from '../../../src/assistant/classify/file-sections.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { askGroupsOutsideFileSections } from '../../../src/assistant/review/ask-groups-outside-file-sections.js';
import { createProductTypeCollector, type ProductTypeGroup } from '../../../src/assistant/review/collect-product-types.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { generatePriceList } from '../eval/generate-price-list.js';
import { buildSandboxDirectories } from '../measure-matching.js';
import { buildAutoPartsNames } from '../../helpers/auto-parts-names.js';

const directories = buildSandboxDirectories('marketplace');
const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));

function collect(names: readonly string[], classifyOptions: ClassifyOptions = {}) {
  const collector = createProductTypeCollector({ classifier, classifyOptions });
  names.forEach((name, i) => collector.add(name, i + 2));
  return collector.finish();
}

/** The groups as the workbook reads them: open rows as a set (they are counted and settled, never listed in order). */
function comparable(groups: readonly ProductTypeGroup[]) {
  return groups.map((group) => ({ ...group, openRows: [...group.openRows].sort((a, b) => a - b) }));
}

/** The sure rows of the types by top-level section, as the review reads a file's sections. */
function sureBySection(groups: readonly ProductTypeGroup[]): Map<string, number> {
  const byPath = new Map<string, number>();
  for (const group of groups) for (const [path, serials] of group.placedByPath) if (path !== undefined) byPath.set(path, (byPath.get(path) ?? 0) + serials.length);
  return countByTopSection(byPath);
}

/** Checks that applying the sections to the one pass gives the second pass's types, and that they moved rows (so that skipping them fails). */
function expectOnePassAsTwo(names: readonly string[], sections: FileSections): void {
  const once = collect(names);
  const twice = collect(names, { sections });
  const applied = askGroupsOutsideFileSections(once.groups, sections);
  expect(comparable(applied)).toEqual(comparable(twice.groups));
  const placed = (groups: readonly ProductTypeGroup[]): number => groups.reduce((total, group) => total + group.placedRows, 0);
  expect(placed(once.groups)).toBeGreaterThan(placed(twice.groups));
  expect(comparable(once.groups)).not.toEqual(comparable(twice.groups));
  // The words the classifier could not place are the same: the sections only ask sure picks.
  expect(once.words).toEqual(twice.words);
}

const AUTO_BRANDS = ['Castrol', 'Mann', 'Bosch', 'Denso', 'Valeo', 'NGK', 'Febi', 'Sachs'];
// Car bulbs the household lamps take by their head: a type of two rows, and one of one.
// No `автомобильная`: that word is a section-word doubt of its own (doubts16); the file's sections are what ask a bare bulb.
const AUTO_OUTSIDERS = ['Лампа светодиодная H4 Philips', 'Лампа светодиодная H7 Osram', 'Лампа светодиодная H4 Philips'];

describe('the file\'s sections applied to one pass of the names', () => {
  it('give, on a file of one trade, the types a pass with the sections gives', () => {
    const names = [...buildAutoPartsNames(AUTO_BRANDS), ...AUTO_OUTSIDERS];
    const reading = readFileSections(sureBySection(collect(names).groups), names.length);
    expect(reading?.sections.map((section) => section.path)).toEqual(['Автотовары']);
    expectOnePassAsTwo(names, { paths: ['Автотовары'] });
  });

  it('give, on a mixed file with sections set, the types a pass with them gives', () => {
    const names = generatePriceList({ rows: 1500, seed: 7 }).rows.map((row) => row.cells['Наименование']);
    const bySection = [...sureBySection(collect(names).groups)].sort((a, b) => b[1] - a[1]);
    // Two sections of the middle: many sure rows on either side of the line.
    const sections = { paths: bySection.slice(1, 3).map(([path]) => path) };
    expectOnePassAsTwo(names, sections);
  });

  it('ask the rows of a type placed outside them, by leaf: its rows placed inside and its proposal inside stay', () => {
    const inside = 'Автотовары / Автохимия и масла / Моторные масла';
    const outside = 'Дом и сад / Освещение / Светодиодные лампы';
    const group: ProductTypeGroup = {
      type: 'масло',
      rows: 5,
      placedRows: 4,
      examples: ['Масло моторное Castrol 5W-30 4 л'],
      classification: { leafId: 1, path: inside, confidence: 0.9, confident: true, evidence: [], alternatives: [], productType: 'масло' },
      firstRows: [2, 3, 4],
      openRows: [6],
      placedByPath: new Map([[inside, [2, 5]], [outside, [3, 4]]]),
    };
    const [asked] = askGroupsOutsideFileSections([group], { paths: ['Автотовары'] });
    expect(asked).toEqual({ ...group, placedRows: 2, openRows: [3, 4, 6], placedByPath: new Map([[inside, [2, 5]]]) });
  });

  it('leave a type with no pick outside them as it is', () => {
    const { groups } = collect(['Масло моторное Castrol 5W-30 4 л', 'Масло моторное Mobil 5W-40 4 л']);
    expect(askGroupsOutsideFileSections(groups, { paths: ['Автотовары'] })[0]).toBe(groups[0]);
  });
});

/**
 * `mapping init`'s draft and the file's own sections (issue 33): where the sure picks of the file's
 * names (or, too few of them sure, of its category texts: never both) lie says its sections; a category text matched surely to a leaf outside
 * them is a TODO naming them. A file of many trades gets none, and its matches are left as they are.
 */
import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { askOutsideDraftSections } from '../../src/assistant/draft-file-sections.js';
import { generatePriceList } from './eval/generate-price-list.js';
import { buildSandboxDirectories } from './measure-matching.js';

const matchers = createDirectoryMatchers(buildSandboxDirectories('marketplace'));
const AUTO_NAMES = ['Масло моторное {b} 5W-30 4 л', 'Фильтр масляный {b} W 712/75', 'Антифриз G12 красный {b} 5 кг', 'Свечи зажигания {b} BKR6E', 'Шины зимние {b} 205/55 R16', 'Тормозная жидкость DOT-4 {b} 0,5 л'].flatMap((kind) =>
  ['Castrol', 'Mann', 'Bosch', 'Denso', 'Valeo', 'Febi'].map((brand) => kind.replace('{b}', brand)),
);
const LABELS = ['Моторные масла', 'Светодиодные лампы'];

describe('the draft\'s category matches and the file\'s sections', () => {
  it('leave a sure match outside the sections of an auto-parts file a TODO naming them', () => {
    const matches = LABELS.map((label) => matchers.categoryMatcher().match(label));
    expect(matches.map((match) => match.status)).toEqual(['exact', 'exact']);
    const { matches: asked, sections } = askOutsideDraftSections(matches, AUTO_NAMES, matchers);
    // Counted in one unit: the 36 names, not the names and the category texts together.
    expect(sections && { unit: sections.unit, sections: sections.sections, sureRows: sections.sureRows, rows: sections.rows }).toEqual({ unit: 'names', sections: [{ path: 'Автотовары', sureRows: 36 }], sureRows: 36, rows: 36 });
    expect(asked.map((match) => [match.status, match.best?.entry.path?.rus, match.doubt])).toEqual([
      ['exact', 'Автотовары / Автохимия и масла / Моторные масла', undefined],
      ['todo', undefined, "outside the file's sections (Автотовары)"],
    ]);
  });

  it('leave the matches of a file of many trades as they are', () => {
    const names = generatePriceList({ rows: 600, seed: 7 }).rows.map((row) => row.cells['Наименование']);
    const matches = LABELS.map((label) => matchers.categoryMatcher().match(label));
    expect(askOutsideDraftSections(matches, names, matchers)).toEqual({ matches });
  });
});

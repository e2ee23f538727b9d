/**
 * A top-level section the sure rows of a file reach through one leaf only is one word's other sense, not a trade of the file
 * (issue 33, probe 17: a pet shop's retractable leashes `РУЛЕТКА 8М` sure in `Строительство и ремонт / Рулетки` made the
 * building section one of the file's, so they were never asked): it is never read as one of the file's sections, and its rows
 * do not count in the share the sections must hold, so a pick in it is asked. Pure: the sure rows by leaf path.
 */
import { describe, expect, it } from 'vitest';
import { countByTopSection, readFileSections, readOneLeafSections } from '../../../src/assistant/classify/file-sections.js';

const PET = 'Зоотовары / Товары для';
/** Sure rows by leaf path. */
function buildSure(entries: readonly [string, number][]): Map<string, number> {
  return new Map(entries);
}

describe('a section reached through one leaf only', () => {
  const pet = buildSure([
    ...Array.from({ length: 12 }, (_, at): [string, number] => [`${PET} кошек / Лист ${at}`, 8]),
    ...Array.from({ length: 10 }, (_, at): [string, number] => [`${PET} собак / Лист ${at}`, 9]),
    ['Строительство и ремонт / Ручной инструмент / Рулетки', 13],
    ['Дом и сад / Освещение / Светильники', 3],
  ]);

  it('is no section of the file: its sure picks are asked', () => {
    expect(readOneLeafSections(pet)).toEqual(new Set(['Строительство и ремонт', 'Дом и сад']));
    const reading = readFileSections(countByTopSection(pet), 1000, readOneLeafSections(pet));
    expect(reading?.sections.map((section) => section.path)).toEqual(['Зоотовары']);
    expect(reading?.outside).toEqual([{ path: 'Строительство и ремонт', sureRows: 13 }, { path: 'Дом и сад', sureRows: 3 }]);
    // Read as before, the tape measures' 13 rows made the building section the file's second.
    expect(readFileSections(countByTopSection(pet), 1000)?.sections.map((section) => section.path)).toEqual(['Зоотовары', 'Строительство и ремонт']);
  });

  it('while a second trade of two leaves or more stays a section of the file, and a file of many trades has none (traps)', () => {
    const kids = buildSure([
      ['Детские товары / Игрушки / Мягкие игрушки', 120],
      ['Детские товары / Школа и творчество / Тетради', 60],
      ['Канцелярские товары / Письменные принадлежности / Ручки', 100],
      ['Канцелярские товары / Бумажная продукция для офиса / Тетради общие', 51],
      ['Дом и сад / Освещение / Светильники', 5],
    ]);
    expect(readFileSections(countByTopSection(kids), 800, readOneLeafSections(kids))?.sections.map((section) => section.path)).toEqual(['Детские товары', 'Канцелярские товары']);
    const mixed = buildSure(['А / Б / В', 'Г / Д / Е', 'Ж / З / И', 'К / Л / М', 'Н / О / П'].flatMap((path, at): [string, number][] => [[path, 20 + at], [`${path} 2`, 20]]));
    expect(readFileSections(countByTopSection(mixed), 400, readOneLeafSections(mixed))).toBeUndefined();
  });
});

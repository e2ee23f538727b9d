/**
 * The four directories as a workbook a person can browse and filter (`directories pull
 * --export`): Categories with their readable paths, Attributes with the categories they belong to
 * (one row per attribute and category), Values per attribute, Brands. Russian and Kazakh side by
 * side; every sheet has a frozen header, an auto-filter and column widths. Streamed, so a large
 * directory does not have to be built in memory. Text cells go through `neutralizeFormula`, since
 * directory names come from the service.
 */
import { loadExcelJs } from '../core/load-exceljs.js';
import type { Directories } from '../domain/index.js';
import { buildCategoryPath, createDirectoryIndex } from '../mapping/directory-index.js';
import { buildColumnLetter } from '../sources/column-letter.js';
import { neutralizeFormula } from '../report/neutralize-formula.js';

/** Sheet names and their headers, in order. */
export const DIRECTORY_SHEETS = {
  Categories: ['id', 'parent id', 'path (rus)', 'path (kaz)', 'name (rus)', 'name (kaz)'],
  Attributes: ['code', 'id', 'name (rus)', 'name (kaz)', 'type', 'multiple', 'SKU-defining', 'category id', 'category path', 'required'],
  Values: ['attribute code', 'value code', 'id', 'name (rus)', 'name (kaz)'],
  Brands: ['id', 'name', 'code'],
} as const;

/** Column widths per sheet, in characters. */
const WIDTHS: Record<keyof typeof DIRECTORY_SHEETS, number[]> = {
  Categories: [10, 10, 60, 60, 30, 30],
  Attributes: [22, 6, 30, 30, 11, 9, 13, 11, 60, 9],
  Values: [22, 26, 9, 30, 30],
  Brands: [9, 32, 32],
};

type Cell = string | number | boolean | null;

/** Writes the workbook to `path` (created or replaced). Returns the number of data rows per sheet. */
export async function writeDirectoriesWorkbook(directories: Directories, path: string): Promise<Record<keyof typeof DIRECTORY_SHEETS, number>> {
  const index = createDirectoryIndex(directories);
  const writer = new (loadExcelJs().stream.xlsx.WorkbookWriter)({ filename: path, useStyles: true, useSharedStrings: false });
  const counts = { Categories: 0, Attributes: 0, Values: 0, Brands: 0 };
  const addSheet = (name: keyof typeof DIRECTORY_SHEETS, rows: Iterable<Cell[]>): void => {
    const headers = DIRECTORY_SHEETS[name];
    const sheet = writer.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    // The streaming writer writes `autoFilter` when the sheet is committed; its typings omit it.
    (sheet as unknown as { autoFilter: string }).autoFilter = `A1:${buildColumnLetter(headers.length - 1)}1`;
    sheet.columns = WIDTHS[name].map((width) => ({ width }));
    const header = sheet.addRow([...headers]);
    header.font = { bold: true };
    header.commit();
    for (const cells of rows) {
      sheet.addRow(cells.map((cell) => (typeof cell === 'string' ? neutralizeFormula(cell) : cell))).commit();
      counts[name] += 1;
    }
    sheet.commit();
  };

  addSheet(
    'Categories',
    [...directories.categories]
      .sort((a, b) => a.id - b.id)
      .map((category) => [
        category.id,
        category.parentId,
        buildCategoryPath(category, index.categoryById),
        category.path?.kaz ?? '',
        category.name.rus,
        category.name.kaz,
      ]),
  );
  addSheet(
    'Attributes',
    directories.attributes.flatMap((attribute) => {
      const base: Cell[] = [attribute.code, attribute.id, attribute.name.rus, attribute.name.kaz, attribute.type, attribute.isMultiple, attribute.isSkuDefining];
      if (attribute.categories.length === 0) return [[...base, null, '(any category)', false]];
      return attribute.categories.map((link) => {
        const category = index.categoryById.get(link.categoryId);
        return [...base, link.categoryId, category === undefined ? '' : buildCategoryPath(category, index.categoryById), link.isRequired];
      });
    }),
  );
  addSheet(
    'Values',
    directories.values.map((value) => [value.attributeCode, value.code, value.id, value.name.rus, value.name.kaz]),
  );
  addSheet(
    'Brands',
    [...directories.brands].sort((a, b) => a.name.localeCompare(b.name)).map((brand) => [brand.id, brand.name, brand.code]),
  );
  await writer.commit();
  return counts;
}

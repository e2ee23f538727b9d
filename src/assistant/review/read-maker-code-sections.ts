/**
 * Where a file's maker codes are makers (issue 33, review26 D-1): a code the file writes after unlike goods (`Кефир ВС`,
 * `Печенье ВС`, `Сметана ВС`) is dropped from the type, but the classifier still doubts it as a word the leaf does not explain
 * (`askUnexplainedMakerCode`): a trade's abbreviation of what goods belong to (`ДВС`, `ХГЧ`) follows unlike goods as a code does.
 * The file tells them apart: a maker's names are sure but for the code in one top-level section, the maker's trade (dairy,
 * biscuits: `Продукты питания`), and there the code is lifted. `Защита ДВС` against sports guards stays a question: its
 * siblings (`Подушка ДВС`, `Опора ДВС`) are sure in the vehicles' section, not in sports.
 */
import { classifyProduct } from '../classify/classify-product.js';
import type { ClassifierIndex, ClassifyOptions } from '../classify/classifier-types.js';
import { readTopSection } from '../classify/file-sections.js';
import { isSureButForCode, readCodeAfterGoods } from '../classify/maker-codes.js';

// A code is read as a maker's where this many of its names at least are sure but for it, more than half of those in one section
// (most of its names have other doubts: a cut word, a package's abbreviation).
const MIN_SURE_NAMES = 3;

/**
 * Per maker code among the file's brand words (`brandWords`), the top-level section that holds more than half, and three at least,
 * of the names written with it that are sure but for the code; a code with no such section is left out.
 */
export function readMakerCodeSections(index: ClassifierIndex, names: readonly string[], options: ClassifyOptions): Map<string, string> {
  const bySection = new Map<string, Map<string, number>>();
  for (const name of names) {
    const code = readCodeAfterGoods(name);
    if (code === undefined || options.brandWords?.has(code) !== true) continue;
    const classified = classifyProduct(index, { name }, options);
    if (classified.path === undefined || !isSureButForCode(classified, code)) continue;
    const sections = bySection.get(code) ?? new Map<string, number>();
    const section = readTopSection(classified.path);
    sections.set(section, (sections.get(section) ?? 0) + 1);
    bySection.set(code, sections);
  }
  const found = new Map<string, string>();
  for (const [code, sections] of bySection) {
    const [section, sure] = [...sections].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    const all = [...sections.values()].reduce((total, count) => total + count, 0);
    if (sure >= MIN_SURE_NAMES && sure * 2 > all) found.set(code, section);
  }
  return found;
}

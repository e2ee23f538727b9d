/**
 * The classifier on our own held-out product names (`held-out-product-names.csv`, written before the
 * whole-head rule and never tuned on afterwards): each name classified by its name alone against both
 * sandbox directories. Right = confident and the expected leaf; a confident pick where the expected
 * answer is another leaf or `none` is wrong; `?` (several defensible leaves) is not scored.
 *
 * Honest record: the list was written and committed before the rule that a leaf must explain the
 * whole product type. One answer was mended before any change (the original directory does have
 * `Автокресла` for a child car seat). Before the rule: marketplace 28 right of 32 confident, 4 wrong;
 * original 16 of 23, 7 wrong. At the rule's first measurement: 18 of 18 and 10 of 10, 0 wrong.
 * Later rules were made for the generated price list, not for these names; they moved marketplace
 * to 15 of 15 (see docs/history/mapping-assistant-rounds.md).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import type { ReferenceBreadth } from '../../../src/sandbox/reference-data.js';
import { buildSandboxDirectories } from '../measure-matching.js';

/** One held-out name and its expected leaf per directory (`none`: no leaf fits; `?`: not scored). */
export interface HeldOutName {
  name: string;
  expected: Record<ReferenceBreadth, string>;
  tag: string;
}

/** Figures of one directory. */
export interface HeldOutFigures {
  scored: number;
  right: number;
  confident: number;
  wrong: string[];
}

/** Reads the held-out names (a plain CSV without quoted fields). */
export function readHeldOutNames(): HeldOutName[] {
  const text = readFileSync(fileURLToPath(new URL('./held-out-product-names.csv', import.meta.url)), 'utf8');
  return text
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [name = '', market = '', original = '', tag = ''] = line.split(',');
      return { name, expected: { marketplace: market, original }, tag };
    });
}

/** Classifies every held-out name against the directory of the given breadth. */
export function measureHeldOutNames(breadth: ReferenceBreadth): HeldOutFigures {
  const index = buildClassifierIndex(buildSandboxDirectories(breadth));
  const figures: HeldOutFigures = { scored: 0, right: 0, confident: 0, wrong: [] };
  for (const item of readHeldOutNames()) {
    const expected = item.expected[breadth];
    if (expected === '?') continue;
    figures.scored += 1;
    const result = classifyProduct(index, { name: item.name });
    if (!result.confident || result.leafId === undefined) continue;
    figures.confident += 1;
    if (String(result.leafId) === expected) figures.right += 1;
    else figures.wrong.push(`${item.name} → ${result.path ?? ''} (${result.leafId}); expected ${expected}`);
  }
  return figures;
}

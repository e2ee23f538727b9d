/**
 * A combining form in the seller's group that opens another top-level section's name (`АВТО химия` → `Автотовары`), which the
 * leaf does not explain, keeps a pick the name alone makes sure from being sure (wrongs28: car air fresheners in a hardware
 * shop's `АВТО химия и АВТО товары` read as household ones, placed and never asked).
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { readClassifierDoubt } from '../../../src/assistant/review/find-proposal-doubt.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const classify = (name: string, group?: string): ReturnType<typeof classifyProduct> => classifyProduct(index, group === undefined ? { name } : { name, groupPath: [group] });

describe("a combining form of the seller's group that opens another section's name", () => {
  it('makes a sure pick of another section a question naming the section', () => {
    expect(classify('Освежитель воздуха "Органик" (Жасмин) ABRO').confident).toBe(true);
    const result = classify('Освежитель воздуха "Органик" (Жасмин) ABRO', 'АВТО химия и АВТО товары');
    expect(result.confident).toBe(false);
    expect(result.doubt).toContain('"авто"');
    expect(result.doubt).toContain('Автотовары');
    // The review reads it as naming another leaf: the type is asked on its own row, never one line of a block's `yes`.
    expect(readClassifierDoubt(result.doubt ?? '')?.namesAnotherLeaf).toBe(true);
  });

  it('trap: a pick in the section the form opens stays sure (`Трос буксировочный` under `АВТО товары`)', () => {
    const result = classify('Трос буксировочный 5 м 10т', 'АВТО химия и АВТО товары');
    expect(result.path).toMatch(/^Автотовары/u);
    expect(result.confident).toBe(true);
  });

  it("trap: a whole word of a section's name opens none (`питания` of `Продукты питания`, `химия`, `инструмент`)", () => {
    for (const [name, group] of [['Батарейка Duracell AAA щелочная 12 шт.', 'Батарейки, аккумуляторы, элементы питания'], ['Растворитель 650 0,5 л', 'Химия'], ['Линейка металлическая 1000 мм', 'Измерительный инструмент']] as const) {
      const result = classify(name, group);
      expect(result.doubt ?? '', name).not.toContain("the seller's group says");
    }
  });
});

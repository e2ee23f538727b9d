/**
 * A seller's name that puts the head's adjective after its purpose (`Спрей для тела парфюмированный`) is read as the directory's
 * names are (`Скобы для степлера офисные`): the adjective is the head's where a leaf's name has it so (`Парфюмированные спреи для
 * тела`), and a purpose word otherwise (`увлажняющая`), which a plain leaf may leave unexplained (wrongs28).
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const index = buildClassifierIndex(buildSandboxDirectories('marketplace'));
const classify = (name: string): ReturnType<typeof classifyProduct> => classifyProduct(index, { name });

describe("an adjective agreeing with the head after the name's purpose", () => {
  it('is the head\'s where a leaf names the goods by it (`Спрей для тела парфюмированный` → `Парфюмированные спреи для тела`)', () => {
    for (const name of ['Спрей для тела парфюмированный 250 мл', 'СПРЕЙ ДЛЯ ТЕЛА ПАРФЮМИРОВАННЫЙ LATTAFA 0.75 Л']) {
      const result = classify(name);
      expect(result.path, name).toBe('Красота и здоровье / Парфюмерия: дополнительно / Парфюмированные спреи для тела');
      expect(result.confident, name).toBe(true);
    }
    expect(classify('Корм для собак сухой 15 кг').path).toBe('Зоотовары / Товары для собак / Сухие корма для собак');
  });

  it('trap: one no leaf names goods by stays the purpose\'s, and the plain leaf stays sure (`Маска для лица увлажняющая`)', () => {
    for (const [name, path] of [['Маска для лица увлажняющая 50 мл', 'Красота и здоровье / Уход за лицом / Маски для лица'], ['Крем для рук питательный 100 мл', 'Красота и здоровье / Маникюр и педикюр / Кремы для рук']] as const) {
      const result = classify(name);
      expect(result.path, name).toBe(path);
      expect(result.confident, name).toBe(true);
    }
  });
});

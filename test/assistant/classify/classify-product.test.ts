import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildClassifierIndex, classifyProduct, loadClassifierIndex } from '../../../src/assistant/classify/index.js';
import { buildClassifierDirectories } from './classifier-directory.js';

const index = buildClassifierIndex(buildClassifierDirectories());

describe('classifyProduct', () => {
  it('puts a product in the leaf its type names, with evidence and confidence', () => {
    const result = classifyProduct(index, { name: 'Казан алюминиевый 10 л' });
    expect(result).toMatchObject({ leafId: 801, confident: true, productType: 'казан алюминиевый' });
    expect(result.confidence).toBeGreaterThanOrEqual(0.85);
    expect(result.evidence[0]).toMatchObject({ phrase: 'казан алюминиевый', matched: 'Казаны', leafId: 801, path: 'Посуда / Кухня / Казаны' });
  });

  it('never reaches a leaf through a composition or a purpose phrase', () => {
    expect(classifyProduct(index, { name: 'Паяльная кислота 30 мл … Хлористый цинк' }).leafId).not.toBe(101);
    expect(classifyProduct(index, { name: 'Паяльная кислота, хлористый цинк' }).leafId).not.toBe(101);
    const serum = classifyProduct(index, { name: 'Сыворотка для лица с витамином C 30 мл' });
    expect(serum).toMatchObject({ leafId: 302, confident: true });
    expect(classifyProduct(index, { name: 'Чехол для кабеля' }).leafId).not.toBe(601);
  });

  it('tells leaves of one type apart by their purpose: bath salt is not table salt', () => {
    expect(classifyProduct(index, { name: 'Соль для ванн морская 1 кг' })).toMatchObject({ leafId: 301, confident: true });
    expect(classifyProduct(index, { name: 'Соль поваренная 1 кг' }).leafId).toBe(201);
    // A plain leaf is proposed for a product said to be for something its path does not name, never taken.
    expect(classifyProduct(index, { name: 'Кабель для микрофона 3 м' })).toMatchObject({ leafId: 601, confident: false });
  });

  it('chooses among leaves sharing a name by whom the product is for, and asks when the name does not say', () => {
    expect(classifyProduct(index, { name: 'Кроссовки мужские Nike Air 42' })).toMatchObject({ leafId: 501, confident: true });
    const bare = classifyProduct(index, { name: 'Кроссовки Nike Air 42' });
    expect(bare.confident).toBe(false);
    expect([bare.leafId, ...bare.alternatives.map((item) => item.leafId)].sort()).toEqual([401, 501]);
  });

  it('is never confident for a catch-all label or leaf, and uses a meaningful label when the name says nothing', () => {
    expect(classifyProduct(index, { name: 'Прочее' }).confident).toBe(false);
    expect(classifyProduct(index, { name: 'Head&Shoulders Classic 400', label: 'Прочее' }).confident).toBe(false);
    expect(classifyProduct(index, { name: 'Tefal Classic 24', label: 'Кастрюли' })).toMatchObject({ leafId: 802, evidence: [{ source: 'label' }] });
    expect(classifyProduct(index, { name: 'Tefal Classic 24', groupPath: 'Посуда / Кастрюли' })).toMatchObject({ leafId: 802, evidence: [{ source: 'group' }] });
  });

  it('reads Kazakh names, stems and synonyms', () => {
    expect(classifyProduct(index, { name: 'Қазан 10 л' }).leafId).toBe(801);
    expect(classifyProduct(index, { name: 'Набор отверток 6 шт' })).toMatchObject({ leafId: 1001, confident: true });
    expect(classifyProduct(index, { name: 'Power bank Xiaomi 20000 мАч' })).toMatchObject({ leafId: 701, evidence: [{ via: 'synonym' }] });
  });

  it('leaves out the leaves and words a mapping excludes', () => {
    const options = { excludeLeafIds: new Set([801]) };
    expect(classifyProduct(index, { name: 'Казан алюминиевый 10 л' }, options).leafId).toBeUndefined();
    expect(classifyProduct(index, { name: 'Станки одноразовые 5 шт' }).leafId).toBe(1002);
    expect(classifyProduct(index, { name: 'Станки одноразовые 5 шт' }, { excludeWords: new Set(['станки']) }).leafId).toBeUndefined();
    // Left out where words are read: the name keeps its phrase breaks (the zinc stays in its own phrase).
    expect(classifyProduct(index, { name: 'Паяльная кислота, хлористый цинк' }, { excludeWords: new Set(['паяльная']) })).toMatchObject({ productType: 'кислота', leafId: undefined });
  });
});

describe('the classifier index', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('is cached beside the directory under a key that changes with the directory', async () => {
    dir = await mkdtemp(join(tmpdir(), 'classifier-index-'));
    const directories = buildClassifierDirectories();
    const first = await loadClassifierIndex({ stateDir: dir, directories });
    expect(await readdir(dir)).toEqual([`classifier-index-${first.directoryHash.slice(0, 16)}.json`]);
    expect(JSON.parse(await readFile(join(dir, `classifier-index-${first.directoryHash.slice(0, 16)}.json`), 'utf8'))).toEqual(JSON.parse(JSON.stringify(first)));
    expect(await loadClassifierIndex({ stateDir: dir, directories: structuredClone(directories) })).toEqual(first);
    const grown = buildClassifierDirectories([{ id: 803, parentId: 8, name: { rus: 'Сковороды', kaz: 'Табалар' }, path: null, isLeaf: true }]);
    const changed = await loadClassifierIndex({ stateDir: dir, directories: grown });
    expect(changed.directoryHash).not.toBe(first.directoryHash);
    expect(await readdir(dir)).toHaveLength(2);
    expect(classifyProduct(changed, { name: 'Сковорода 24 см' }).leafId).toBe(803);
  });
});

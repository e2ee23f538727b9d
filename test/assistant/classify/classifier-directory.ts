/** A small directory with the traps of product names: a vitamin `Цинк`, table salt beside bath salt, shared shoe names, a catch-all leaf. */
import type { Category, Directories } from '../../../src/domain/index.js';

/** One branch of leaves: `[id, rus, kaz]` under the parent path. */
type Leaf = readonly [number, string, string];

const BRANCHES: readonly (readonly [number, string, string, readonly Leaf[]])[] = [
  [1, 'Аптека / Витамины', 'Дәріхана / Витаминдер', [[101, 'Цинк', 'Мырыш'], [102, 'Витамин C', 'С витамині']]],
  [2, 'Продукты / Бакалея', 'Азық / Бакалея', [[201, 'Соль', 'Тұз'], [202, 'Мясо', 'Ет']]],
  [3, 'Красота / Уход', 'Сұлулық / Күтім', [[301, 'Соль для ванн', 'Ваннаға арналған тұз'], [302, 'Сыворотки для лица', 'Бетке арналған сарысулар']]],
  [4, 'Обувь / Женская обувь', 'Аяқкиім / Әйелдер аяқкиімі', [[401, 'Кроссовки', 'Кроссовкалар']]],
  [5, 'Обувь / Мужская обувь', 'Аяқкиім / Ерлер аяқкиімі', [[501, 'Кроссовки', 'Кроссовкалар']]],
  [6, 'Электрика / Провода', 'Электр / Сымдар', [[601, 'Кабель', 'Кабель']]],
  [7, 'Электроника / Аксессуары', 'Электроника / Аксессуарлар', [[701, 'Внешние аккумуляторы', 'Сыртқы аккумуляторлар'], [702, 'Чехлы для телефонов', 'Телефон қаптары']]],
  [8, 'Посуда / Кухня', 'Ыдыс / Асүй', [[801, 'Казаны', 'Қазандар'], [802, 'Кастрюли', 'Кастрюльдер']]],
  [9, 'Разное / Прочее', 'Әртүрлі / Басқа', [[901, 'Прочее', 'Басқа']]],
  [10, 'Инструменты / Ручной инструмент', 'Құралдар / Қол құралы', [[1001, 'Отвертки', 'Бұрағыштар'], [1002, 'Станки', 'Станоктар']]],
];

/** The directory, leaves and their parents (paths given, as the service gives them). */
export function buildClassifierDirectories(extra: readonly Category[] = []): Directories {
  const categories: Category[] = [];
  for (const [id, rus, kaz, leaves] of BRANCHES) {
    categories.push({ id, parentId: null, name: { rus: rus.split(' / ').at(-1) ?? rus, kaz: kaz.split(' / ').at(-1) ?? kaz }, path: { rus, kaz }, isLeaf: false });
    for (const [leafId, leafRus, leafKaz] of leaves) {
      categories.push({ id: leafId, parentId: id, name: { rus: leafRus, kaz: leafKaz }, path: { rus: `${rus} / ${leafRus}`, kaz: `${kaz} / ${leafKaz}` }, isLeaf: true });
    }
  }
  categories.push(...extra);
  return { categories, attributes: [], values: [], brands: [], fetchedAt: '2026-01-01T00:00:00.000Z' };
}

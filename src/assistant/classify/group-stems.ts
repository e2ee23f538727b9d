import { stemForIndex } from './stem-for-index.js';

/**
 * `Сүт өнімдері`, `Молочные продукты`: a word for goods in general makes the type a group of them, which a leaf's path
 * (`Сүт өнімдері және жұмыртқа`) says but no leaf is; only a leaf named by the word explains it.
 */
export const GROUP_STEMS: ReadonlySet<string> = new Set(['продукты', 'продукция', 'товары', 'изделия', 'өнімдері', 'өнімдер', 'тауарлар', 'бұйымдар'].map(stemForIndex));

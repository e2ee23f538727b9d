/**
 * Product names of a one-trade price list (auto parts) for the tests of the file's own sections: each kind
 * written once per brand, `{b}` standing for the brand.
 */
const AUTO_KINDS = [
  'Масло моторное {b} 5W-30 4 л',
  'Фильтр масляный {b} W 712/75',
  'Фильтр воздушный {b} AP 139',
  'Антифриз G12 красный {b} 5 кг',
  'Свечи зажигания {b} BKR6E',
  'Щетки стеклоочистителя {b} 600 мм',
  'Тормозная жидкость DOT-4 {b} 0,5 л',
  'Шины зимние {b} 205/55 R16',
];

/** Every auto-parts kind written with every brand given. */
export function buildAutoPartsNames(brands: readonly string[]): string[] {
  return AUTO_KINDS.flatMap((kind) => brands.map((brand) => kind.replace('{b}', brand)));
}

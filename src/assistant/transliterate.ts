/**
 * Cyrillic (Russian and Kazakh) to Latin transliteration for matching: `Самсунг` and `Samsung`,
 * `smartfony` and `Смартфоны` are compared in Latin letters. Only the Latin direction is needed,
 * since both sides of a comparison are transliterated; the table follows how sellers spell brands
 * (`х` → `h` as in `Хонор`, `й` → `y`), not a formal standard.
 */

const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ә: 'a',
  ғ: 'g',
  қ: 'k',
  ң: 'ng',
  ө: 'o',
  ұ: 'u',
  ү: 'u',
  һ: 'h',
  і: 'i',
};

// Clothing sizes written in Cyrillic (`ХЛ`, `ХХС`, `М`): `х` stands for the Latin `x` there.
const SIZE_WORD = /^[хсмл]{1,4}$/;

/**
 * Transliterates lower-case normalised words (`tokenizeForMatch` output) to Latin letters. Latin
 * letters and digits are kept. A short word of size letters only (`хл`, `ххс`) keeps `х` as `x`.
 */
export function transliterateToLatin(word: string): string {
  if (SIZE_WORD.test(word)) return Array.from(word, (char) => (char === 'х' ? 'x' : (CYRILLIC_TO_LATIN[char] ?? char))).join('');
  let out = '';
  for (const char of word) out += CYRILLIC_TO_LATIN[char] ?? char;
  return out;
}

const KAZAKH_TO_RUSSIAN: Readonly<Record<string, string>> = { ә: 'а', ғ: 'г', қ: 'к', ң: 'н', ө: 'о', ұ: 'у', ү: 'у', һ: 'х', і: 'и' };
const KAZAKH_LETTER = /[әғқңөұүһі]/;

/** Kazakh letters written as the Russian letters sellers type instead (`Атамұра` → `атамура`, `Қазақ` → `казак`). */
export function foldKazakhLetters(word: string): string {
  // Most words have no Kazakh letter: returned as they are, without building a copy.
  if (!KAZAKH_LETTER.test(word)) return word;
  let out = '';
  for (const char of word) out += KAZAKH_TO_RUSSIAN[char] ?? char;
  return out;
}

/**
 * A rough sound skeleton of a Latin word, so that spellings of one brand meet: `huawei` and
 * `huavey` (from `Хуавей`), `philips` and `filips`, `bosch` and `bosh`, `karcher`, `multicolor`
 * and `multikolor`. Doubled letters are written once.
 */
export function buildLatinSkeleton(word: string): string {
  const replaced = word
    .replace(/sch/g, 'sh')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/kh/g, 'h')
    .replace(/w/g, 'v')
    .replace(/y/g, 'i')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c(?!h)/g, 'k');
  return replaced.replace(/(.)\1+/g, '$1');
}

/**
 * The cut, length and fit of a garment, a general class of words of the clothes trade: a length (`миди`, `макси`,
 * `укороченный`, `удлиненный`), a fit (`приталенный`, `облегающий`, `оверсайз`, `зауженный`, `расклешенный`, `клеш`), a cut
 * (`плиссированный`, `двубортный`, `однобортный`; a swimsuit's one piece or two, `слитный`, `раздельный`) and the part a suit is made with (`брючный`, `юбочный`). Of a garment such a
 * word says which model (`Юбка миди`, `Костюм женский брючный`), never another thing; of other goods it may name the
 * garment they serve (`Ремень брючный`, `Вешалка брючная`), so it only qualifies goods the directory sizes as clothes
 * (`readGarmentLeaves`). `мини` is a size of any goods (the classifier's neutral words); an occasion (`вечерний`,
 * `свадебный`) is left out, as it names a trade of its own (a bridal shop's dresses).
 */
const GARMENT_CUT = /^(?:миди|макси|оверсайз|oversize|клеш)$|^(?:укороченн|удлиненн|приталенн|облегающ|зауженн|расклешенн|плиссированн|двубортн|однобортн|брючн|юбочн|слитн|раздельн)/u;

/** Whether a word (normalised) says the cut, length or fit of a garment (`миди`, `приталенная`, `брючный`). */
export function isGarmentCutWord(word: string): boolean {
  return GARMENT_CUT.test(word);
}

import { ADJECTIVE } from '../read-label-kinds.js';

/**
 * How goods are built: folding or taken apart (`складной`, `раскладной`, `разборный`, `раздвижной`), a general class of
 * Russian adjectives. Such a word says which build of the leaf's goods, never other goods: `Гантели разборные` are dumbbells,
 * `Стулья складные` chairs. Left out on purpose: `телескопический` (`Ручка телескопическая` is an extension handle, no
 * pen), `надувной` (`Матрас надувной` is camping gear, no bed mattress) and `сборный` (`Модели сборные` are kits).
 */
const FOLDING = /^(?:складн|раскладн|разборн|раздвижн)/u;

/**
 * An adjective of a numeral and a part noun counts parts of the goods (`двухкамерный`, `трёхслойный`, `двуспальный`,
 * `многоярусный`, `трёхколёсный`): the build again. The part nouns are a closed general class of what goods are built of
 * (layer, chamber, bed place, tier, seat, leaf of a door, door, wheel, section, burner, strand, level, compartment, drawer,
 * tube, blade, lamp, arm of a chandelier, key of a switch). A numeral before another stem is no count of parts: `однотонный`, `многоцветный` (colour),
 * `однолетний` (age), `двуязычный`, `многофункциональный`, `двусторонний`, `двухтактный`, `однородный`, `шестигранный`
 * (shape), `одноразовый` (a count of uses: disposable goods are another trade's).
 */
const COUNTED_PARTS =
  /^(?:одно|дву|двух|трех|четырех|пяти|шести|много|полутора)ъ?(?:слойн|камерн|спальн|ярусн|местн|створчат|дверн|дверк|колесн|секционн|конфорочн|жильн|уровнев|отсечн|ящичн|трубн|лопастн|ламповн|рожков|клавишн)/u;

/** Whether a word (normalised) says how the goods are built: folding, taken apart, or how many parts (`двухкамерные`). */
export function isConstructionWord(word: string): boolean {
  if (!ADJECTIVE.test(word)) return false;
  return FOLDING.test(word) || COUNTED_PARTS.test(word);
}

import { ADJECTIVE } from '../read-label-kinds.js';

/**
 * How goods are built: folding or taken apart (`складной`, `раскладной`, `разборный`, `раздвижной`), a general class of
 * Russian adjectives. Such a word says which build of the leaf's goods, never other goods: `Гантели разборные` are dumbbells,
 * `Стулья складные` chairs. Left out on purpose: `телескопический` (`Ручка телескопическая` is an extension handle, no
 * pen), `надувной` (`Матрас надувной` is camping gear, no bed mattress) and `сборный` (`Модели сборные` are kits).
 */
const FOLDING = /^(?:складн|раскладн|разборн|раздвижн)/u;

/**
 * An adjective opening with a numeral counts parts of the goods (`двухкамерный`, `трёхслойный`, `двуспальный`,
 * `многоярусный`): the build again. Not a count of uses: `одноразовый` goods are disposable ones, another trade's.
 */
const COUNTED_PARTS = /^(?:одно|дву|двух|трех|четырех|пяти|шести|много|полутора)\p{L}{3,}/u;
const COUNTED_USES = /разов/u;

/** Whether a word (normalised) says how the goods are built: folding, taken apart, or how many parts (`двухкамерные`). */
export function isConstructionWord(word: string): boolean {
  if (!ADJECTIVE.test(word)) return false;
  return FOLDING.test(word) || (COUNTED_PARTS.test(word) && !COUNTED_USES.test(word));
}

import { ADJECTIVE } from '../read-label-kinds.js';

/**
 * Whether goods are liquid or solid, a general class of Russian adjectives (`жидкий`, `твердый`, `кусковой`). Of goods sold
 * by volume such a word says which form (`Мыло жидкое`, `Шампунь твердый`, `Мыло кусковое`); of other goods it makes another
 * thing (`Гвозди жидкие` are glue, `Обои жидкие` plaster, `Ключ жидкий` a spray, `Диск твердый` a computer's drive), so it
 * only qualifies goods the directory measures in millilitres (`readVolumeLeaves`). Left out: `сухой` (`Молоко сухое` is
 * powder, another food), `гелевый` (`Ручки гелевые` are pens of their own leaf).
 */
const STATE = /^(?:жидк|тв[её]рд|кусков)/u;

/** Whether a word (normalised) says whether goods are liquid or solid (`жидкое`, `твердый`). */
export function isStateWord(word: string): boolean {
  return ADJECTIVE.test(word) && STATE.test(word);
}

/**
 * The endings of a nominative adjective (`кожаный`, `синяя`, `резиновые`), one for every reader that asks whether a word
 * describes goods rather than names them. Oblique forms (`ую`, `юю`) are `read-label-kinds.ts`'s `ADJECTIVE`.
 */

/** A word ending as a nominative adjective does, in any gender or number. */
export const NOMINATIVE_ADJECTIVE_ENDING = /(?:ый|ий|ой|ая|яя|ое|ее|ые|ие)$/u;

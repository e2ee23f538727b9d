/**
 * `Уровень строительный` under `Строительство и ремонт`, `Мячи спортивные` under `Спорт и отдых`: an
 * adjective made of a word of the leaf's own path says what the path already says of the leaf's goods.
 * It qualifies them as their section does, so another leaf whose name holds the same adjective
 * (`Клей строительный`, `Ножи строительные`) is no sign that the label meant that leaf's goods.
 * Only the word itself is read: whether every other word of the label fits the leaf stays for the
 * rest of the matcher (`Кабели сварочные` under `Электрика` say nothing of their path).
 */

// The shortest beginning of the path's word the adjective must repeat: `спорт` of `спортивные`; shorter ones (`сад` of
// `садовые`, `авто` of `автомобильные`) are beginnings of many unrelated words.
const MIN_SHARED = 5;
// Letters of the path's word the adjective may end otherwise: its ending and suffix (`строительство`/`строительный`).
const CHANGED_ENDING = 4;

/** Whether a label's word (normalised) is an adjective of a word of the leaf's path (`pathWords`, normalised). */
export function isAdjectiveOfOwnPath(word: string, pathWords: readonly string[]): boolean {
  if (!/(?:ые|ие|ая|яя|ое|ее|ый|ий|ой|ую|юю)$/u.test(word)) return false;
  return pathWords.some((other) => {
    if (other === word) return false;
    let common = 0;
    while (common < word.length && common < other.length && word[common] === other[common]) common += 1;
    return common >= Math.max(MIN_SHARED, Math.min(word.length, other.length) - CHANGED_ENDING);
  });
}

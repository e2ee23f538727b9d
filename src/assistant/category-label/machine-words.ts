import { ADJECTIVE } from '../read-label-kinds.js';

/**
 * How a machine works, a general class of Russian adjectives: its working part or principle (`планетарный`, `шнековый`,
 * `центробежный`, `роторный`, `поршневой`, `мембранный`, `винтовой`, `инверторный`, `индукционный`, `конвекционный`,
 * `паровой`), that it works on a battery (`аккумуляторный`) or the mains (`электрический`: `Мясорубки электрические`,
 * beside the power tools' `Рубанки электрические`) and by itself (`автоматический`: a coffee machine that grinds
 * and brews, a blood pressure monitor that inflates its cuff; of an umbrella, a pen or a pencil it is a spring, and those are no
 * machines). Of a machine such a word says which model (`Миксер
 * планетарный`, `Соковыжималка шнековая`, `Шуруповерт аккумуляторный`); of other goods it names a part of a machine
 * (`Кольца поршневые` are no rings), so it only qualifies goods the directory says are machines (`readPoweredLeaves`).
 * Left out on purpose, as words that move a machine to another trade: `бензиновый` (an engine says a garden or builders'
 * machine: `Триммер бензиновый` is no beard trimmer, the original directory's only `Триммеры`), `погружной`
 * (`Обогреватель погружной` heats water, no room), `портативный` and `стационарный` (`Холодильник портативный` is a
 * camping cooler), `ручной` (hand-held, or driven by hand: a hand pump is no powered pump), `механический` (no power),
 * `вибрационный` (`Плита вибрационная` is a compactor, no stove), `ударный` and `барабанный` (drums, cymbals), `дисковый`
 * and `цепной` (discs and chains are goods of their own), `сетевой` (`Фильтр сетевой` is a surge strip), `газовый`
 * (cylinders, pistols); `беспроводной` is the negation rule's. An electric leaf named so (`Электрические плиты`,
 * `Электрочайники`) is still the compound and name rules' first.
 */
const MACHINE = /^(?:планетарн|шнеков|центробежн|роторн|поршнев|мембранн|винтов|инверторн|индукционн|конвекционн|паров|аккумуляторн|автоматическ|электрическ)/u;

/** Whether a word (normalised) says how a machine works or that it works on a battery (`планетарный`, `аккумуляторный`). */
export function isMachineWord(word: string): boolean {
  return ADJECTIVE.test(word) && MACHINE.test(word);
}

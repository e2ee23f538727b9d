/**
 * A dose written in a name (`150000 МЕ`, `60 мг`, `5 мкг`, `40 ЕД`) says what a medicine or a
 * supplement holds: the measure of what a remedy does, never of what ordinary goods weigh (those are
 * sold by the gram, the kilogram, the litre). The attribute directory measures no dose for any leaf,
 * so a dose is never evidence of a leaf; beside a bare one-word type it is evidence against the one
 * sense the directory names (`Свечи Виферон 150000 МЕ №10` are suppositories, not decor candles).
 */

// Dose units as `tokenizeForMatch` writes them: milligrams, micrograms, international units (МЕ, IU), units of action (ЕД).
const DOSE_UNITS: ReadonlySet<string> = new Set(['мг', 'mg', 'мкг', 'mcg', 'ме', 'iu', 'ед']);

/** Whether a name's words (`tokenizeForMatch`) carry a dose: a dose unit right after a number. */
export function carriesDose(tokens: readonly string[]): boolean {
  for (let at = 1; at < tokens.length; at += 1) if (DOSE_UNITS.has(tokens[at] ?? '') && /^\d/u.test(tokens[at - 1] ?? '')) return true;
  return false;
}

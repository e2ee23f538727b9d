/** The check shared by the Kazakh name and description: present (per `validation.kazakh`), not garbled, not the Russian text again. */
import type { Mapping } from '../../mapping/mapping-schema.js';
import { hasLostKazakhLetters, isSameAsRussian } from '../check-kazakh-text.js';
import type { ColumnSlot } from './field-rule.js';
import type { RowContext } from './row-context.js';

/** Checks Kazakh text read from `slot` (`null`: unusable cell, already reported) and returns what goes into the draft. */
export function checkKazakhText(
  ctx: RowContext,
  slot: ColumnSlot,
  text: string | null | undefined,
  russian: string,
  what: 'name' | 'description',
  severity: Mapping['validation']['kazakh'],
): string {
  if (text === null) return '';
  if (text === undefined) {
    if (severity === 'off') return '';
    // Without a Kazakh column the gap was reported once at setup; an empty cell is reported here.
    if (slot === undefined || slot === null) {
      if (severity === 'error') ctx.valid = false;
    } else {
      ctx.report('kazakh_text_missing', severity, slot.location, `the Kazakh ${what} is empty`);
    }
    return '';
  }
  const location = slot?.location;
  if (hasLostKazakhLetters(text)) {
    ctx.report(
      'kazakh_text_lost',
      'error',
      location,
      `the Kazakh ${what} has "?" where Kazakh letters were`,
      text,
      'the file was saved in an encoding without Kazakh letters (Windows-1251); save it as UTF-8 or XLSX',
    );
  } else if (severity !== 'off' && isSameAsRussian(text, russian)) {
    ctx.report('kazakh_same_as_russian', 'warning', location, `the Kazakh ${what} is the same as the Russian one`, text);
  }
  return text;
}

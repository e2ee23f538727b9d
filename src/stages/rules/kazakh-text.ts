/** The check shared by the Kazakh name and description: present (per `validation.kazakh`), not garbled, not the Russian text again. */
import type { Mapping } from '../../mapping/mapping-schema.js';
import { hasLostKazakhLetters, isSameAsRussian } from '../check-kazakh-text.js';
import type { ColumnSlot } from './field-rule.js';
import { rememberLastPair } from './remember-last.js';
import type { RowContext } from './row-context.js';

const CLEAN = 0;
const LOST = 1;
const SAME_AS_RUSSIAN = 2;

/** The text checked (the first copy of a repeat) and what the check found. */
interface KazakhVerdict {
  readonly text: string;
  readonly outcome: number;
}

/**
 * The Kazakh check of one field (the name or the description), made once per file. The SKU rows
 * of a product repeat its texts word for word, and both checks are pure functions of the two
 * texts: the last pair checked is remembered, so a repeat costs one comparison instead of a
 * regular expression and a walk over both texts. The repeat hands back the remembered text itself,
 * so that the product's rows share one string (later comparisons of it are by identity).
 */
export class KazakhTextCheck {
  private readonly judge: (text: string, russian: string) => KazakhVerdict;

  constructor(
    private readonly what: 'name' | 'description',
    private readonly severity: Mapping['validation']['kazakh'],
  ) {
    this.judge = rememberLastPair((text: string, russian: string): KazakhVerdict => ({
      text,
      outcome: hasLostKazakhLetters(text) ? LOST : severity !== 'off' && isSameAsRussian(text, russian) ? SAME_AS_RUSSIAN : CLEAN,
    }));
  }

  /** Checks Kazakh text read from `slot` (`null`: unusable cell, already reported) and returns what goes into the draft. */
  check(ctx: RowContext, slot: ColumnSlot, text: string | null | undefined, russian: string): string {
    if (text === null || text === undefined) return checkAbsentKazakhText(ctx, slot, text, this.what, this.severity);
    const verdict = this.judge(text, russian);
    if (verdict.outcome !== CLEAN) reportKazakhOutcome(ctx, slot, verdict.text, this.what, verdict.outcome);
    return verdict.text;
  }
}

function checkAbsentKazakhText(ctx: RowContext, slot: ColumnSlot, text: null | undefined, what: 'name' | 'description', severity: Mapping['validation']['kazakh']): string {
  if (text === null) return '';
  if (severity === 'off') return '';
  // Without a Kazakh column the gap was reported once at setup; an empty cell is reported here.
  if (slot === undefined || slot === null) {
    if (severity === 'error') ctx.valid = false;
  } else {
    ctx.report('kazakh_text_missing', severity, slot.location, { variant: what });
  }
  return '';
}

function reportKazakhOutcome(ctx: RowContext, slot: ColumnSlot, text: string, what: 'name' | 'description', outcome: number): void {
  const location = slot?.location;
  if (outcome === LOST) {
    ctx.report(
      'kazakh_text_lost',
      'error',
      location,
      { variant: what, hint: 'save_as_utf8' },
      text,
    );
  } else {
    ctx.report('kazakh_same_as_russian', 'warning', location, { variant: what }, text);
  }
}

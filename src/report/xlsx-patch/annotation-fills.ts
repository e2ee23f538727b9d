/** Fill colours (ARGB) used in the annotated workbook; Excel's "bad", "neutral" and "good" styles. */
export const ANNOTATION_FILLS = {
  error: 'FFFFC7CE',
  warning: 'FFFFEB9C',
  ok: 'FFC6EFCE',
  header: 'FFD9D9D9',
} as const;

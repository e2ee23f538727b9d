/** The units a derived column's `unit` step converts between (`derive-schema.ts`), apart from the schema: the step's transform uses them without loading zod (issue 39). */

/** Units a `unit` step converts between, by kind. */
export const UNIT_FACTORS: Readonly<Record<string, { kind: 'volume' | 'mass' | 'length'; factor: number }>> = {
  мл: { kind: 'volume', factor: 1 },
  ml: { kind: 'volume', factor: 1 },
  л: { kind: 'volume', factor: 1000 },
  l: { kind: 'volume', factor: 1000 },
  г: { kind: 'mass', factor: 1 },
  гр: { kind: 'mass', factor: 1 },
  g: { kind: 'mass', factor: 1 },
  кг: { kind: 'mass', factor: 1000 },
  kg: { kind: 'mass', factor: 1000 },
  мг: { kind: 'mass', factor: 0.001 },
  мм: { kind: 'length', factor: 1 },
  mm: { kind: 'length', factor: 1 },
  см: { kind: 'length', factor: 10 },
  cm: { kind: 'length', factor: 10 },
  м: { kind: 'length', factor: 1000 },
  m: { kind: 'length', factor: 1000 },
};

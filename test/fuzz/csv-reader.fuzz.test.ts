/**
 * Bad input for the CSV reader: a corpus of real malformed files and property-based random and
 * mutated inputs. The outcome is always rows (with located issues) or a `SourceReadError` /
 * `LimitError` naming the file; never another exception, never a hang.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LimitError, SourceReadError } from '../../src/core/errors.js';
import { checkReadOutcome, createFuzzDir, readWhole } from './fuzz-kit.js';

const CORPUS = resolve(import.meta.dirname, '../fixtures/malformed-csv');
const HEADER = 'Артикул;Штрихкод;Наименование;Цена';
const VALID = `${HEADER}\nSM-1;4600000000022;Смартфон A1;99 990,00\nSM-2;4600000000039;"Смартфон ""A2""\nпро";89 990,00\nSM-3;4600000000046;Чехол;1 990\n`;

/** Expectations for some corpus files; every other file only has to give a clean outcome. */
const EXPECTED: Record<string, 'rows' | 'error'> = {
  'empty.csv': 'error',
  'only-newlines.csv': 'error',
  'only-whitespace.csv': 'error',
  'unbalanced-quote.csv': 'rows',
  'quote-in-unquoted-field.csv': 'rows',
  'mixed-line-endings.csv': 'rows',
  'cr-only-line-endings.csv': 'rows',
  'nul-bytes.csv': 'rows',
  'truncated-utf8.csv': 'rows',
  'bom-in-the-middle.csv': 'rows',
  'very-long-line.csv': 'rows',
  'thousands-of-columns.csv': 'rows',
  'quoted-newlines.csv': 'rows',
};

let fuzz: Awaited<ReturnType<typeof createFuzzDir>>;
beforeAll(async () => {
  fuzz = await createFuzzDir();
});
afterAll(() => fuzz.cleanup());

describe('the malformed CSV corpus', () => {
  const files = readdirSync(CORPUS).filter((f) => f.endsWith('.csv'));

  it('holds the cases the issue names', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    for (const name of Object.keys(EXPECTED)) expect(files).toContain(name);
  });

  for (const name of files) {
    it(`${name}: rows with located issues, or a clear error naming the file`, async () => {
      const path = join(CORPUS, name);
      const outcome = await readWhole(path);
      expect(checkReadOutcome(outcome, path)).toEqual([]);
      if (EXPECTED[name] !== undefined) expect(outcome.kind).toBe(EXPECTED[name]);
    });
  }

  it('reports the position of bytes that are not valid text', async () => {
    const path = join(CORPUS, 'invalid-utf8-bytes.csv');
    const outcome = await readWhole(path, { encoding: 'utf-8' });
    expect(outcome.kind).toBe('rows');
    const issues = outcome.kind === 'rows' ? outcome.rows.flatMap((r) => r.issues ?? []) : [];
    expect(issues.some((i) => i.row === 2 && /byte|offset/i.test(i.message))).toBe(true);
  });

  it('an unbalanced quote swallows the rest of the file into one cell, and the row is still located', async () => {
    const path = join(CORPUS, 'unbalanced-quote.csv');
    const outcome = await readWhole(path);
    expect(outcome.kind).toBe('rows');
    if (outcome.kind === 'rows') expect(outcome.rows.map((r) => r.row)).toEqual([2, 3]);
  });

  it('a file over maxFileBytes, a cell over maxCellLength and rows over maxRows give clear outcomes', async () => {
    const big = join(CORPUS, 'very-long-line.csv');
    const tooBig = await readWhole(big, { maxFileBytes: 1000 });
    expect(tooBig.kind === 'error' && tooBig.error instanceof LimitError).toBe(true);
    expect(checkReadOutcome(tooBig, big)).toEqual([]);
    const cut = await readWhole(big, { maxCellLength: 100 });
    expect(cut.kind === 'rows' && cut.rows[0]?.cells[2]?.flags).toContain('truncated');
    const rows = await readWhole(join(CORPUS, 'mixed-line-endings.csv'), { maxRows: 1 });
    expect(rows.kind === 'error' && rows.error instanceof LimitError && rows.error.message).toMatch(/more than 1 data rows/);
  });
});

/** Mutations of a valid CSV text. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom('"', '""', ';', '\n', '\r', '\r\n', '\u0000', '\ufeff', '\t', '\u2028', '"\n"', 'Ё') }),
  fc.record({ kind: fc.constant('bytes' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 20 }) }),
);

/** One edit of a file's bytes. */
interface Mutation {
  kind: string;
  at: number;
  text?: string;
  bytes?: Uint8Array;
  length?: number;
}

function applyMutations(text: string, mutations: readonly Mutation[]): Buffer {
  let bytes = Buffer.from(text);
  for (const m of mutations) {
    const at = bytes.length === 0 ? 0 : m.at % (bytes.length + 1);
    if (m.kind === 'truncate') bytes = bytes.subarray(0, at);
    else if (m.kind === 'insert') bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(m.text ?? ''), bytes.subarray(at)]);
    else if (m.kind === 'bytes') bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(m.bytes ?? []), bytes.subarray(at)]);
    else bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + (m.length ?? 1))]);
  }
  return bytes;
}

/** Counts of generated inputs, for docs/reliability.md. */
export const CSV_RUNS = { mutated: 300, random: 150, csvShaped: 150, wide: 10 } as const;

describe('generated CSV inputs', () => {
  it('mutated valid files (truncated, stray quotes, NUL, BOM, random bytes) never crash or hang the reader', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 6 }), async (mutations) => {
        const path = await fuzz.write('mutated.csv', applyMutations(VALID, mutations));
        expect(checkReadOutcome(await readWhole(path), path)).toEqual([]);
      }),
      { numRuns: CSV_RUNS.mutated, interruptAfterTimeLimit: 40_000, seed: 20_251_122 },
    );
  });

  it('random bytes never crash or hang the reader', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), async (bytes) => {
        const path = await fuzz.write('random.csv', bytes);
        expect(checkReadOutcome(await readWhole(path), path)).toEqual([]);
      }),
      { numRuns: CSV_RUNS.random, interruptAfterTimeLimit: 20_000, seed: 7 },
    );
  });

  it('CSV-shaped random text (quotes, delimiters, line breaks, duplicate headers, huge cells) gives rows or a clear error', async () => {
    const cell = fc.oneof(
      { weight: 6, arbitrary: fc.string({ unit: fc.constantFrom('a', 'Ж', 'ә', '1', ' ', '"', ';', ',', '\t', '\n', '\r', '=', '\u0000'), maxLength: 12 }) },
      { weight: 1, arbitrary: fc.integer({ min: 40_000, max: 120_000 }).map((n) => 'x'.repeat(n)) },
    );
    const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 8 }), { minLength: 0, maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(table, fc.constantFrom(';', ',', '\t', '|'), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean(), async (rows, delimiter, eol, quoteAll) => {
        const text = rows.map((r) => r.map((c) => (quoteAll ? `"${c}"` : c)).join(delimiter)).join(eol);
        const path = await fuzz.write('shaped.csv', text);
        const outcome = await readWhole(path, { maxCellLength: 50_000 });
        expect(checkReadOutcome(outcome, path)).toEqual([]);
      }),
      { numRuns: CSV_RUNS.csvShaped, interruptAfterTimeLimit: 30_000, seed: 11 },
    );
  });

  it('thousands of columns and duplicate headers are read', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1_000, max: 6_000 }), fc.boolean(), async (columns, duplicate) => {
        const header = Array.from({ length: columns }, (_, i) => (duplicate && i % 3 === 0 ? 'Цена' : `c${i}`));
        const path = await fuzz.write('wide.csv', `${header.join(';')}\n${header.map((_, i) => i).join(';')}\n`);
        const outcome = await readWhole(path);
        expect(checkReadOutcome(outcome, path)).toEqual([]);
        expect(outcome.kind === 'rows' || outcome.error instanceof SourceReadError).toBe(true);
      }),
      { numRuns: CSV_RUNS.wide, interruptAfterTimeLimit: 20_000, seed: 3 },
    );
  });
});

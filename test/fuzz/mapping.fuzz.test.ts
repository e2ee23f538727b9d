/**
 * Bad input for the mapping loader: random and mutated YAML, deep nesting, alias bombs, custom
 * tags, duplicate keys and arbitrary decoded values. `loadMapping` returns a mapping or throws a
 * `MappingError` whose issues name the file (YAML errors with their line); `parseMapping` never
 * throws. Never another exception, never a hang.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MappingError } from '../../src/core/errors.js';
import { loadMapping } from '../../src/mapping/load-mapping.js';
import { parseMapping } from '../../src/mapping/parse-mapping.js';
import { FIXTURE_MAPPING_YAML } from '../helpers/catalog-fixture.js';
import { checkMappingOutcome, createFuzzDir, withinTime } from './fuzz-kit.js';

/** Counts of generated inputs, for docs/reliability.md. */
export const MAPPING_RUNS = { mutated: 300, random: 200, values: 300 } as const;

let fuzz: Awaited<ReturnType<typeof createFuzzDir>>;
beforeAll(async () => {
  fuzz = await createFuzzDir();
});
afterAll(() => fuzz.cleanup());

async function load(text: string | Uint8Array): Promise<{ path: string; outcome: { ok: true } | { ok: false; error: unknown } }> {
  const path = await fuzz.write('mapping.yaml', text);
  const run = async (): Promise<{ ok: true } | { ok: false; error: unknown }> => {
    try {
      await loadMapping(path, { cwd: fuzz.dir });
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    }
  };
  return { path, outcome: await withinTime(run(), 5_000, `loading ${path}`) };
}

async function expectRefused(text: string, pattern: RegExp): Promise<MappingError> {
  const { path, outcome } = await load(text);
  expect(checkMappingOutcome(outcome, path)).toEqual([]);
  expect(outcome.ok).toBe(false);
  const error = (outcome as { error: MappingError }).error;
  expect(error.issues.map((i) => `${i.code}: ${i.message}`).join('\n')).toMatch(pattern);
  return error;
}

describe('hostile mapping files are refused with a clear error', () => {
  it('the fixture mapping itself loads (the edits below break a file that works)', async () => {
    const { outcome } = await load(FIXTURE_MAPPING_YAML);
    expect(outcome).toEqual({ ok: true });
  });

  it('an alias bomb ("billion laughs") is refused, fast', async () => {
    const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i += 1) bomb.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const started = performance.now();
    await expectRefused(`${FIXTURE_MAPPING_YAML}\n${bomb.join('\n')}\n`, /alias/i);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('custom and language tags are refused, not run or silently turned into strings', async () => {
    await expectRefused(`${FIXTURE_MAPPING_YAML}extra: !!js/function "function () { return process.exit(1) }"\n`, /tag/i);
    await expectRefused(`columns: !include /etc/passwd\n`, /tag/i);
    await expectRefused(`columns:\n  productKey: !env SECRET\n`, /tag/i);
  });

  it('duplicate keys are refused with their line', async () => {
    const error = await expectRefused(`${FIXTURE_MAPPING_YAML}columns: {}\n`, /unique|duplicate/i);
    expect(error.issues[0]?.row).toBeGreaterThan(1);
  });

  it('deep nesting gives a clear error, not a stack overflow', async () => {
    const { path, outcome } = await load(`columns: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`);
    expect(checkMappingOutcome(outcome, path)).toEqual([]);
    const deepMap = await load(`${Array.from({ length: 3_000 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} 1\n`);
    expect(checkMappingOutcome(deepMap.outcome, deepMap.path)).toEqual([]);
  });

  it('a huge mapping file is refused before it is parsed', async () => {
    await expectRefused(`# ${'x'.repeat(1_100_000)}\n${FIXTURE_MAPPING_YAML}`, /limit/i);
  });

  it('several documents, binary bytes and an empty file are refused clearly', async () => {
    await expectRefused(`${FIXTURE_MAPPING_YAML}---\n${FIXTURE_MAPPING_YAML}`, /document/i);
    const binary = await load(new Uint8Array([0, 1, 2, 255, 254, 0x7b, 0x5b]));
    expect(checkMappingOutcome(binary.outcome, binary.path)).toEqual([]);
    const empty = await load('');
    expect(checkMappingOutcome(empty.outcome, empty.path)).toEqual([]);
    expect(empty.outcome.ok).toBe(false);
  });
});

describe('generated mapping inputs', () => {
  it('mutated mapping files load or fail with a MappingError naming the file', async () => {
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('insert' as const),
        at: fc.nat(),
        text: fc.constantFrom(':', '- ', '&x ', '*x', '!!str ', '!tag ', '{', '}', '[', ']', '"', "'", '\t', '\n  ', '%YAML 1.1\n', '---\n', '? ', '<<: *x\n', '#', '\u0000', '|', '>'),
      }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 30 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 5 }), async (edits) => {
        let text = FIXTURE_MAPPING_YAML;
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          if (e.kind === 'truncate') text = text.slice(0, at);
          else if (e.kind === 'insert') text = text.slice(0, at) + e.text + text.slice(at);
          else text = text.slice(0, at) + text.slice(at + e.length);
        }
        const { path, outcome } = await load(text);
        expect(checkMappingOutcome(outcome, path)).toEqual([]);
      }),
      { numRuns: MAPPING_RUNS.mutated, interruptAfterTimeLimit: 30_000, seed: 21 },
    );
  });

  it('random YAML-ish text loads or fails with a MappingError naming the file', async () => {
    const unit = fc.constantFrom('a', 'б', ' ', '\n', ':', '-', '[', ']', '{', '}', '&', '*', '!', '"', "'", '#', '|', '>', '%', '@', '`', '?', ',', '1', '\t');
    await fc.assert(
      fc.asyncProperty(fc.string({ unit, maxLength: 200 }), async (text) => {
        const { path, outcome } = await load(text);
        expect(checkMappingOutcome(outcome, path)).toEqual([]);
      }),
      { numRuns: MAPPING_RUNS.random, interruptAfterTimeLimit: 20_000, seed: 23 },
    );
  });

  it('parseMapping never throws on any decoded value, and every issue has a path', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything({ maxDepth: 6 }), fc.record({ columns: fc.anything({ maxDepth: 4 }), attributes: fc.anything({ maxDepth: 4 }), defaults: fc.anything({ maxDepth: 3 }) })), (value) => {
        const result = parseMapping(value, 'm.yaml');
        if (result.issues !== undefined) {
          expect(result.issues.length).toBeGreaterThan(0);
          for (const issue of result.issues) {
            expect(issue.file).toBe('m.yaml');
            expect(typeof issue.path).toBe('string');
          }
        }
      }),
      { numRuns: MAPPING_RUNS.values, seed: 29 },
    );
  });
});

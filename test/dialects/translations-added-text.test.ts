/**
 * A text added in a language a translation-list service holds empty: that dialect leaves an empty
 * translation out of the list, so the next run must take the missing language as empty and send
 * the file's text, then find nothing to send.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { PipelineEvent } from '../../src/core/events.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { startDialectRig } from './dialect-kit.js';
import { MAPPING, SAMPLE } from './dialect-import-steps.js';

/** A copy of the sample with the Kazakh description blanked on the rows of its first `models` product models. */
async function writeKazakhBlanked(target: string, models: number): Promise<void> {
  const rows = Papa.parse<string[]>((await readFile(SAMPLE, 'utf8')).replace(/^\uFEFF/, ''), { delimiter: ';' }).data;
  const headerAt = rows.findIndex((row) => row.includes('Сипаттамасы'));
  const header = rows[headerAt] ?? [];
  const [model, kaz] = [header.indexOf('Артикул модели'), header.indexOf('Сипаттамасы')];
  const blanked = [...new Set(rows.slice(headerAt + 1).map((row) => row[model] ?? '').filter((key) => key !== ''))].slice(0, models);
  const changed = rows.map((row, i) => (i > headerAt && blanked.includes(row[model] ?? '') ? row.map((cell, c) => (c === kaz ? '' : cell)) : row));
  await writeFile(target, `\uFEFF${Papa.unparse(changed, { delimiter: ';' })}`, 'utf8');
}

/** The plan's counts a run logged. */
const planCounts = (events: readonly PipelineEvent[]) => {
  const logged = events.find((event) => event.type === 'log' && event.text?.key.startsWith('log.plan_summary'));
  return logged?.type === 'log' ? (logged.text?.data as { create: number; update: number; unchanged: number }) : undefined;
};

describe('the translations dialect: a Kazakh description added where the service holds none', () => {
  it('is sent as an update, and the run after finds nothing to update', async () => {
    const rig = await startDialectRig('translations');
    try {
      const blankedFile = join(rig.dir, 'kazakh-blanked.csv');
      await writeKazakhBlanked(blankedFile, 3);
      await runImport({ file: blankedFile, mapping: MAPPING, settings: rig.settings() }, rig.deps());
      const held = rig.sandbox.products('sandbox-seller');
      expect(held.filter((product) => product.description?.kaz === '').length).toBe(3);

      const events: PipelineEvent[] = [];
      await runImport({ file: SAMPLE, mapping: MAPPING, settings: rig.settings() }, rig.deps(events));
      // Before, the left-out Kazakh translation read as "not held": 0 to update, and the description stayed empty.
      expect(planCounts(events)).toMatchObject({ create: 0, update: 3 });
      expect(rig.sandbox.products('sandbox-seller').filter((product) => product.description?.kaz === '')).toEqual([]);

      const again: PipelineEvent[] = [];
      await runImport({ file: SAMPLE, mapping: MAPPING, settings: rig.settings() }, rig.deps(again));
      expect(planCounts(again)).toMatchObject({ create: 0, update: 0 });
    } finally {
      await rig.close();
    }
  });
});

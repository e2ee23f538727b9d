import { afterEach, describe, expect, it } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { join } from 'node:path';
import { buildPhoneRows, createPhoneCatalog, type PhoneRow } from '../helpers/smartphone-catalog.js';

let catalog: Awaited<ReturnType<typeof createPhoneCatalog>> | undefined;
afterEach(async () => {
  await catalog?.remove();
});

/** Runs `validate` on `rows`; returns the summary and the build stage's line (valid products of all). */
async function validateRows(rows: readonly PhoneRow[]) {
  await catalog?.remove();
  catalog = await createPhoneCatalog(rows);
  const events: PipelineEvent[] = [];
  const settings = resolveSettings({ flags: { sandbox: true, stateDir: join(catalog.dir, 'state'), annotatedCopy: 'always' } });
  const result = await runValidate({ file: catalog.file, mapping: catalog.mapping, settings }, createNodeDeps({ cwd: catalog.dir, env: {}, onEvent: (event) => events.push(event) }));
  const build = events.find((event) => event.type === 'stage:end' && event.stage === 'build');
  return { summary: result.summary, build: build?.type === 'stage:end' ? build.detail : undefined };
}

describe('validate, a product whose rows are far apart', () => {
  // 150 products of two rows: a row moved to the end comes back after far more products than the
  // assembler keeps open, so its product is taken back from the dry run spool and reassembled.
  it('is counted and reported once, as when its rows are together', async () => {
    const together = buildPhoneRows(150);
    // SM-0001: its second row has a bad price and holds the product back.
    (together[3] as PhoneRow).price = 'по запросу';
    const apart = [...together];
    const [lateValid] = apart.splice(1, 1);
    const [lateInvalid] = apart.splice(2, 1);
    apart.push(lateValid as PhoneRow, lateInvalid as PhoneRow);

    const near = await validateRows(together);
    const far = await validateRows(apart);
    expect(far.build).toBe('149 of 150 products would be sent in 5 request(s)');
    expect(far.build).toBe(near.build);
    expect(far.summary.counts).toEqual(near.summary.counts);
    expect(far.summary.counts.productsByStatus).toEqual({ valid: 149, invalid: 1 });
    // The held-back row names the late row: the rows of SM-0001 were merged, not kept as two products.
    const heldBack = far.summary.issues.filter((issue) => issue.code === 'product_has_invalid_rows');
    expect(heldBack.map((issue) => [issue.row, issue.productKey, issue.message])).toEqual([[3, 'SM-0001', 'product "SM-0001" is held back: row 301 of it has errors (invalid_price)']]);
  });
});

/** Builders and temp dirs for the state tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { ImportItem } from '../../src/domain/index.js';
import { openStateStore } from '../../src/state/open-state-store.js';
import type { NewRun, StateAccount, StateStore } from '../../src/state/types.js';

/** A temp dir removed when the test finishes. */
export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'catalog-import-state-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A settable clock. */
export function makeClock(startIso = '2026-11-22T15:30:12.000Z'): { now: () => Date; advance: (ms: number) => void } {
  let at = Date.parse(startIso);
  return { now: () => new Date(at), advance: (ms) => (at += ms) };
}

export const SANDBOX: StateAccount = { baseUrl: 'http://127.0.0.1:4010', clientId: 'seller-1' };
export const LIVE: StateAccount = { baseUrl: 'https://seller-api.teez.kz', clientId: 'seller-1' };

/** Opens a store in `dir`, closed when the test finishes. */
export function openTestStore(dir: string, account: StateAccount = SANDBOX, now: () => Date = makeClock().now): StateStore {
  const store = openStateStore({ dir, account, now });
  onTestFinished(() => store.close());
  return store;
}

/** A run description. */
export function makeRun(overrides: Partial<NewRun> = {}): NewRun {
  return {
    command: 'import',
    file: 'catalog.xlsx',
    fileSha256: 'f'.repeat(64),
    mappingFile: 'mapping.yaml',
    mappingSha256: 'm'.repeat(64),
    options: { batchSize: 30 },
    reportDir: 'reports/run',
    ...overrides,
  };
}

/** A small import item. */
export function makeItem(overrides: Partial<ImportItem> = {}): ImportItem {
  return {
    shopId: 7,
    productId: null,
    categoryId: 101,
    brandId: 5,
    isLocalMade: false,
    name: { rus: 'Футболка', kaz: 'Футболка' },
    description: { rus: '<p>Хлопок</p>', kaz: '<p>Мақта</p>' },
    vat: 12,
    attributes: [
      { code: 'material', valueCodes: ['cotton', 'elastane'] },
      { code: 'season', valueCodes: ['summer'] },
    ],
    skus: [
      { skuId: null, attributeValueCodes: ['red', 'size_m'], price: 4990, barcode: '4601234567893', photos: [{ mediaFile: 'a.jpg', order: 1 }] },
      { skuId: null, attributeValueCodes: ['blue', 'size_l'], price: 5290, barcode: '4601234567800', photos: [] },
    ],
    ...overrides,
  };
}
